#include "runtime/thread_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <string>

namespace ujit::runtime {

// One parallel_for call. Workers hold it by shared_ptr, so it outlives the caller's
// return for as long as a worker still touches its counters.
struct ThreadPool::Job {
    const std::function<void(int64_t)>* fn;
    int64_t n;
    std::atomic<int64_t> next{0};
    std::atomic<int64_t> done{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex mu;
    std::condition_variable finished;

    Job(const std::function<void(int64_t)>* f, int64_t count) : fn(f), n(count) {}

    // Claims and runs chunks until none are left.
    void work() {
        for (int64_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
            if (!failed.load(std::memory_order_relaxed)) {
                try {
                    (*fn)(i);
                } catch (...) {
                    std::lock_guard<std::mutex> g(mu);
                    if (!error) error = std::current_exception();
                    failed = true;
                }
            }
            if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == n) {
                {
                    std::lock_guard<std::mutex> g(mu);
                }  // the waiter is either asleep or not yet checking
                finished.notify_all();
            }
        }
    }
};

ThreadPool::ThreadPool(int threads) {
    for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> g(mu_);
        stop_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void ThreadPool::worker_loop() {
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock<std::mutex> l(mu_);
            cv_.wait(l, [&] { return stop_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping
            job = queue_.front();
        }
        job->work();
        // The job has no chunks left to claim: take it off the queue (once).
        std::lock_guard<std::mutex> g(mu_);
        auto it = std::find(queue_.begin(), queue_.end(), job);
        if (it != queue_.end()) queue_.erase(it);
    }
}

void ThreadPool::parallel_for(int64_t n_chunks, const std::function<void(int64_t)>& fn) {
    if (n_chunks <= 0) return;
    if (workers_.empty() || n_chunks == 1) {
        for (int64_t i = 0; i < n_chunks; ++i) fn(i);
        return;
    }
    auto job = std::make_shared<Job>(&fn, n_chunks);
    {
        std::lock_guard<std::mutex> g(mu_);
        queue_.push_back(job);
    }
    if (n_chunks - 1 >= static_cast<int64_t>(workers_.size()))
        cv_.notify_all();
    else
        for (int64_t i = 1; i < n_chunks; ++i) cv_.notify_one();
    job->work();
    {
        std::unique_lock<std::mutex> l(job->mu);
        job->finished.wait(l, [&] { return job->done.load(std::memory_order_acquire) == job->n; });
    }
    {
        std::lock_guard<std::mutex> g(mu_);
        auto it = std::find(queue_.begin(), queue_.end(), job);
        if (it != queue_.end()) queue_.erase(it);
    }
    if (job->error) std::rethrow_exception(job->error);
}

int default_thread_count() {
    if (const char* env = std::getenv("UJIT_NUM_THREADS")) {
        char* end = nullptr;
        long v = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && v >= 1) return static_cast<int>(std::min(v, 1024L));
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

ThreadPool& ThreadPool::global() {
    static ThreadPool pool(default_thread_count());
    return pool;
}

}  // namespace ujit::runtime
