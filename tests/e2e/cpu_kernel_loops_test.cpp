// How the CPU runs a block's threads (cpu/kernel_block.hpp, codegen/grid_stride.hpp), checked
// by results: grid-stride loops run block-wide or partitioned must execute every iteration
// exactly as often as the GPU would (duplicates of 2-D blocks included), loops that carry a
// value must stay per thread, and barriers split into loops over the block must keep each
// thread's values, registers and cuda.local.array alike, across them.
#include <algorithm>
#include <cmath>

#include "gpu_check.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;

namespace {

const char* kSource = R"PY(
import numba
from numba import cuda


# Partitioned: the body reads only i, so any block may take any i.
@cuda.jit
def count_visits(counts, x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, counts.shape[0], stride):
        cuda.atomic.add(counts, i, 1)
        out[i] = x[i] * 2.0 + 1.0


# Block-wide: the body reads blockIdx, so each block keeps its own i.
@cuda.jit
def owner_block(out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = cuda.blockIdx.x


# Issue 24: the block read into a local before the loop; the body stores it.
@cuda.jit
def block_through_local(out):
    b = cuda.blockIdx.x
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = b


# Issue 24: a bound that differs between blocks.
@cuda.jit
def block_dependent_bound(counts):
    for i in range(cuda.grid(1), counts.shape[0] - cuda.blockIdx.x * 8, cuda.gridsize(1)):
        cuda.atomic.add(counts, i, 1)


# A per-thread running sum: carried from one iteration to the next, stays per thread.
@cuda.jit
def running_sum(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    acc = 0.0
    for i in range(start, x.shape[0], stride):
        acc += x[i]
        out[i] = acc


# Values kept across barriers: a register, a local array, a 2-D block.
@cuda.jit
def across_barriers(x, out):
    s = cuda.shared.array((8, 32), numba.float32)
    loc = cuda.local.array(4, numba.float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    i = cuda.blockIdx.x * 256 + ty * 32 + tx
    v = x[i] * 2.0
    for k in range(4):
        loc[k] = x[i] + k
    s[ty, tx] = v
    cuda.syncthreads()
    w = s[(ty + 1) % 8, (tx + 1) % 32]
    cuda.syncthreads()
    s[ty, tx] = w + v
    cuda.syncthreads()
    out[i] = s[(ty + 1) % 8, (tx + 1) % 32] + loc[3] * loc[0]


# A barrier in a loop (so fibers) and 160 KB of cuda.local.array per thread, more than a
# fiber's usual stack.
@cuda.jit
def big_local(x, out):
    loc = cuda.local.array(40000, numba.float32)
    t = cuda.threadIdx.x
    for k in range(40000):
        loc[k] = x[t] + k
    for r in range(2):
        cuda.syncthreads()
    out[t] = loc[39999] + loc[0]
)PY";

Module& loops_module() {
    static Module m = Module::from_string(kSource, "cpu_kernel_loops.py");
    return m;
}

Function kernel(const char* name) { return loops_module().function(name); }

}  // namespace

TEST_CASE("cpu kernels: a partitioned grid-stride loop visits each index as often as the GPU does", "[kernel-cpu]") {
    struct Shape {
        Dim3 grid, block;
        int per_index;  // threads with the same cuda.grid(1): blockDim.y * blockDim.z * gridDim.y * gridDim.z
    };
    for (int64_t n : {int64_t(0), int64_t(1), int64_t(1000), int64_t(100003)}) {
        for (Shape s :
             {Shape{Dim3(1), Dim3(1), 1}, Shape{Dim3(3), Dim3(7), 1}, Shape{Dim3(32), Dim3(128), 1},
              Shape{Dim3(1000), Dim3(256), 1}, Shape{Dim3(5), Dim3(64, 2), 2}, Shape{Dim3(2, 3), Dim3(32), 3}}) {
            CAPTURE(n, s.grid.x, s.grid.y, s.block.x, s.block.y);
            Array counts(DType::Int64, {n}), out(DType::Float32, {n});
            Array x = host_array<float>({n}, [](int64_t i) { return float(i % 1000); });
            std::fill_n(counts.data<int64_t>(), n, 0);
            launch_cpu(kernel("count_visits"), s.grid, s.block, {counts, x, out});
            std::vector<int64_t> c = to_vector<int64_t>(counts);
            std::vector<float> o = to_vector<float>(out);
            for (int64_t i = 0; i < n; ++i) {
                REQUIRE(c[size_t(i)] == s.per_index);
                REQUIRE(o[size_t(i)] == float(i % 1000) * 2.0f + 1.0f);
            }
        }
    }
}

TEST_CASE("cpu kernels: a grid-stride loop that reads blockIdx keeps each index in its block", "[kernel-cpu]") {
    const int64_t n = 10007;
    for (auto [blocks, threads] : {std::pair{3u, 64u}, std::pair{40u, 32u}, std::pair{7u, 1u}}) {
        CAPTURE(blocks, threads);
        Array out(DType::Int64, {n});
        launch_cpu(kernel("owner_block"), Dim3(blocks), Dim3(threads), {out});
        std::vector<int64_t> o = to_vector<int64_t>(out);
        const int64_t grid = int64_t(blocks) * threads;
        for (int64_t i = 0; i < n; ++i) REQUIRE(o[size_t(i)] == (i % grid) / threads);
    }
}

TEST_CASE("cpu kernels: a grid-stride loop carrying a value stays one loop per thread", "[kernel-cpu]") {
    const int64_t n = 5000;
    Array x = host_array<double>({n}, [](int64_t i) { return double(i % 13); });
    Array out(DType::Float64, {n});
    const int64_t grid = 4 * 32;
    launch_cpu(kernel("running_sum"), Dim3(4), Dim3(32), {x, out});
    std::vector<double> o = to_vector<double>(out);
    std::vector<double> expected(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        expected[size_t(i)] = double(i % 13) + (i >= grid ? expected[size_t(i - grid)] : 0.0);
    REQUIRE(o == expected);
}

TEST_CASE("cpu kernels: registers and local arrays survive barriers split into loops", "[kernel-cpu]") {
    const int64_t blocks = 6, n = blocks * 256;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i % 17) - 5.0f; });
    Array out(DType::Float32, {n});
    launch_cpu(kernel("across_barriers"), Dim3(uint32_t(blocks)), Dim3(32, 8), {x, out});
    std::vector<float> xs = to_vector<float>(x), o = to_vector<float>(out);
    auto at = [&](int64_t b, int64_t ty, int64_t tx) { return size_t(b * 256 + ty * 32 + tx); };
    for (int64_t b = 0; b < blocks; ++b)
        for (int64_t ty = 0; ty < 8; ++ty)
            for (int64_t tx = 0; tx < 32; ++tx) {
                auto v = [&](int64_t y, int64_t x_) { return xs[at(b, y, x_)] * 2.0f; };
                auto w = [&](int64_t y, int64_t x_) { return v((y + 1) % 8, (x_ + 1) % 32); };
                float second = w((ty + 1) % 8, (tx + 1) % 32) + v((ty + 1) % 8, (tx + 1) % 32);
                float xi = xs[at(b, ty, tx)];
                REQUIRE(o[at(b, ty, tx)] == second + (xi + 3.0f) * xi);
            }
}

TEST_CASE("cpu kernels: fibers get stacks as large as the kernel's local arrays", "[kernel-cpu]") {
    Array x = host_array<float>({64}, [](int64_t i) { return float(i); });
    Array out(DType::Float32, {64});
    launch_cpu(kernel("big_local"), Dim3(2), Dim3(64), {x, out});
    std::vector<float> o = to_vector<float>(out);
    for (int64_t t = 0; t < 64; ++t) REQUIRE(o[size_t(t)] == float(t) + 39999.0f + float(t));
}

// Issue 24: CUDA runs thread t of block b over i = b * blockDim + t + k * gridsize; the value
// of a local made from blockIdx (or a bound made from it) follows that i, not a partition.
TEST_CASE("cpu kernels: a grid-stride loop reading blockIdx through a local keeps each index in its block",
          "[kernel-cpu][grid-stride]") {
    Array out(DType::Int64, {64});
    launch_cpu(kernel("block_through_local"), Dim3(2), Dim3(4), {out});
    std::vector<int64_t> o = to_vector<int64_t>(out);
    for (int64_t i = 0; i < 64; ++i) REQUIRE(o[size_t(i)] == (i % 8) / 4);  // 0,0,0,0,1,1,1,1,...
}

TEST_CASE("cpu kernels: a grid-stride loop whose bound depends on the block visits what CUDA visits",
          "[kernel-cpu][grid-stride]") {
    for (auto [blocks, threads] : {std::pair{2u, 4u}, std::pair{5u, 3u}, std::pair{3u, 32u}}) {
        CAPTURE(blocks, threads);
        const int64_t n = 64;
        Array counts(DType::Int64, {n});
        std::fill_n(counts.data<int64_t>(), n, 0);
        launch_cpu(kernel("block_dependent_bound"), Dim3(blocks), Dim3(threads), {counts});
        std::vector<int64_t> expected(size_t(n), 0);
        const int64_t grid = int64_t(blocks) * threads;
        for (int64_t b = 0; b < blocks; ++b)
            for (int64_t t = 0; t < threads; ++t)
                for (int64_t i = b * threads + t; i < n - b * 8; i += grid) ++expected[size_t(i)];
        REQUIRE(to_vector<int64_t>(counts) == expected);
    }
}
