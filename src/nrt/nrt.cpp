// The array runtime (nrt.h): headers, reference counts, the allocation counters and the
// error model's allocation log.
#include "nrt/nrt.h"

#include "nrt/alloc_log.hpp"
#include "nrt/blocks.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

struct ujit_nrt_meminfo {
    std::atomic<int64_t> refcount;  // first: compiled code updates it inline (ujit_nrt_release_last)
    ujit_nrt_destructor destructor;
    void* info;
    void* data;
    size_t size;
    bool owns_block;  // data lives in this header's block (ujit_nrt_allocate)
    ujit::nrt::BlockKind block_kind;  // where that block came from (blocks.hpp)
    bool dies_with_call;              // a container of one call's arguments (ujit_nrt_dies_with_call)
    // The allocation log (alloc_log.hpp): linked while logged, `log` is the owning thread's.
    ujit::nrt::AllocLog* log;
    ujit_nrt_meminfo* log_prev;
    ujit_nrt_meminfo* log_next;
    uint64_t log_seq;
};

static_assert(offsetof(ujit_nrt_meminfo, refcount) == 0, "compiled code counts at offset 0");
static_assert(offsetof(ujit_nrt_meminfo, data) == 24,
              "compiled code reads the data pointer at 24 (nplib/allocate.cpp)");

namespace ujit::nrt {

constinit thread_local AllocLog t_alloc_log;

namespace {

void log_insert(ujit_nrt_meminfo* mi) {
    AllocLog& log = t_alloc_log;
    mi->log = nullptr;
    mi->log_prev = mi->log_next = nullptr;
    if (log.depth == 0) return;  // not under a guard: nothing raises past it
    mi->log = &log;
    mi->log_seq = ++log.seq;
    mi->log_prev = log.tail;
    if (log.tail) log.tail->log_next = mi;
    log.tail = mi;
}

void log_unlink(ujit_nrt_meminfo* mi) {
    AllocLog* log = mi->log;
    if (!log) return;
    if (mi->log_prev) mi->log_prev->log_next = mi->log_next;
    if (mi->log_next)
        mi->log_next->log_prev = mi->log_prev;
    else
        log->tail = mi->log_prev;
    mi->log = nullptr;
    mi->log_prev = mi->log_next = nullptr;
}

// Blocks (ujit_nrt_allocate, header and data together) and adopted headers are counted
// apart (blocks.hpp), and get_stats derives the header counts from both.
void free_header(ujit_nrt_meminfo* mi) {
    const bool owns = mi->owns_block;
    const ujit::nrt::BlockKind kind = mi->block_kind;
    const size_t size = mi->size;
    mi->~ujit_nrt_meminfo();
    if (owns) {
        ujit::nrt::put_block(mi, kind, size);
    } else {
        ujit::nrt::count_adopted(false);
        std::free(mi);
    }
}

void destroy(ujit_nrt_meminfo* mi) {
    log_unlink(mi);
    if (mi->destructor) mi->destructor(mi->data, mi->info);
    free_header(mi);
}

ujit_nrt_meminfo* make_header(void* block) {
    auto* mi = new (block) ujit_nrt_meminfo{};
    mi->refcount.store(1, std::memory_order_relaxed);
    log_insert(mi);
    return mi;
}

}  // namespace

void detach_all() {
    AllocLog& log = t_alloc_log;
    for (ujit_nrt_meminfo* mi = log.tail; mi;) {
        ujit_nrt_meminfo* prev = mi->log_prev;
        mi->log = nullptr;
        mi->log_prev = mi->log_next = nullptr;
        mi = prev;
    }
    log.tail = nullptr;
}

// What a raise frees may hold references to each other (a list holding an array made in
// the same call): every doomed header is first detached and given a count no release can
// bring to zero, then every destructor runs (their releases of doomed headers do nothing),
// then the headers are freed.
void release_since(uint64_t mark) {
    AllocLog& log = t_alloc_log;
    ujit_nrt_meminfo* doomed = nullptr;  // chained through log_next, newest first
    while (log.tail && log.tail->log_seq > mark) {
        ujit_nrt_meminfo* mi = log.tail;
        log_unlink(mi);
        mi->refcount.store(INT64_MAX / 2, std::memory_order_relaxed);
        mi->log_next = doomed;
        doomed = mi;
    }
    for (ujit_nrt_meminfo* mi = doomed; mi; mi = mi->log_next)
        if (mi->destructor) mi->destructor(mi->data, mi->info);
    while (doomed) {
        ujit_nrt_meminfo* next = doomed->log_next;
        free_header(doomed);
        doomed = next;
    }
}

}  // namespace ujit::nrt

extern "C" {

ujit_nrt_meminfo* ujit_nrt_allocate(size_t nbytes, size_t align) {
    if (align < 16) align = 16;
    if (align & (align - 1)) return nullptr;
    // The header, then the data at the next multiple of `align`: one block (blocks.hpp), one
    // release. Not aligned_alloc: glibc's memalign costs five times a malloc for the small
    // arrays compiled code makes in loops (Numba over-allocates the same way).
    size_t header = sizeof(ujit_nrt_meminfo);
    if (nbytes > SIZE_MAX / 2 - header - align) return nullptr;
    void* data = nullptr;
    ujit::nrt::BlockKind kind;
    void* block = ujit::nrt::get_block(header, nbytes, align, &data, &kind);
    if (!block) return nullptr;
    ujit_nrt_meminfo* mi = ujit::nrt::make_header(block);
    mi->data = data;
    mi->size = nbytes;
    mi->owns_block = true;
    mi->block_kind = kind;
    return mi;
}

ujit_nrt_meminfo* ujit_nrt_allocate_finalized(size_t nbytes, ujit_nrt_destructor destructor) {
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(nbytes, 16);
    if (mi) mi->destructor = destructor;
    return mi;
}

ujit_nrt_meminfo* ujit_nrt_adopt(void* data, size_t nbytes, ujit_nrt_destructor destructor, void* info) {
    void* block = std::malloc(sizeof(ujit_nrt_meminfo));
    if (!block) return nullptr;
    ujit_nrt_meminfo* mi = ujit::nrt::make_header(block);
    mi->data = data;
    mi->size = nbytes;
    mi->destructor = destructor;
    mi->info = info;
    ujit::nrt::count_adopted(true);
    return mi;
}

void ujit_nrt_incref(ujit_nrt_meminfo* mi) {
    if (mi) mi->refcount.fetch_add(1, std::memory_order_relaxed);
}

void ujit_nrt_decref(ujit_nrt_meminfo* mi) {
    // acq_rel: the thread that frees sees every write made through the other references.
    if (mi && mi->refcount.fetch_sub(1, std::memory_order_acq_rel) == 1) ujit::nrt::destroy(mi);
}

void ujit_nrt_release_last(ujit_nrt_meminfo* mi) { ujit::nrt::destroy(mi); }

// A raise a compiled `try` catches goes on with every container alive; one reaching the host
// frees the call's allocations and the containers it made for arguments (pipeline/marshal.cpp)
// with the log, which must then still hold what they store, but not a container made before
// the call (not in this thread's log, nor one of those).
void ujit_nrt_escape_into(ujit_nrt_meminfo* mi, const ujit_nrt_meminfo* container) {
    if (!mi || mi->log != &ujit::nrt::t_alloc_log) return;  // (another thread's log is its own)
    const bool outlives_call = container && container->log != &ujit::nrt::t_alloc_log && !container->dies_with_call;
    if (ujit::nrt::t_unwind_refs.try_depth > 0 || outlives_call) ujit::nrt::log_unlink(mi);
}

void ujit_nrt_dies_with_call(ujit_nrt_meminfo* container) {
    if (container) container->dies_with_call = true;
}

void* ujit_nrt_data(const ujit_nrt_meminfo* mi) { return mi ? mi->data : nullptr; }
size_t ujit_nrt_size(const ujit_nrt_meminfo* mi) { return mi ? mi->size : 0; }
int64_t ujit_nrt_refcount(const ujit_nrt_meminfo* mi) { return mi ? mi->refcount.load(std::memory_order_relaxed) : 0; }

ujit_nrt_stats ujit_nrt_get_stats(void) {
    ujit::nrt::BlockTotals n = ujit::nrt::block_totals();
    return {n.alloc, n.free, n.alloc + n.adopt, n.free + n.adopt_free};
}

}  // extern "C"
