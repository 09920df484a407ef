/* The array runtime: memory that compiled code owns (Numba's NRT, numba/core/runtime/nrt.c).
 *
 * An owned array's memory is one aligned block: a header (ujit_nrt_meminfo: an atomic
 * reference count, a destructor, the data pointer) followed by the data. Compiled code
 * holds a pointer to the header in the array struct's owner field (null for borrowed
 * arrays such as arguments) and counts references with incref/decref; the last decref
 * runs the destructor and frees the block. Plain C ABI and no LLVM: compiled code calls
 * these functions by name, and the C API, the Python package and tests read the counters.
 *
 * Raising (ujit_rt_raise) leaves compiled frames by longjmp, skipping their decrefs. So
 * that a raise leaks nothing, every allocation made while a runtime-error guard is active
 * on the thread is logged there (an intrusive list, O(1) per allocation and free); a guard
 * records the log's mark when pushed, and a raise releases what was allocated since its
 * guard's mark and is still alive: nothing can escape from a call that raised. When the
 * outermost guard is popped the log is emptied (what is still alive escaped to the host,
 * which releases it). The log's C++ side is nrt/alloc_log.hpp. */
#ifndef UJIT_NRT_H
#define UJIT_NRT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ujit_nrt_meminfo ujit_nrt_meminfo;

/* Called with the data pointer and `info` when the last reference goes. */
typedef void (*ujit_nrt_destructor)(void* data, void* info);

/* A new block of `nbytes` aligned to `align` (a power of two; at least 16 is used), with
 * one reference. NULL when out of memory (or when nbytes is absurd). */
ujit_nrt_meminfo* ujit_nrt_allocate(size_t nbytes, size_t align);

/* A header for memory allocated elsewhere (one reference): `destructor(data, info)` frees
 * it when the last reference goes (NULL: nothing to free). NULL when out of memory. */
ujit_nrt_meminfo* ujit_nrt_adopt(void* data, size_t nbytes, ujit_nrt_destructor destructor, void* info);

/* gen: as ujit_nrt_allocate, and `destructor(data, NULL)` runs before the block is freed (a
 * generator's frame: codegen/lower_generators.cpp). */
ujit_nrt_meminfo* ujit_nrt_allocate_finalized(size_t nbytes, ujit_nrt_destructor destructor);
/* Reference counting; both accept NULL (a borrowed array) and do nothing. */
void ujit_nrt_incref(ujit_nrt_meminfo* mi);
void ujit_nrt_decref(ujit_nrt_meminfo* mi);

/* Compiled code updates the count inline (an atomic on the header's first field, an
 * int64_t; codegen/refcount_pass.cpp) and calls this when its decrement took the count
 * from 1 to 0: runs the destructor and frees the header. */
void ujit_nrt_release_last(ujit_nrt_meminfo* mi);

/* Compiled code: the calling thread's stack of the references (headers, NULL allowed) frames
 * hold across their calls, which it updates inline, and its growth to `need` entries
 * (nrt/unwind_refs.cpp, codegen/lower_unwind.cpp). */
void* ujit_nrt_unwind_refs(void);
void ujit_nrt_unwind_reserve(uint64_t need);

/* A reference stored into a list, dict or jitclass instance (`container`, its header; NULL
 * when unknown), which may outlive a raise: one a compiled `try` catches (a list made before
 * the `try`), or one reaching the host when the container was made before the call (a jitclass
 * instance from Python, a typed List it holds). The block leaves its allocation log then, so
 * that the raise does not free it under the container. A container the call made, or one made
 * for its arguments (ujit_nrt_dies_with_call), goes with the raise: what it holds stays logged.
 * A reference a raise then skips releasing stays counted (a leak rather than a free in use).
 * NULL mi: nothing. */
void ujit_nrt_escape_into(ujit_nrt_meminfo* mi, const ujit_nrt_meminfo* container);
/* Marks a container made for one call's arguments (pipeline/marshal.cpp), which a raise
 * reaching the host discards with what the call stored in it. */
void ujit_nrt_dies_with_call(ujit_nrt_meminfo* container);

void* ujit_nrt_data(const ujit_nrt_meminfo* mi);
size_t ujit_nrt_size(const ujit_nrt_meminfo* mi);
int64_t ujit_nrt_refcount(const ujit_nrt_meminfo* mi);

/* Counters since the process started (Numba's rtsys.get_allocation_stats): data blocks
 * allocated and freed, headers (meminfos) made and released. alloc - free is what is
 * alive now; tests check that it comes back to where it was. */
typedef struct ujit_nrt_stats {
    uint64_t alloc, free, mi_alloc, mi_free;
} ujit_nrt_stats;
ujit_nrt_stats ujit_nrt_get_stats(void);

#ifdef __cplusplus
}
#endif

#endif /* UJIT_NRT_H */
