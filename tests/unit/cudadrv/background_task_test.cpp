// The CUDA runtime's worker thread (cudadrv/background_task.hpp): tasks run once, in the
// background or by the first caller that needs them, and every waiter sees the result.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

#include "cudadrv/background_task.hpp"

using ujit::cuda::BackgroundTask;

namespace {

// Holds the worker thread in a task until released, so that tasks queued behind it stay queued.
struct BlockedWorker {
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<bool> entered{false};
    std::shared_ptr<BackgroundTask> task = std::make_shared<BackgroundTask>([this] {
        entered = true;
        released.wait();
    });
    BlockedWorker() {
        BackgroundTask::start(task);
        while (!entered) std::this_thread::yield();
    }
    ~BlockedWorker() {
        release.set_value();
        task->wait();
    }
};

}  // namespace

TEST_CASE("a background task runs on the worker thread, once", "[cudadrv][threads][tiered]") {
    std::atomic<int> runs{0};
    std::thread::id ran_on;
    auto held = std::make_shared<int>(1);  // what a module's upgrade captures: its state
    std::weak_ptr<int> watch = held;
    auto task = std::make_shared<BackgroundTask>([&, held] {
        ++runs;
        ran_on = std::this_thread::get_id();
    });
    held.reset();
    long before = ujit::cuda::background_tasks_run();
    BackgroundTask::start(task);
    while (!task->done()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    task->wait();
    task->wait();
    CHECK(runs == 1);
    CHECK(ran_on != std::this_thread::get_id());
    CHECK(watch.expired());  // released when it ran, not with the task
    while (ujit::cuda::background_tasks_run() == before) std::this_thread::yield();
    CHECK(ujit::cuda::background_tasks_run() > before);
}

TEST_CASE("waiting for a task the worker has not reached runs it in the caller", "[cudadrv][threads][tiered]") {
    std::atomic<int> runs{0};
    std::thread::id ran_on;
    auto task = std::make_shared<BackgroundTask>([&] {
        ++runs;
        ran_on = std::this_thread::get_id();
    });
    {
        BlockedWorker blocked;
        BackgroundTask::start(task);  // queued behind the blocked one
        CHECK_FALSE(task->done());
        task->wait();
        CHECK(task->done());
        CHECK(ran_on == std::this_thread::get_id());
    }
    CHECK(runs == 1);  // the worker, reaching it later, does not run it again
}

TEST_CASE("many threads waiting for one task see it run once", "[cudadrv][threads][tiered]") {
    for (int round = 0; round < 20; ++round) {
        std::atomic<int> runs{0}, value{0};
        auto task = std::make_shared<BackgroundTask>([&] {
            ++runs;
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            value = 42;
        });
        if (round % 2) BackgroundTask::start(task);
        std::vector<std::thread> threads;
        std::atomic<int> seen{0};
        for (int t = 0; t < 8; ++t)
            threads.emplace_back([&] {
                task->wait();
                if (value == 42) ++seen;
            });
        for (auto& t : threads) t.join();
        CHECK(runs == 1);
        CHECK(seen == 8);
    }
}

TEST_CASE("what a task throws reaches every waiter", "[cudadrv][threads][tiered]") {
    auto task = std::make_shared<BackgroundTask>([] { throw std::runtime_error("no cubin"); });
    BackgroundTask::start(task);
    CHECK_THROWS_WITH(task->wait(), "no cubin");
    CHECK_THROWS_WITH(task->wait(), "no cubin");
}

TEST_CASE("an abandoned task never runs and releases what it captured", "[cudadrv][threads][tiered]") {
    auto held = std::make_shared<int>(7);
    std::weak_ptr<int> watch = held;
    std::atomic<int> runs{0};
    auto task = std::make_shared<BackgroundTask>([&runs, held] { ++runs; });
    held.reset();
    CHECK_FALSE(watch.expired());
    task->abandon();
    CHECK(watch.expired());
    task->wait();
    CHECK(task->done());
    CHECK(runs == 0);
}
