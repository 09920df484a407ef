// Which driver calls a launch makes, counted by the fake driver (tests/fixtures/fake_libcuda.cpp,
// loaded through LD_LIBRARY_PATH by the "fakecuda" ctest entries). A queued launch of a
// kernel already loaded costs CuPy one cuLaunchKernel; ujit's launches must cost no more:
// no context switch, attribute query, pointer query or stream query per launch, while a
// launch on another device's stream still makes that device's context current first.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "support/fake_driver.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.h"
#include "ujit/ujit.hpp"
#include "unit/cudalink/toolkit_check.hpp"

namespace uc = ujit::cuda;
using ujit::test::fake_driver;
using ujit::test::FakeDriver;

namespace {

const char* kSource = R"(
from numba import cuda, vectorize


@cuda.jit
def axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 2.0 * x[i] + y[i]


@cuda.jit
def scale(out, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] *= a


@vectorize(['float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y


@cuda.jit
def weigh(items, factor):
    i = cuda.grid(1)
    if i < items.shape[0]:
        items[i].w = items[i].w * factor.w
)";

// np.dtype([("n", "<i4"), ("w", "<f8")], align=True)
struct Item {
    int32_t n;
    double w;
};
constexpr const char* kItem = "Record(n[type=int32;offset=0],w[type=float64;offset=8];16;True)";

constexpr int kLaunches = 50;

// A kernel's first launch may run the quick (-O0) code of a tiered load and its second waits
// for the full level (module_state.hpp): two launches leave it in its steady state.
void warm(const ujit::Function& f, const std::vector<uc::KernelArg>& args, const uc::LaunchOptions& lo = {}) {
    for (int i = 0; i < 2; ++i) uc::launch(f, uc::Dim3(4), uc::Dim3(256), args, lo);
}

}  // namespace

TEST_CASE("a queued launch of a loaded kernel makes one driver call: cuLaunchKernel", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    ujit::Module m = ujit::Module::from_string(kSource, "launch_calls.py");
    ujit::Function axpy = m.function("axpy"), scale = m.function("scale");
    uc::DeviceArray dx = uc::device_array({1024}, ujit::DType::Float64);
    uc::DeviceArray dout = uc::device_array({1024}, ujit::DType::Float64);
    warm(axpy, {dx, dx, dout});  // compiles and loads
    warm(scale, {dout, 3.0});
    fake.reset();
    for (int i = 0; i < kLaunches; ++i) {
        uc::launch(axpy, uc::Dim3(4), uc::Dim3(256), {dx, dx, dout});
        uc::launch(scale, uc::Dim3(4), uc::Dim3(256), {dout, 3.0});  // alternating kernels, a scalar
    }
    CHECK(fake.count("cuLaunchKernel") == 2 * kLaunches);
    CHECK(fake.total() == 2 * kLaunches);
}

TEST_CASE("a queued launch on a user stream makes one driver call", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    ujit::Module m = ujit::Module::from_string(kSource, "launch_calls.py");
    ujit::Function axpy = m.function("axpy");
    uc::DeviceArray dx = uc::device_array({1024}, ujit::DType::Float64);
    uc::Stream s = uc::Stream::create();
    uc::LaunchOptions lo;
    lo.stream = s;
    warm(axpy, {dx, dx, dx}, lo);
    fake.reset();
    for (int i = 0; i < kLaunches; ++i) uc::launch(axpy, uc::Dim3(4), uc::Dim3(256), {dx, dx, dx}, lo);
    CHECK(fake.total() == kLaunches);
}

TEST_CASE("launches alternating between two devices' streams bind each device's context", "[.fakecuda]") {
    setenv("FAKECUDA_DEVICES", "2", 1);  // read when the driver loads, below
    FakeDriver fake = fake_driver();
    REQUIRE(uc::device_count() == 2);
    ujit::Module m = ujit::Module::from_string(kSource, "launch_calls.py");
    ujit::Function axpy = m.function("axpy");
    uc::DeviceArray dx = uc::device_array({1024}, ujit::DType::Float64);
    uc::Stream s0 = uc::Stream::create();
    uc::select_device(1);
    uc::Stream s1 = uc::Stream::create();
    uc::select_device(0);
    uc::LaunchOptions on0, on1;
    on0.stream = s0;
    on1.stream = s1;
    warm(axpy, {dx, dx, dx}, on0);
    void* ctx0 = fake.launch_context();
    warm(axpy, {dx, dx, dx}, on1);  // loads the kernel on device 1
    void* ctx1 = fake.launch_context();
    CHECK(ctx0 != ctx1);
    fake.reset();
    for (int i = 0; i < kLaunches; ++i) {
        uc::launch(axpy, uc::Dim3(4), uc::Dim3(256), {dx, dx, dx}, on0);
        CHECK(fake.launch_context() == ctx0);
        uc::launch(axpy, uc::Dim3(4), uc::Dim3(256), {dx, dx, dx}, on1);
        CHECK(fake.launch_context() == ctx1);
    }
    CHECK(fake.count("cuLaunchKernel") == 2 * kLaunches);
    // Each launch switches the context, and nothing else.
    CHECK(fake.count("cuCtxSetCurrent") == 2 * kLaunches);
    CHECK(fake.total() == 4 * kLaunches);
}

TEST_CASE("a CUDA ufunc on device arrays makes one driver call per call", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    ujit::Module m = ujit::Module::from_string(kSource, "launch_calls.py");
    ujit::Function add = m.function("add_ufunc");
    uc::DeviceArray x = uc::device_array({1000}, ujit::DType::Float32);
    uc::DeviceArray out = uc::device_array({1000}, ujit::DType::Float32);
    uc::vectorize_into(add, {x, x}, out);
    uc::vectorize_device(add, {x, x});  // the pool now holds a block for the output
    fake.reset();
    for (int i = 0; i < kLaunches; ++i) {
        uc::vectorize_into(add, {x, x}, out);
        uc::DeviceArray fresh = uc::vectorize_device(add, {x, x});
        CHECK(fresh.shape() == std::vector<int64_t>{1000});
    }
    CHECK(fake.count("cuLaunchKernel") == 2 * kLaunches);
    CHECK(fake.total() == 2 * kLaunches);
}

TEST_CASE("launches alternating layouts and scalar dtypes reach each one's own specialization", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    ujit::Module m = ujit::Module::from_string(kSource, "launch_calls.py");
    ujit::Function scale = m.function("scale");
    uc::DeviceArray a = uc::device_array({64}, ujit::DType::Float64);
    uc::DeviceArray strided = a.view(0, {32}, {16}, ujit::DType::Float64);  // a[::2]: layout A
    uc::DeviceArray f32 = uc::device_array({64}, ujit::DType::Float32);
    // Each combination once: four specializations, each loaded (cuModuleGetFunction) once.
    const std::vector<std::vector<uc::KernelArg>> calls = {
        {a, 3.0}, {strided, 3.0}, {a, ujit::Value(int64_t(2))}, {f32, 3.0}};
    for (const auto& args : calls)
        for (int i = 0; i < 2; ++i) uc::launch(scale, uc::Dim3(1), uc::Dim3(64), args);  // as warm() does
    CHECK(fake.count("cuModuleGetFunction") >= 4);
    fake.reset();
    // A launch cached under another layout or dtype would be refused by the kernel's
    // parameter check (a C-contiguous parameter given a strided array) or load nothing new.
    for (int i = 0; i < kLaunches; ++i)
        for (const auto& args : calls) REQUIRE_NOTHROW(uc::launch(scale, uc::Dim3(1), uc::Dim3(64), args));
    CHECK(fake.count("cuModuleGetFunction") == 0);
    CHECK(fake.total() == 4 * kLaunches);
}

TEST_CASE("a C API launch reads its device tensors and scalars in place: one driver call", "[.fakecuda]") {
    // ujit_function_launch (what Python's kernel[...] calls) borrows its arguments for the
    // launch (capi_apply.cpp) instead of building KernelArgs: the same dispatch, the same
    // single driver call, the same refusal of an argument the kernel cannot take.
    FakeDriver fake = fake_driver();
    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "launch_calls.py", &m) == UJIT_OK);
    ujit_function* scale = nullptr;
    REQUIRE(ujit_module_function(m, "scale", &scale) == UJIT_OK);
    int64_t shape[1] = {1024};
    ujit_device_array* d = nullptr;
    REQUIRE(ujit_device_array_new(shape, 1, UJIT_FLOAT64, 0, &d) == UJIT_OK);
    const DLTensor* t = nullptr;
    REQUIRE(ujit_device_array_dltensor(d, &t) == UJIT_OK);
    ujit_value args[2] = {};
    args[0].is_array = UJIT_ARRAY;
    args[0].v.array = t;
    args[1].dtype = UJIT_FLOAT64;
    args[1].v.f = 3.0;
    const ujit_dim3 grid{4, 1, 1}, block{256, 1, 1};
    for (int i = 0; i < 2; ++i) REQUIRE(ujit_function_launch(scale, grid, block, args, 2, nullptr, 0) == UJIT_OK);
    fake.reset();
    for (int i = 0; i < kLaunches; ++i)
        REQUIRE(ujit_function_launch(scale, grid, block, args, 2, nullptr, 0) == UJIT_OK);
    CHECK(fake.count("cuLaunchKernel") == kLaunches);
    CHECK(fake.total() == kLaunches);
    // One argument short: refused, naming the parameters, before anything reaches the driver.
    fake.reset();
    CHECK(ujit_function_launch(scale, grid, block, args, 1, nullptr, 0) == UJIT_ERROR_ARGUMENT);
    CHECK(std::string(ujit_last_error()).find("'scale': it takes 2 arguments (out, a), 1 given") != std::string::npos);
    CHECK(fake.total() == 0);
    ujit_device_array_release(d);
    ujit_function_release(scale);
    ujit_module_release(m);
}

TEST_CASE("record device arrays copy with the array's own driver calls and launch with none more", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    Item items[6];
    for (int i = 0; i < 6; ++i) items[i] = {i, i + 0.5};
    ujit::ArrayRef host;
    host.data = items;
    host.shape = {6};
    host.record = kItem;
    host.record_size = sizeof(Item);
    fake.reset();
    uc::DeviceArray d = uc::to_device(host);  // whole records: one copy of their bytes
    CHECK(fake.count("cuMemcpyHtoDAsync") == 1);
    uc::DeviceArray odd = d.view(16, {3}, {32});  // d[1::2]: one 2-D copy, 16-byte rows at a 32-byte pitch
    Item back[3] = {};
    ujit::ArrayRef back_ref = host;
    back_ref.data = back;
    back_ref.shape = {3};
    fake.reset();
    odd.copy_to_host(back_ref);
    CHECK(fake.count("cuMemcpy2DAsync") == 1);
    for (int i = 0; i < 3; ++i) CHECK((back[i].n == 2 * i + 1 && back[i].w == 2 * i + 1.5));
    for (Item& b : back) b.w = -b.w;
    odd.copy_from_host(back_ref);  // written back into the view only
    Item all[6] = {};
    ujit::ArrayRef all_ref = host;
    all_ref.data = all;
    d.copy_to_host(all_ref);
    for (int i = 0; i < 6; ++i) CHECK(all[i].w == (i % 2 ? -(i + 0.5) : i + 0.5));

    ujit::Module m = ujit::Module::from_string(kSource, "launch_calls.py");
    ujit::ArrayRef one = host;
    one.data = &items[0];
    one.shape = {};
    uc::DeviceArray factor = uc::to_device(one);  // one record, by reference
    warm(m.function("weigh"), {d, factor});
    fake.reset();
    uc::launch(m.function("weigh"), uc::Dim3(1), uc::Dim3(64), {d, factor});
    uc::launch(m.function("weigh"), uc::Dim3(1), uc::Dim3(64), {odd, factor});  // layout A: its own specialization
    CHECK(fake.count("cuLaunchKernel") == 2);
    CHECK(fake.count("cuMemcpyHtoDAsync") + fake.count("cuMemcpyDtoHAsync") == 0);
}

// ---- coop: cooperative launches (cudadrv/cooperative_launch.hpp)

namespace {

const char* kCooperativeSource = R"(
from numba import cuda


@cuda.jit
def rows(m):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, m.shape[0]):
        m[row, col] = m[row - 1, m.shape[1] - col - 1] + 1
        g.sync()
)";

}  // namespace

TEST_CASE("a kernel that synchronizes its grid always launches cooperatively", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    if (!ujit::test::has_cuda_toolkit()) return;  // it links libcudadevrt.a through nvJitLink
    ujit::Module coop = ujit::Module::from_string(kCooperativeSource, "coop_calls.py");
    ujit::Module plain = ujit::Module::from_string(kSource, "launch_calls.py");
    uc::DeviceArray m = uc::device_array({4, 1024}, ujit::DType::Int32);
    uc::DeviceArray dx = uc::device_array({1024}, ujit::DType::Float64);
    warm(coop.function("rows"), {m});
    warm(plain.function("scale"), {dx, 3.0});
    fake.reset();
    uc::launch(coop.function("rows"), uc::Dim3(4), uc::Dim3(256), {m});
    uc::launch(plain.function("scale"), uc::Dim3(4), uc::Dim3(256), {dx, 3.0});
    CHECK(fake.count("cuLaunchCooperativeKernel") == 1);
    CHECK(fake.count("cuLaunchKernel") == 1);
    // LaunchOptions::cooperative asks for it for any kernel.
    uc::LaunchOptions lo;
    lo.cooperative = true;
    uc::launch(plain.function("scale"), uc::Dim3(4), uc::Dim3(256), {dx, 3.0}, lo);
    CHECK(fake.count("cuLaunchCooperativeKernel") == 2);
    CHECK(fake.count("cuLaunchKernel") == 1);
}

TEST_CASE("max_cooperative_grid_blocks is the occupancy per multiprocessor times their count", "[.fakecuda]") {
    FakeDriver fake = fake_driver();
    if (!ujit::test::has_cuda_toolkit()) return;
    ujit::Module coop = ujit::Module::from_string(kCooperativeSource, "coop_calls.py");
    ujit::Function rows = coop.function("rows");
    const int sms = uc::current_device_info().sm_count;
    fake.reset();
    // The fake driver's occupancy: 2048 threads a multiprocessor, at most 32 blocks.
    CHECK(uc::max_cooperative_grid_blocks(rows, "(int32[:, ::1])", uc::Dim3(256)) == 8 * sms);
    CHECK(fake.count("cuOccupancyMaxActiveBlocksPerMultiprocessor") == 1);
    CHECK(uc::max_cooperative_grid_blocks(rows, "(int32[:, ::1])", uc::Dim3(16, 16)) == 8 * sms);
    CHECK(uc::max_cooperative_grid_blocks(rows, "(int32[:, ::1])", uc::Dim3(16, 4, 4)) == 8 * sms);
    CHECK(uc::max_cooperative_grid_blocks(rows, "(int32[:, ::1])", uc::Dim3(32)) == 32 * sms);
}

TEST_CASE("a cooperative grid past the limit is the driver's error, with the limit", "[.fakecuda]") {
    fake_driver();
    if (!ujit::test::has_cuda_toolkit()) return;
    ujit::Module coop = ujit::Module::from_string(kCooperativeSource, "coop_calls.py");
    ujit::Function rows = coop.function("rows");
    const int most = uc::max_cooperative_grid_blocks(rows, "(int32[:, ::1])", uc::Dim3(256));
    uc::DeviceArray m = uc::device_array({2, int64_t(most + 1) * 256}, ujit::DType::Int32);
    CHECK_NOTHROW(uc::launch(rows, uc::Dim3(uint32_t(most)), uc::Dim3(256), {m}));
    CHECK_THROWS_WITH(uc::launch(rows, uc::Dim3(uint32_t(most + 1)), uc::Dim3(256), {m}),
                      Catch::Matchers::Contains("cuLaunchCooperativeKernel") &&
                          Catch::Matchers::Contains("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE") &&
                          Catch::Matchers::Contains("at most " + std::to_string(most) + " blocks"));
}
