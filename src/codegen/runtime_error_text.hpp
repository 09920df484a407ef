#pragma once

#include <string>

namespace ujit::codegen {

// "ZeroDivisionError: division by zero": Python's exception class and message for a
// RuntimeError code (codegen/abi.hpp) raised without values; Raised's come from its payload.
std::string runtime_error_text(int code);

}  // namespace ujit::codegen
