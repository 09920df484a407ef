// ujit::Error and ujit::version(): the two public entry points that every stage uses.
#include "ujit/ujit.hpp"

#include <llvm/Config/llvm-config.h>

namespace ujit {

Error::Error(Kind kind, std::string rendered, std::string file, int line, int col)
    : std::runtime_error(std::move(rendered)), kind_(kind), file_(std::move(file)), line_(line), col_(col) {}

// The full LLVM version, as the cache key records it (cache/cache_key.cpp).
std::string version() { return std::string(UJIT_VERSION_STRING) + " (LLVM " + LLVM_VERSION_STRING + ")"; }

}  // namespace ujit
