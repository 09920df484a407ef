// The host device must not be worse than the GPU it stands in for (issue 24): a kernel's
// fault is the launch's error and the process lives on; local arrays the GPU refuses are
// refused at compile time on both; Ctrl-C stops a launch; freed memory leaves the process.
//
// Tagged [host-device][.] like host_device_test.cpp: run by ctest with UJIT_DISABLE_CUDA=1.
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <thread>

#include "gpu_check.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;
using Catch::Matchers::Contains;

namespace {

const char* kSource = R"PY(
import numba
from numba import cuda


@cuda.jit
def store_far(out):
    i = cuda.grid(1)
    out[i * 1000000] = 1.0


@cuda.jit
def store_far_with_barrier(out):
    i = cuda.grid(1)
    cuda.syncthreads()
    out[i * 1000000] = 1.0
    cuda.syncthreads()


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = i


@cuda.jit
def huge_local(out):
    a = cuda.local.array(4 * 1024 * 1024, numba.float32)
    a[0] = 1.0
    out[0] = a[0]


@cuda.jit
def largest_local(out):
    a = cuda.local.array(131072, numba.float32)
    t = cuda.threadIdx.x
    for k in range(131072):
        a[k] = k + t
    out[t] = a[131071] + a[t]


@cuda.jit
def spin(flag, out):
    i = cuda.grid(1)
    flag[0] = 1
    acc = 0.0
    for k in range(2000000):
        acc += k * 0.5
    out[i] = acc
)PY";

Module& faults_module() {
    static Module m = Module::from_string(kSource, "host_device_faults.py");
    return m;
}

Function kernel(const char* name) { return faults_module().function(name); }

size_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    size_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * size_t(sysconf(_SC_PAGESIZE));
}

}  // namespace

TEST_CASE("host device: a kernel storing out of range is an error naming it, and the next launch works",
          "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    for (const char* name : {"store_far", "store_far_with_barrier"}) {
        CAPTURE(name);
        DeviceArray out = device_array({64}, DType::Float32);
        try {
            launch(kernel(name), Dim3(4), Dim3(16), {out});
            FAIL("the out-of-range store was not reported");
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Runtime);
            CHECK_THAT(e.what(), Contains("CUDA_ERROR_ILLEGAL_ADDRESS") && Contains(std::string("kernel '")) &&
                                     Contains(name) && Contains("SIGSEGV"));
        }
        // The process and the host device are usable.
        DeviceArray ok = device_array({1000}, DType::Int64);
        launch(kernel("fill"), Dim3(8), Dim3(128), {ok});
        std::vector<int64_t> v = to_vector<int64_t>(ok.copy_to_host());
        for (int64_t i = 0; i < 1000; ++i) REQUIRE(v[size_t(i)] == i);
    }
}

TEST_CASE("host device: a fault outside compiled kernel code still kills the process", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    // A child that faults in its own code while a launch runs on another thread: the
    // launch's handler must pass the fault on to the default action.
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        signal(SIGSEGV, SIG_DFL);  // Catch2's handler would report the child's crash
        DeviceArray flag = device_array({1}, DType::Int64), out = device_array({256}, DType::Float64);
        std::thread t([&] {
            try {
                launch(kernel("spin"), Dim3(1), Dim3(256), {flag, out});
            } catch (...) {}
        });
        usleep(200000);
        // Not kernel code: a store into a page that forbids it (a null store would be UB, which
        // UBSan reports before the fault).
        void* page = mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        *static_cast<volatile int*>(page) = 1;
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGSEGV);
}

TEST_CASE("host device: a local array larger than CUDA allows is a located compile error", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    DeviceArray out = device_array({4}, DType::Float32);
    try {
        launch(kernel("huge_local"), Dim3(1), Dim3(4), {out});
        FAIL("a 16 MiB local array was accepted");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Compile);
        CHECK(e.line() == 29);
        CHECK(e.column() == 26);
        CHECK_THAT(e.what(), Contains("16777216 bytes is too large") && Contains("524288"));
    }
    // 512 KiB per thread, the most CUDA allows, runs (on the pool threads' stacks).
    DeviceArray big = device_array({4}, DType::Float32);
    launch(kernel("largest_local"), Dim3(1), Dim3(4), {big});
    std::vector<float> v = to_vector<float>(big.copy_to_host());
    for (int t = 0; t < 4; ++t) CHECK(v[size_t(t)] == float(131071 + t) + float(2 * t));
}

// A thread with a small stack (a Python thread after threading.stack_size(256 KiB), say)
// launching one block runs it itself: 512 KiB of local array cannot fit. The kernel's frame
// probes each page, so it meets the stack's guard page and the launch reports the fault;
// unprobed, the stack pointer would jump 256 KiB past the guard, into other memory where
// some is mapped there (here it is not: the probes themselves are checked by the lit test
// dumps/cpu_kernel_stack_probes.py).
TEST_CASE("host device: a local array larger than the launching thread's stack is a fault, not corruption",
          "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    DeviceArray out = device_array({4}, DType::Float32);
    kernel("largest_local");  // compiled here, on a full-size stack
    launch(kernel("largest_local"), Dim3(1), Dim3(1), {out});
    std::string error;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    struct Call {
        DeviceArray* out;
        std::string* error;
    } call{&out, &error};
    pthread_t t;
    REQUIRE(pthread_create(
                &t, &attr,
                [](void* p) -> void* {
                    auto* c = static_cast<Call*>(p);
                    try {
                        launch(kernel("largest_local"), Dim3(1), Dim3(1), {*c->out});
                    } catch (const Error& e) {
                        *c->error = e.what();
                    }
                    return nullptr;
                },
                &call) == 0);
    pthread_join(t, nullptr);
    pthread_attr_destroy(&attr);
    CHECK_THAT(error, Contains("CUDA_ERROR_ILLEGAL_ADDRESS") && Contains("largest_local"));
}

TEST_CASE("host device: SIGINT stops a long launch with an interrupted error", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    DeviceArray flag = device_array({1}, DType::Int64), out = device_array({1000 * 256}, DType::Float64);
    *reinterpret_cast<int64_t*>(flag.device_pointer()) = 0;  // host memory on the host device
    auto* started = reinterpret_cast<volatile int64_t*>(flag.device_pointer());
    // As in a plain C++ program (Catch2 has a handler of its own that reports the signal).
    struct sigaction dfl = {}, catch2 = {};
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGINT, &dfl, &catch2);
    std::atomic<bool> done{false};
    std::thread sender([&] {
        while (*started == 0 && !done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!done) kill(getpid(), SIGINT);
    });
    auto t0 = std::chrono::steady_clock::now();
    try {
        launch(kernel("spin"), Dim3(1000), Dim3(256), {flag, out});  // minutes if not stopped
        done = true;
        sender.join();
        FAIL("the launch was not interrupted");
    } catch (const Error& e) {
        done = true;
        sender.join();
        CHECK(e.kind() == Error::Kind::Runtime);
        CHECK_THAT(e.what(), Contains("KeyboardInterrupt") && Contains("spin"));
    }
    sigaction(SIGINT, &catch2, nullptr);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30));
    // The next launch runs to the end.
    DeviceArray ok = device_array({100}, DType::Int64);
    launch(kernel("fill"), Dim3(1), Dim3(128), {ok});
    CHECK(to_vector<int64_t>(ok.copy_to_host())[99] == 99);
}

TEST_CASE("host device: large freed arrays leave the process, free_pool returns the rest", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    free_pool();
    size_t before = resident_bytes();
    // Issue 24: arrays of 63-245 MB one alive at a time left 1.3 GB resident. Smaller here.
    for (int k = 0; k < 8; ++k) {
        int64_t n = (24 + 4 * k) * (int64_t(1) << 20) / 8;
        DeviceArray a = device_array({n}, DType::Int64);
        launch(kernel("fill"), Dim3(uint32_t((n + 255) / 256)), Dim3(256), {a});
    }
    CHECK(pool_stats().bytes_cached <= size_t(64) << 20);
#ifndef __SANITIZE_ADDRESS__  // ASan's quarantine keeps freed blocks resident on purpose
    CHECK(resident_bytes() < before + (size_t(64) << 20));
#else
    (void)before;
#endif
    // Small blocks are cached for reuse, until free_pool.
    { DeviceArray small = device_array({1000}, DType::Float64); }
    CHECK(pool_stats().bytes_cached > 0);
    free_pool();
    CHECK(pool_stats().bytes_cached == 0);
}
