// What a parallel=True function calls at run time (Numba's parfors runtime): a prange
// loop's outlined body is run in chunks on the thread pool, and the thread functions
// (numba.get_num_threads, set_num_threads, get_thread_id) read and set this thread's count.
#pragma once

#include <cstdint>

extern "C" {
// A prange body outlined by codegen/lower_prange.cpp: runs iterations [lo, hi) of the loop
// (counted from 0) as chunk `chunk`, reading the loop's captured values from `ctx` and
// writing its reduction partials into the chunk's slot there.
typedef void (*ujit_prange_body)(void* ctx, int64_t chunk, int64_t lo, int64_t hi);

// How many chunks a loop of `n` iterations is split into: one per thread of the calling
// thread's count (get_num_threads), no more than n; 0 when n <= 0. For loops whose array
// reductions keep a copy of the array per chunk.
int64_t ujit_rt_parallel_chunks(int64_t n);
// The same with kChunksPerThread chunks per thread (one when the count is 1): the pool's
// threads claim chunks as they finish, so a thread that started late or runs on a busier
// core takes fewer. On the lent 16-core Xeon, a prange fill of sin(i)**2 over 10M went from
// 10.6-11.6 ms with one chunk per thread to 9.2-9.7 ms with eight; a 100M sum from 17-18 ms
// to 12-13 ms.
int64_t ujit_rt_parallel_chunks_balanced(int64_t n);
// Runs the chunks of `n` iterations on the pool and returns when all are done. A chunk that
// raises raises here, on the calling thread, with the same class and message (the lowest
// chunk's when several do); chunks after it that had not started are skipped.
void ujit_rt_parallel_for(ujit_prange_body body, void* ctx, int64_t n, int64_t chunks);

// The block of the chunks' copies of a prange array reduction (`nbytes`, aligned): its owner
// (an owned allocation, so that a raise frees it; the loop's decref frees it after use), and
// its data in *data. Out of memory: Numba's MemoryError.
void* ujit_rt_prange_copies(int64_t nbytes, void** data);

int64_t ujit_rt_get_num_threads(void);
// n outside 1 .. the pool's size raises Numba's ValueError; `where` names the call.
void ujit_rt_set_num_threads(int64_t n, const char* where);
int64_t ujit_rt_get_thread_id(void);
}

namespace ujit::cpu {

// Chunks per thread of ujit_rt_parallel_chunks_balanced (4, 8 and 16 measured alike).
constexpr int64_t kChunksPerThread = 8;

// The same for C++ callers (ujit::set_num_threads): throws std::invalid_argument with
// Numba's message when n is out of range.
int num_threads();
void set_num_threads(int n);
int thread_id();
int max_threads();  // the pool's size: NUMBA_NUM_THREADS / UJIT_NUM_THREADS or the cores

}  // namespace ujit::cpu
