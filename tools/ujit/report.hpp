// How the tool prints failures on stderr.
#pragma once

#include <string>

namespace ujit {
class Error;
}

namespace ujit::cli {

// A ujit::Error: compile errors are already rendered clang style (FILE:LINE:COL: error:
// message, source line, caret); other messages get a "ujit: error: " prefix.
void print_error(const ujit::Error& e);
// "ujit: error: MESSAGE".
void print_message(const std::string& message);

}  // namespace ujit::cli
