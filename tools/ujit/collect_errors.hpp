// The errors of a whole module, for `ujit check`: load it, then compile every function for
// each of its declared signatures (and any extra ones), on the decorator's target,
// collecting one error per failing signature instead of stopping at the first.
#pragma once

#include "verify.hpp"

#include "ujit/ujit.hpp"

#include <string>
#include <utility>
#include <vector>

namespace ujit::cli {

struct CheckOutcome {
    std::vector<SeenError> errors;  // in the order found, duplicates removed
    int functions = 0;
    int compiled = 0;  // signatures compiled successfully
    std::vector<ujit::Module::HostStatement> host;  // top-level statements left to Python
};

// `extra` holds (function, signature) pairs; an unknown function there is an error too.
CheckOutcome collect_errors(const std::string& path, const std::vector<std::pair<std::string, std::string>>& extra);

}  // namespace ujit::cli
