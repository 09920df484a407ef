// Blocks and headers the runtime holds now, relative to when the Live was made: a test's
// leak oracle for memory compiled code owns (ujit::allocation_stats).
#pragma once

#include "ujit/ujit.hpp"

#include <cstdint>

namespace ujit::test {

struct Live {
    AllocationStats at = allocation_stats();
    int64_t blocks() const {
        auto s = allocation_stats();
        return int64_t(s.alloc - at.alloc) - int64_t(s.free - at.free);
    }
    int64_t headers() const {
        auto s = allocation_stats();
        return int64_t(s.mi_alloc - at.mi_alloc) - int64_t(s.mi_free - at.mi_free);
    }
};

}  // namespace ujit::test
