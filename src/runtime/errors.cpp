// ujit::Error, ujit::version() and ujit::allocation_stats(): the public entry points that
// belong to no one stage.
#include "ujit/ujit.hpp"

#include "nrt/nrt.h"

#include <llvm/Config/llvm-config.h>

namespace ujit {

Error::Error(Kind kind, std::string rendered, std::string file, int line, int col)
    : std::runtime_error(std::move(rendered)), kind_(kind), file_(std::move(file)), line_(line), col_(col) {}

// The full LLVM version, as the cache key records it (cache/cache_key.cpp).
std::string version() { return std::string(UJIT_VERSION_STRING) + " (LLVM " + LLVM_VERSION_STRING + ")"; }

AllocationStats allocation_stats() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return {s.alloc, s.free, s.mi_alloc, s.mi_free};
}

}  // namespace ujit
