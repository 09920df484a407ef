// The references compiled frames hold across their calls, for a raise that jumps over them
// (nrt.h, "Raising"). A compiled function that holds counted references and calls another
// compiled function records them here before the call and forgets them after it
// (codegen/lower_unwind.cpp); a guard's landing releases what was recorded after its push:
// the references of the frames the longjmp skipped, which never ran their decrefs. Without
// this a function between the raising one and the catching `try` kept alive whatever it
// held (an array made before the `try`, a list it loaded an array from).
#include "nrt/alloc_log.hpp"

#include <cstddef>
#include <cstdlib>

namespace ujit::nrt {

constinit thread_local UnwindRefs t_unwind_refs;

void release_unwind_since(uint64_t mark) {
    UnwindRefs& u = t_unwind_refs;
    while (u.size > mark) ujit_nrt_decref(static_cast<ujit_nrt_meminfo*>(u.data[--u.size]));
}

}  // namespace ujit::nrt

static_assert(offsetof(ujit::nrt::UnwindRefs, data) == 0 && offsetof(ujit::nrt::UnwindRefs, size) == 8 &&
                  offsetof(ujit::nrt::UnwindRefs, capacity) == 16 && offsetof(ujit::nrt::UnwindRefs, try_depth) == 24,
              "codegen/lower_unwind.cpp updates the stack at these offsets");

extern "C" void* ujit_nrt_unwind_refs(void) { return &ujit::nrt::t_unwind_refs; }

extern "C" void ujit_nrt_unwind_reserve(uint64_t need) {
    ujit::nrt::UnwindRefs& u = ujit::nrt::t_unwind_refs;
    uint64_t cap = u.capacity ? u.capacity * 2 : 64;
    while (cap < need) cap *= 2;
    void** grown = static_cast<void**>(std::realloc(u.data, cap * sizeof(void*)));
    if (!grown) std::abort();  // a few pointers per frame: out of memory here is fatal
    u.data = grown;
    u.capacity = cap;
}
