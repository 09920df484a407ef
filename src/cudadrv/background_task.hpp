// Work the CUDA runtime does off the caller's thread: the full-level compile of a module whose
// first launch ran quickly compiled code (module_loader.cpp). One worker thread runs the
// tasks in order; a caller that needs a task's result before the worker reaches it runs the
// task itself (wait), so queued work never makes anyone wait longer than doing it in place
// would. The worker is joined at exit: a task that is running finishes (its cubin reaches the
// disk cache), queued ones are dropped.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>

namespace ujit::cuda {

// Always held by shared_ptr: whoever runs or waits for a task holds a reference meanwhile.
class BackgroundTask {
public:
    explicit BackgroundTask(std::function<void()> work) : work_(std::move(work)) {}
    BackgroundTask(const BackgroundTask&) = delete;
    BackgroundTask& operator=(const BackgroundTask&) = delete;

    // Queues the task on the worker thread.
    static void start(const std::shared_ptr<BackgroundTask>& task);
    // Returns once the task has run: runs it on this thread if nobody has started it, else
    // waits for the thread that did. Rethrows what the work threw (to every waiter).
    void wait();
    bool done() const;
    // Runs the task unless another thread already started it (what the worker does).
    void run_if_unclaimed();
    // Marks a task nobody started as done without running it (the worker's queue at exit).
    void abandon();

private:
    enum class State { Queued, Running, Done };
    std::function<void()> work_;
    mutable std::mutex mutex_;
    std::condition_variable finished_;
    State state_ = State::Queued;
    std::exception_ptr error_;
};

// How many tasks the worker thread has run so far (tests: whether work ran in the background).
long background_tasks_run();

}  // namespace ujit::cuda
