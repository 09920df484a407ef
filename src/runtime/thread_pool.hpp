// A fixed pool of worker threads shared by every parallel ufunc call. The calling thread
// works too, so a pool of size N runs N-1 workers; nested and concurrent parallel_for
// calls cannot deadlock because each caller can always finish its own chunks alone.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ujit::runtime {

class ThreadPool {
public:
    // `threads` counts the caller: 1 means everything runs inline.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return static_cast<int>(workers_.size()) + 1; }

    // Runs fn(0) ... fn(n_chunks - 1), spread over the workers and the caller, and
    // returns when all have finished. The first exception thrown by a chunk is rethrown
    // here; chunks not yet started when it happened are skipped. Safe to call from
    // several threads at once and from inside a chunk.
    // `max_threads` (0: all) bounds the threads that take part, the caller included: only
    // workers with thread_index() < max_threads claim chunks (Numba's set_num_threads), and
    // while they run them their thread_limit() is max_threads, as the caller's was.
    void parallel_for(int64_t n_chunks, const std::function<void(int64_t)>& fn, int max_threads = 0);

    // The process-wide pool: default_thread_count() threads; created on first use, joined
    // at exit.
    static ThreadPool& global();

private:
    struct Job;
    void worker_loop(int index);
    std::shared_ptr<Job> claimable_job(int index);

    std::vector<std::thread> workers_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::shared_ptr<Job>> queue_;
    bool stop_ = false;
};

// This thread's index in the pool it works for: 1 .. size()-1 on a worker, 0 on any other
// thread (a parallel_for's caller works as thread 0). Numba's get_thread_id.
int thread_index();

// How many threads the parallel regions this thread launches use (Numba's get_num_threads):
// what set_thread_limit gave on this thread, else, on a worker running a region, the limit
// of that region, else global().size(). set_thread_limit takes 1 .. global().size() (the
// caller checks), or 0 (none set); it returns the value it replaces, for restoring.
int thread_limit();
int set_thread_limit(int n);

// The thread count global() uses: NUMBA_NUM_THREADS, else UJIT_NUM_THREADS, if it is a
// positive integer, else the hardware concurrency (at least 1).
int default_thread_count();

}  // namespace ujit::runtime
