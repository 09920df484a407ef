#include "cpu/parallel_runtime.hpp"

#include "codegen/abi.hpp"
#include "cpu/helper_errors.hpp"
#include "cpu/raise_carry.hpp"
#include "nrt/nrt.h"
#include "runtime/thread_pool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <stdexcept>

namespace ujit::cpu {

namespace {

using runtime::ThreadPool;

// A raise in a chunk, kept for the launching thread. Plain data: it lives in
// ujit_rt_parallel_for's frame, which the re-raise leaves by longjmp.
struct ChunkError {
    int64_t chunk = -1;  // -1: none
    int code = 0;
    const char* where = nullptr;
    char payload[1024];  // a Raised exception's "CLASS\0MESSAGE\0WHERE", copied
    char detail[512];    // NumPy's message with values, when the raise had one
    bool has_detail = false;
};

// The copy of a carried payload on the thread that re-raises it: the guard reads it there,
// right after the longjmp.
constinit thread_local char t_carried_payload[1024];

// `where` of a Raised exception: three NUL-terminated strings.
size_t payload_size(const char* where) {
    size_t n = 0;
    for (int part = 0; part < 3; ++part) n += std::strlen(where + n) + 1;
    return n;
}

void keep(ChunkError& err, int64_t chunk, const RuntimeErrorInfo& info) {
    err.chunk = chunk;
    err.code = info.code;
    err.where = info.where;
    if (info.code == int(codegen::RuntimeError::Raised) && info.where) {
        size_t n = std::min(payload_size(info.where), sizeof err.payload);
        std::memcpy(err.payload, info.where, n);
        err.payload[sizeof err.payload - 1] = 0;
    }
    const char* detail = raise_detail(info.code);
    err.has_detail = detail != nullptr;
    if (detail) std::snprintf(err.detail, sizeof err.detail, "%s", detail);
}

// Runs every chunk, each under a runtime-error guard of the thread that runs it (the guard
// is per thread: a worker's raise lands in its own frame here, never in the launcher's).
// Returns false with `err` filled when a chunk raised. All C++ objects of the region live
// in this frame, gone before the caller re-raises.
bool run_chunks(ujit_prange_body body, void* ctx, int64_t n, int64_t chunks, ChunkError& err) {
    std::mutex mu;
    std::atomic<int64_t> failed_at{INT64_MAX};
    const int64_t per = n / chunks, extra = n % chunks;
    const int limit = runtime::thread_limit();
    auto run = [&](int64_t c) {
        if (c > failed_at.load(std::memory_order_relaxed)) return;  // a serial loop stops at its raise
        int64_t lo = c * per + std::min(c, extra);
        int64_t hi = lo + per + (c < extra ? 1 : 0);
        // A set_num_threads in the body changes the count for what the chunk launches, not the
        // launcher's own (Numba: its mask is decoupled from the region's threads').
        int own = runtime::set_thread_limit(limit);
        RuntimeErrorInfo info;
        bool ok = guarded_call([&] { body(ctx, c, lo, hi); }, info);
        runtime::set_thread_limit(own);
        if (ok) return;
        std::lock_guard<std::mutex> g(mu);
        if (err.chunk < 0 || c < err.chunk) keep(err, c, info);
        failed_at.store(err.chunk, std::memory_order_relaxed);
    };
    try {
        ThreadPool::global().parallel_for(chunks, run, limit);
    } catch (...) {
        // The pool could not queue the region (out of memory): run it here.
        for (int64_t c = 0; c < chunks; ++c) run(c);
    }
    return err.chunk < 0;
}

}  // namespace

int max_threads() { return ThreadPool::global().size(); }
int num_threads() { return runtime::thread_limit(); }
int thread_id() { return runtime::thread_index(); }

static std::string thread_count_message() {
    return fmt::format("The number of threads must be between 1 and {}", max_threads());
}

void set_num_threads(int n) {
    if (n < 1 || n > max_threads()) throw std::invalid_argument(thread_count_message());
    runtime::set_thread_limit(n);
}

}  // namespace ujit::cpu

extern "C" int64_t ujit_rt_parallel_chunks(int64_t n) {
    if (n <= 0) return 0;
    return std::min<int64_t>(n, ujit::runtime::thread_limit());
}

extern "C" int64_t ujit_rt_parallel_chunks_balanced(int64_t n) {
    if (n <= 0) return 0;
    const int64_t threads = ujit::runtime::thread_limit();
    return std::min<int64_t>(n, threads == 1 ? 1 : threads * ujit::cpu::kChunksPerThread);
}
extern "C" void ujit_rt_parallel_for(ujit_prange_body body, void* ctx, int64_t n, int64_t chunks) {
    if (chunks <= 0) return;
    ujit::cpu::ChunkError err;
    if (ujit::cpu::run_chunks(body, ctx, n, chunks, err)) return;
    const char* where = err.where;
    if (err.code == int(ujit::codegen::RuntimeError::Raised)) {
        std::memcpy(ujit::cpu::t_carried_payload, err.payload, sizeof err.payload);
        where = ujit::cpu::t_carried_payload;
    }
    ujit::cpu::raise_with_detail(err.code, where, err.has_detail ? err.detail : nullptr);
}

extern "C" void* ujit_rt_prange_copies(int64_t nbytes, void** data) {
    ujit_nrt_meminfo* mi = nbytes >= 0 ? ujit_nrt_allocate(static_cast<size_t>(nbytes), 64) : nullptr;
    if (!mi) {
        static constexpr char kPayload[] = "MemoryError\0Allocation failed (probably too large).\0prange";
        ujit::cpu::raise_with_detail(int(ujit::codegen::RuntimeError::Raised), kPayload, nullptr);
    }
    *data = ujit_nrt_data(mi);
    return mi;
}

extern "C" int64_t ujit_rt_get_num_threads(void) { return ujit::cpu::num_threads(); }
extern "C" int64_t ujit_rt_get_thread_id(void) { return ujit::cpu::thread_id(); }

extern "C" void ujit_rt_set_num_threads(int64_t n, const char* where) {
    if (n >= 1 && n <= ujit::cpu::max_threads()) {
        ujit::runtime::set_thread_limit(static_cast<int>(n));
        return;
    }
    // Numba's ValueError, its message naming the pool's size: built in the thread's buffer
    // (no C++ object outlives this frame, which the raise leaves by longjmp).
    char* out = ujit::cpu::t_carried_payload;
    const size_t cap = sizeof ujit::cpu::t_carried_payload;
    int len = std::snprintf(out, cap, "ValueError%cThe number of threads must be between 1 and %d%c%s", 0,
                            ujit::cpu::max_threads(), 0, where ? where : "");
    if (len < 0 || static_cast<size_t>(len) >= cap) out[cap - 1] = 0;
    ujit::cpu::raise_with_detail(int(ujit::codegen::RuntimeError::Raised), out, nullptr);
}
