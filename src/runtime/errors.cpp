// ujit::Error and ujit::version(): the two public entry points that every stage uses.
#include "ujit/ujit.hpp"

namespace ujit {

Error::Error(Kind kind, std::string rendered, std::string file, int line, int col)
    : std::runtime_error(std::move(rendered)), kind_(kind), file_(std::move(file)), line_(line), col_(col) {}

std::string version() { return std::string(UJIT_VERSION_STRING) + " (LLVM 19)"; }

}  // namespace ujit
