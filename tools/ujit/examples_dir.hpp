// Where `ujit demo` finds lang/examples: --examples DIR, then share/ujit/examples next to
// the installed binary (bin/../share/ujit/examples), then the source tree this binary was
// built from, then the configured install prefix.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ujit::cli {

// The candidates in the order they are tried.
std::vector<std::string> examples_dir_candidates(const std::optional<std::string>& option);
// The first candidate holding the examples; ujit::Error(Argument) listing them if none does.
std::string find_examples_dir(const std::optional<std::string>& option);

}  // namespace ujit::cli
