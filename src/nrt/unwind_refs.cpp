// The references compiled frames hold across their calls, for a raise that jumps over them
// (nrt.h, "Raising"). A compiled function that holds counted references and calls another
// compiled function records them here before the call and forgets them after it
// (codegen/lower_unwind.cpp); a guard's landing releases what was recorded after its push:
// the references of the frames the longjmp skipped, which never ran their decrefs. Without
// this a function between the raising one and the catching `try` kept alive whatever it
// held (an array made before the `try`, a list it loaded an array from).
#include "nrt/alloc_log.hpp"

#include <cstdlib>
#include <cstring>

namespace ujit::nrt {

constinit thread_local UnwindRefs t_unwind_refs;

void release_unwind_since(uint64_t mark) {
    UnwindRefs& u = t_unwind_refs;
    while (u.size > mark) ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(u.data[--u.size]));
}

}  // namespace ujit::nrt

extern "C" uint64_t ujit_nrt_unwind_push(void* const* owners, uint64_t n) {
    ujit::nrt::UnwindRefs& u = ujit::nrt::t_unwind_refs;
    const uint64_t mark = u.size;
    if (u.size + n > u.capacity) {
        uint64_t cap = u.capacity ? u.capacity * 2 : 64;
        while (cap < u.size + n) cap *= 2;
        void** grown = static_cast<void**>(std::realloc(u.data, cap * sizeof(void*)));
        if (!grown) std::abort();  // a few pointers per frame: out of memory here is fatal
        u.data = grown;
        u.capacity = cap;
    }
    std::memcpy(u.data + u.size, owners, n * sizeof(void*));
    u.size += n;
    return mark;
}

extern "C" void ujit_nrt_unwind_pop(uint64_t mark) { ujit::nrt::t_unwind_refs.size = mark; }
