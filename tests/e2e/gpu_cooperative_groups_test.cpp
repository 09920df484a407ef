// Cooperative groups (numba.cuda.cg) through the C++ API. Without a GPU: which kernels are
// cooperative (Numba's overload.cooperative: this_grid() alone makes one, so does a
// declare_device(use_cooperative=True) callee), the PTX's calls into CUDA's device runtime and
// the cubin nvJitLink links of it and libcudadevrt.a. On a GPU: a grid barrier whose absence
// gives wrong results (numba-cuda's sequential rows, and blocks reading each other's writes),
// max_cooperative_grid_blocks against its definition, and the error of a grid that is too large.
#include "gpu_check.hpp"
#include "unit/cudadrv/gpu_support.hpp"
#include "unit/cudalink/toolkit_check.hpp"

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(from numba import cuda


@cuda.jit
def this_grid(a):
    cuda.cg.this_grid()
    a[0] = 1.0


@cuda.jit
def no_sync(a):
    a[0] = cuda.grid(1)


@cuda.jit(device=True)
def wait_for_everyone(g):
    g.sync()


# numba-cuda's test of the barrier: row by row, each thread reads what the thread at the
# mirrored column, in another block for most, wrote into the row before.
@cuda.jit
def sequential_rows(m):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, m.shape[0]):
        opposite = m.shape[1] - col - 1
        m[row, col] = m[row - 1, opposite] + 1
        wait_for_everyone(g)


# Each round every thread writes its slot, then reads the slot one block further on, which
# another block wrote: without the barrier the read races the write.
@cuda.jit
def exchange(slots, out, rounds):
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    n = cuda.gridsize(1)
    acc = 0
    for r in range(rounds):
        slots[i] = i * rounds + r
        g.sync()
        acc += slots[(i + cuda.blockDim.x) % n]
        g.sync()
    out[i] = acc
)";

constexpr const char* kRows = "(int32[:, ::1])";

Options ptx_options() {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_90";
    return o;
}

}  // namespace

TEST_CASE("kernels that reach cuda.cg are cooperative, others are not", "[e2e][cuda][coop]") {
    Module m = Module::from_string(kSource, "coop.py");
    CHECK(m.function("this_grid").compile("void(float64[::1])", ptx_options()).cooperative());
    CHECK(m.function("sequential_rows").compile("void(int32[:, ::1])", ptx_options()).cooperative());  // via a callee
    CHECK_FALSE(m.function("no_sync").compile("void(float64[::1])", ptx_options()).cooperative());
    std::string ptx = m.function("sequential_rows").compile("void(int32[:, ::1])", ptx_options()).ptx();
    CHECK_THAT(ptx, Contains(".extern .func  (.param .b64 func_retval0) cudaCGGetIntrinsicHandle"));
    CHECK_THAT(ptx, Contains(".extern .func  (.param .b32 func_retval0) cudaCGSynchronize"));
    CHECK_THAT(m.function("no_sync").compile("void(float64[::1])", ptx_options()).ptx(), !Contains("cudaCG"));
}

TEST_CASE("a declared device function with use_cooperative=True makes its callers cooperative", "[e2e][cuda][coop]") {
    Module m = Module::from_string(R"py(from numba import cuda

barrier = cuda.declare_device("cta_barrier", "int32()", use_cooperative=True)
plain = cuda.declare_device("plain", "int32()")


@cuda.jit
def calls_barrier():
    barrier()


@cuda.jit
def calls_plain():
    plain()
)py",
                                   "declared_coop.py");
    CHECK(m.function("calls_barrier").compile("void()", ptx_options()).cooperative());
    CHECK_FALSE(m.function("calls_plain").compile("void()", ptx_options()).cooperative());
}

TEST_CASE("a cooperative kernel links CUDA's device runtime into its cubin", "[e2e][cuda][coop]") {
    if (!test::has_cuda_toolkit()) return;
    Module m = Module::from_string(kSource, "coop.py");
    std::string cubin = m.function("sequential_rows").compile("void(int32[:, ::1])", ptx_options()).linked_cubin();
    REQUIRE(cubin.size() > 4);
    CHECK(cubin.compare(0, 4,
                        "\x7f"
                        "ELF") == 0);
    // A kernel that neither synchronizes its grid nor links files has nothing to link.
    CHECK_THROWS_WITH(m.function("no_sync").compile("void(float64[::1])", ptx_options()).linked_cubin(),
                      Contains("links no device code"));
}

TEST_CASE("a grid barrier on the host device is a located error", "[e2e][cuda][coop]") {
    if (cuda::is_available()) return;  // the GPU cases run the barrier
    Module m = Module::from_string(kSource, "coop.py");
    Array a(DType::Int32, {4, 32});
    CHECK_THROWS_WITH(cuda::launch(m.function("sequential_rows"), cuda::Dim3(1), cuda::Dim3(32), {a}),
                      Contains("coop.py:17:5: error: cuda.cg grid groups need a cooperative launch on a CUDA GPU"));
    CHECK_THROWS_WITH(cuda::max_cooperative_grid_blocks(m.function("sequential_rows"), kRows, cuda::Dim3(32)),
                      Contains("come from a CUDA device"));
}

TEST_CASE("gpu: a grid barrier orders every block's rows (numba-cuda's sequential rows)", "[gpu][e2e][coop]") {
    UJIT_REQUIRE_GPU();
    Module m = Module::from_string(kSource, "coop.py");
    Function rows = m.function("sequential_rows");
    constexpr int64_t kN = 1024, kBlock = 32;
    const int grid = int(kN / kBlock);
    REQUIRE(cuda::max_cooperative_grid_blocks(rows, kRows, cuda::Dim3(kBlock)) >= grid);
    Array a(DType::Int32, {kN, kN});
    std::fill(a.data<int32_t>(), a.data<int32_t>() + a.size(), 0);
    cuda::launch(rows, cuda::Dim3(uint32_t(grid)), cuda::Dim3(uint32_t(kBlock)), {a});
    // numba-cuda's reference: np.tile(np.arange(n), (n, 1)).T, every element its row.
    std::vector<int32_t> want(size_t(kN * kN));
    for (int64_t r = 0; r < kN; ++r) std::fill(want.begin() + r * kN, want.begin() + (r + 1) * kN, int32_t(r));
    CHECK(gputest::mismatch(gputest::to_vector<int32_t>(a), want) == "");
}

TEST_CASE("gpu: blocks read each other's writes across g.sync(), the grid filled", "[gpu][e2e][coop]") {
    UJIT_REQUIRE_GPU();
    Module m = Module::from_string(kSource, "coop.py");
    Function exchange = m.function("exchange");
    constexpr int64_t kBlock = 128, kRounds = 20;
    const int64_t grid =
        cuda::max_cooperative_grid_blocks(exchange, "(int64[::1], int64[::1], int64)", cuda::Dim3(uint32_t(kBlock)));
    REQUIRE(grid > 0);
    const int64_t n = grid * kBlock;
    cuda::DeviceArray slots = cuda::device_array({n}, DType::Int64);
    cuda::DeviceArray out = cuda::device_array({n}, DType::Int64);
    cuda::launch(exchange, cuda::Dim3(uint32_t(grid)), cuda::Dim3(uint32_t(kBlock)),
                 {slots, out, gputest::scalar<int64_t>(kRounds)});
    std::vector<int64_t> want(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        int64_t j = (i + kBlock) % n;  // the slot one block on
        want[size_t(i)] = kRounds * j * kRounds + kRounds * (kRounds - 1) / 2;
    }
    CHECK(gputest::mismatch(gputest::from_device<int64_t>(out), want) == "");
}

TEST_CASE("gpu: max_cooperative_grid_blocks is the occupancy limit, and a grid past it is refused",
          "[gpu][e2e][coop]") {
    UJIT_REQUIRE_GPU();
    Module m = Module::from_string(kSource, "coop.py");
    Function rows = m.function("sequential_rows");
    const int blocks1d = cuda::max_cooperative_grid_blocks(rows, kRows, cuda::Dim3(256));
    // Numba's test: only the block's thread count matters.
    CHECK(cuda::max_cooperative_grid_blocks(rows, kRows, cuda::Dim3(16, 16)) == blocks1d);
    CHECK(cuda::max_cooperative_grid_blocks(rows, kRows, cuda::Dim3(16, 4, 4)) == blocks1d);
    // Whole blocks per multiprocessor, at most the 2048 threads a multiprocessor holds.
    const int sms = cuda::current_device_info().sm_count;
    CHECK(blocks1d > 0);
    CHECK(blocks1d % sms == 0);
    CHECK(blocks1d / sms <= 2048 / 256);
    // The limit is exact: a grid of that many blocks launches, one more is refused.
    const int64_t cols = int64_t(blocks1d) * 256;
    cuda::DeviceArray a = cuda::device_array({2, cols}, DType::Int32);
    CHECK_NOTHROW(cuda::launch(rows, cuda::Dim3(uint32_t(blocks1d)), cuda::Dim3(256), {a}));
    cuda::synchronize();
    cuda::DeviceArray wider = cuda::device_array({2, cols + 256}, DType::Int32);
    CHECK_THROWS_WITH(cuda::launch(rows, cuda::Dim3(uint32_t(blocks1d + 1)), cuda::Dim3(256), {wider}),
                      Contains("cuLaunchCooperativeKernel") && Contains("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE") &&
                          Contains("at most " + std::to_string(blocks1d) + " blocks"));
}
