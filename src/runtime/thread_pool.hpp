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
    void parallel_for(int64_t n_chunks, const std::function<void(int64_t)>& fn);

    // The process-wide pool: std::thread::hardware_concurrency() threads, or
    // UJIT_NUM_THREADS when set; created on first use, joined at exit.
    static ThreadPool& global();

private:
    struct Job;
    void worker_loop();

    std::vector<std::thread> workers_;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::shared_ptr<Job>> queue_;
    bool stop_ = false;
};

// The thread count global() uses: UJIT_NUM_THREADS if it is a positive integer, else the
// hardware concurrency (at least 1).
int default_thread_count();

}  // namespace ujit::runtime
