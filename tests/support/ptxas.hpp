// Runs the CUDA toolkit's ptxas on PTX text (no GPU needed): "" when it assembles, else
// ptxas's messages. Returns "" with a Catch2 WARN when ptxas is not installed.
#pragma once

#include <string>

namespace ujit::test {
bool ptxas_available();
std::string ptxas_check(const std::string& ptx, const std::string& arch);
}  // namespace ujit::test
