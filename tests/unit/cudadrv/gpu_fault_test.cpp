// A kernel fault and the recovery from it ([gpu]). A fault leaves a sticky error that can
// take the whole process's CUDA state with it (README, "A kernel that faults"), so the
// fault runs in a fresh copy of the test binary: the other tests never see it, whatever
// order they run in, and it never sees their state.
#include <numeric>

#include "gpu_support.hpp"
#include "support/subprocess.hpp"

using namespace ujit;
using namespace ujit::cuda;
using Catch::Matchers::Contains;

namespace {
// Hidden ([.]): run only by name, by the [gpu] test below, in its own process.
constexpr const char* kFaultCase = "gpu fault in this process: a kernel fault names the kernel and leaves ujit usable";
}  // namespace

TEST_CASE("a kernel fault names the kernel and leaves ujit usable", "[gpu]") {
    UJIT_REQUIRE_GPU();
    // UJIT_TEST_REQUIRE_GPU: a device this process can use that the new one cannot find is
    // a failure there, never a skip (whose marker would turn this entry into a skip).
    // -w NoTests: a name that matches no case fails instead of passing with nothing run.
    test::Run r = test::run_command("UJIT_TEST_REQUIRE_GPU=1 " + test::shell_quote(test::self_executable()) + " " +
                                    test::shell_quote(kFaultCase) + " -w NoTests");
    INFO("the fault's own process said:\n" << r.output);
    CHECK(r.status == 0);
    CHECK_THAT(r.output, Contains("1 test case") || Contains("test cases: 1 |"));
    // Which way the driver went (recovered or unusable), on record in this test's output.
    WARN(r.output);
}

TEST_CASE(kFaultCase, "[.][gpu_fault]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel add =
        test_module().kernel("add_f32", {KernelParam::array(DType::Float32, 1), KernelParam::array(DType::Float32, 1),
                                         KernelParam::array(DType::Float32, 1)});
    DeviceArray before = device_array({16}, DType::Float32);
    LoadedKernel bad = test_module().kernel("store_to_address", {KernelParam::scalar(DType::UInt64)});
    bad.launch(1, 1, Value::of_int(DType::UInt64, 8));
    std::string message;
    try {
        synchronize();
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK_THAT(message, Contains("CUDA_ERROR_ILLEGAL_ADDRESS") && Contains("kernel 'store_to_address' faulted"));
    if (message.find("context was reset") == std::string::npos) {
        // The driver refused a new context (it documents sticky errors as needing a new
        // process): the device must then say so at once on every use, never hang or crash.
        WARN("no recovery on this driver: " << message);
        CHECK_THAT(message, Contains("unusable in this process"));
        CHECK_THROWS_WITH(device_array({4}, DType::Float32),
                          Contains("CUDA device 0 is unusable") && Contains("store_to_address"));
        try {
            device_array({4}, DType::Float32);
        } catch (const Error& e) {
            WARN("what the driver answered: " << e.what());  // each reset step's result
        }
        CHECK_THROWS_WITH(add.launch(1, 1, before, before, before), Contains("is unusable"));
        before = DeviceArray();  // dropping old memory is silent
        free_pool();
        CHECK(is_available());  // the driver itself is still loaded
        return;
    }
    WARN("recovered: " << message);
    // New work runs: fresh memory, and the old kernel reloads its module from the PTX.
    Array h(DType::Float32, {16});
    std::iota(h.data<float>(), h.data<float>() + 16, 1.0f);
    DeviceArray a = to_device(h.ref());
    DeviceArray out = device_array_like(a);
    add.launch(1, 16, a, a, out);
    CHECK(out.copy_to_host().data<float>()[15] == 32.0f);
    // Memory of the old context is gone: dropping it neither crashes nor returns its block
    // to the new context's pool.
    size_t in_use = pool_stats().bytes_in_use;
    before = DeviceArray();
    CHECK(pool_stats().bytes_in_use == in_use);
    CHECK(pool_stats().bytes_cached == 0);
}
