// The error model's allocation log (nrt.h explains why): the runtime-error guard
// (cpu/helper_errors.hpp) enters it when pushed and leaves it when popped, inline, so that
// a dynamic call that allocates nothing pays two thread-local increments and a compare.
#pragma once

#include "nrt/nrt.h"

#include <cstdint>

namespace ujit::nrt {

// One per thread: the live allocations made under a guard, newest last, numbered.
struct AllocLog {
    ujit_nrt_meminfo* tail = nullptr;
    uint64_t seq = 0;  // the number of the newest logged allocation (ever increasing)
    int depth = 0;     // guards active on this thread
};
extern constinit thread_local AllocLog t_alloc_log;

// Forgets every logged allocation (they escaped to the host) / frees those numbered after
// `mark` (a raise: they cannot have escaped the call that raised).
void detach_all();
void release_since(uint64_t mark);

// ---- lang4: references compiled frames hold across a call (unwind_refs.cpp): recorded
// before the call, forgotten after it; a raise releases those recorded since its guard's
// push (the frames it jumped over). The array grows and is never freed (one per thread).
struct UnwindRefs {
    void** data = nullptr;
    uint64_t size = 0;
    uint64_t capacity = 0;
    // The compiled `try` blocks active on the thread. Only a raise one of them catches goes on
    // in compiled code: one reaching the host frees with the allocation log what the call made,
    // so records are kept only while this is not zero.
    uint64_t try_depth = 0;
};
extern constinit thread_local UnwindRefs t_unwind_refs;
void release_unwind_since(uint64_t mark);
// ---- end lang4

// A guard is pushed: its mark. / It is popped: the outermost guard empties the log.
inline uint64_t log_enter() {
    ++t_alloc_log.depth;
    return t_alloc_log.seq;
}
inline void log_leave() {
    if (--t_alloc_log.depth == 0 && t_alloc_log.tail) detach_all();
}

}  // namespace ujit::nrt
