#include "cudadrv/background_task.hpp"

#include <atomic>
#include <deque>
#include <system_error>
#include <thread>

#include <unistd.h>

namespace ujit::cuda {
namespace {

std::atomic<long> g_worker_runs{0};

// The one worker thread, started with the first task. A function-local static: its
// destructor (at exit) lets the running task finish and joins; tasks still queued are
// dropped, which only costs their waiters the work (they run it themselves).
class Worker {
public:
    void push(std::shared_ptr<BackgroundTask> task) {
        std::lock_guard lock(mutex_);
        if (stopping_) {
            task->abandon();  // at exit: never run, what it holds released now
            return;
        }
        if (owner_ != getpid()) {  // a forked child: the thread stayed with the parent
            (void)thread_.release();
            owner_ = getpid();
            for (auto& queued : queue_) queued->abandon();
            queue_.clear();
        }
        queue_.push_back(std::move(task));
        if (!thread_) {
            try {
                thread_ = std::make_unique<std::thread>([this] { loop(); });
            } catch (const std::system_error&) {
                return;  // no thread to be had: the task's waiter claims it and runs it itself
            }
        }
        ready_.notify_one();
    }
    ~Worker() {
        std::deque<std::shared_ptr<BackgroundTask>> dropped;
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
            dropped.swap(queue_);
        }
        ready_.notify_one();
        for (auto& task : dropped) task->abandon();  // releases what it holds (a module's state)
        if (thread_ && owner_ == getpid()) thread_->join();
        if (owner_ != getpid()) (void)thread_.release();  // not ours to join (nor to destroy)
    }

private:
    void loop() {
        for (;;) {
            std::shared_ptr<BackgroundTask> task;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
                if (stopping_) return;
                task = std::move(queue_.front());
                queue_.pop_front();
            }
            task->run_if_unclaimed();
            g_worker_runs.fetch_add(1, std::memory_order_relaxed);
        }
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::shared_ptr<BackgroundTask>> queue_;
    bool stopping_ = false;
    pid_t owner_ = getpid();
    std::unique_ptr<std::thread> thread_;
};

Worker& worker() {
    static Worker w;
    return w;
}

}  // namespace

void BackgroundTask::start(const std::shared_ptr<BackgroundTask>& task) { worker().push(task); }

void BackgroundTask::run_if_unclaimed() {
    {
        std::lock_guard lock(mutex_);
        if (state_ != State::Queued) return;
        state_ = State::Running;
    }
    std::exception_ptr error;
    try {
        work_();
    } catch (...) {
        error = std::current_exception();
    }
    std::function<void()> spent;  // what the work captured goes now, not with the last reference
    {
        std::lock_guard lock(mutex_);
        state_ = State::Done;
        error_ = error;
        spent = std::move(work_);
    }
    finished_.notify_all();
}

void BackgroundTask::abandon() {
    std::function<void()> spent;
    {
        std::lock_guard lock(mutex_);
        if (state_ != State::Queued) return;
        state_ = State::Done;
        spent = std::move(work_);
    }
    finished_.notify_all();
}

void BackgroundTask::wait() {
    run_if_unclaimed();
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return state_ == State::Done; });
    if (error_) std::rethrow_exception(error_);
}

bool BackgroundTask::done() const {
    std::lock_guard lock(mutex_);
    return state_ == State::Done;
}

long background_tasks_run() { return g_worker_runs.load(std::memory_order_relaxed); }

}  // namespace ujit::cuda
