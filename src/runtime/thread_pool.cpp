#include "runtime/thread_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <string>
#include <system_error>

namespace ujit::runtime {

namespace {
constinit thread_local int t_index = 0;  // thread_index()
constinit thread_local int t_limit = 0;  // set_thread_limit's value (0: none)
}  // namespace

int thread_index() { return t_index; }
int thread_limit() { return t_limit > 0 ? t_limit : ThreadPool::global().size(); }
int set_thread_limit(int n) {
    int old = t_limit;
    t_limit = n;
    return old;
}

// One parallel_for call. Workers hold it by shared_ptr, so it outlives the caller's
// return for as long as a worker still touches its counters.
struct ThreadPool::Job {
    const std::function<void(int64_t)>* fn;
    int64_t n;
    int limit;  // parallel_for's max_threads (0: all)
    std::atomic<int64_t> next{0};
    std::atomic<int64_t> done{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex mu;
    std::condition_variable finished;

    Job(const std::function<void(int64_t)>* f, int64_t count, int max_threads) : fn(f), n(count), limit(max_threads) {}

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
    // A process may not get every thread it asks for (a container's pids limit, ulimit -u):
    // the pool then runs with the workers it got, as parallel_for runs with none.
    for (int i = 1; i < threads; ++i) {
        try {
            workers_.emplace_back([this, i] { worker_loop(i); });
        } catch (const std::system_error&) {
            break;
        }
    }
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> g(mu_);
        stop_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : workers_) t.join();
}

// The oldest queued job that worker `index` may take part in (under mu_).
std::shared_ptr<ThreadPool::Job> ThreadPool::claimable_job(int index) {
    for (const std::shared_ptr<Job>& job : queue_)
        if (job->limit == 0 || index < job->limit) return job;
    return nullptr;
}

void ThreadPool::worker_loop(int index) {
    t_index = index;
    for (;;) {
        std::shared_ptr<Job> job;
        {
            std::unique_lock<std::mutex> l(mu_);
            cv_.wait(l, [&] { return stop_ || (job = claimable_job(index)); });
            if (!job) return;  // stopping
        }
        // The region runs with its launcher's thread count (Numba's workers inherit it), also
        // for the regions its chunks launch in turn.
        int own_limit = t_limit;
        if (job->limit > 0) t_limit = job->limit;
        job->work();
        t_limit = own_limit;
        // The job has no chunks left to claim: take it off the queue (once).
        std::lock_guard<std::mutex> g(mu_);
        auto it = std::find(queue_.begin(), queue_.end(), job);
        if (it != queue_.end()) queue_.erase(it);
    }
}

void ThreadPool::parallel_for(int64_t n_chunks, const std::function<void(int64_t)>& fn, int max_threads) {
    if (n_chunks <= 0) return;
    if (workers_.empty() || n_chunks == 1 || max_threads == 1) {
        for (int64_t i = 0; i < n_chunks; ++i) fn(i);
        return;
    }
    if (max_threads >= size()) max_threads = 0;
    auto job = std::make_shared<Job>(&fn, n_chunks, max_threads);
    {
        std::lock_guard<std::mutex> g(mu_);
        queue_.push_back(job);
    }
    // A limited job may only be taken by some workers: wake them all, the others sleep again.
    if (max_threads > 0 || n_chunks - 1 >= static_cast<int64_t>(workers_.size()))
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
    for (const char* name : {"NUMBA_NUM_THREADS", "UJIT_NUM_THREADS"})
        if (const char* env = std::getenv(name)) {
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
