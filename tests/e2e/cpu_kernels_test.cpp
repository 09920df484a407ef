// @cuda.jit kernels compiled for the CPU (ujit::cuda::launch_cpu), in the normal GPU-less
// run: the course kernels and gpu_kernels_test.cpp's kernels with the same expectations
// (host arrays in place of device arrays; the PTX- and device-specific checks stay on the
// GPU side), then what only the CPU path has to get right: barriers in loops and branches
// among fibers, syncthreads_count/and/or, many blocks in parallel, the automatic fallback.
// gpu_atomics_test.cpp's cases run here too through cpu_atomics_test.cpp.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "gpu_check.hpp"
#include "gpu_sources.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;
using Catch::Matchers::Contains;

namespace {

Function kernel(const char* name) { return kernels_module().function(name); }

template <class T> Array filled(std::vector<int64_t> shape, T v) {
    return host_array<T>(std::move(shape), [&](int64_t) { return v; });
}

// Kernels only the CPU path needs: barriers in loops and branches, the predicate forms.
const char* kBarrierSource = R"PY(
import numba
from numba import cuda


# A prefix sum (Hillis-Steele) over each block: a barrier between the reads and the
# writes of every step, inside a loop whose trip count all threads share.
@cuda.jit
def block_scan(x, out):
    buf = cuda.shared.array(128, numba.int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = x[i]
    cuda.syncthreads()
    step = 1
    while step < cuda.blockDim.x:
        v = buf[t]
        if t >= step:
            v += buf[t - step]
        cuda.syncthreads()
        buf[t] = v
        cuda.syncthreads()
        step *= 2
    out[i] = buf[t]


@cuda.jit(device=True)
def meet(flag):
    return cuda.syncthreads_count(flag)


# The predicate barriers, one of them in a device function, and a barrier inside a branch
# every thread takes.
@cuda.jit
def barrier_votes(x, out):
    t = cuda.threadIdx.x
    b = cuda.blockIdx.x
    v = x[b * cuda.blockDim.x + t]
    n = meet(v > 0)
    a = cuda.syncthreads_and(v > 0)
    o = cuda.syncthreads_or(v > 0)
    if b >= 0:
        cuda.syncthreads()
    if t == 0:
        out[b, 0] = n
        out[b, 1] = a
        out[b, 2] = o


# Shared counters per block, atomics from every thread, read after a barrier.
@cuda.jit
def block_atomics(out):
    c = cuda.shared.array(2, numba.int32)
    t = cuda.threadIdx.x
    if t == 0:
        c[0] = 0
        c[1] = 0
    cuda.syncthreads()
    cuda.atomic.add(c, 0, 1)
    cuda.atomic.max(c, 1, t)
    cuda.syncthreads()
    if t == 0:
        out[cuda.blockIdx.x, 0] = c[0]
        out[cuda.blockIdx.x, 1] = c[1]


# One index too many (bounds checking), in a plain and in a barrier kernel.
@cuda.jit
def off_by_one(x, out):
    i = cuda.grid(1)
    if i <= x.shape[0]:
        out[i] = x[i] * 2


@cuda.jit
def shared_oob(out):
    sm = cuda.shared.array(32, numba.int32)
    t = cuda.threadIdx.x
    sm[t] = t
    cuda.syncthreads()
    out[cuda.grid(1)] = sm[31 - t % 32]


@cuda.jit
def lanes(out):
    i = cuda.grid(1)
    out[i, 0] = cuda.laneid
    out[i, 1] = cuda.warpsize
)PY";

Module& barrier_module() {
    static Module m = Module::from_string(kBarrierSource, "barriers.py");
    return m;
}

}  // namespace

// ------------------------------------------------------------------ the course's kernels

TEST_CASE("cpu kernels: add_kernel adds 1M float32 elements with a grid-stride loop", "[kernel-cpu]") {
    Function k = example("add_kernel").function("add_kernel");
    const int64_t n = 1 << 20;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i % 1000) * 0.5f; });
    Array y = host_array<float>({n}, [](int64_t i) { return float(i) * 1e-3f; });
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = x.data<float>()[i] + y.data<float>()[i];

    // Far fewer threads than elements: the stride loop covers the rest.
    Array out = filled<float>({n}, -1.0f);
    launch_cpu(k, Dim3(80), Dim3(128), {x, y, out});
    CHECK(mismatch(to_vector<float>(out), want) == "");

    // One thread per element.
    Array out2 = filled<float>({n}, -1.0f);
    launch_cpu(k, Dim3(blocks_for(n, 256)), Dim3(256), {x, y, out2});
    CHECK(mismatch(to_vector<float>(out2), want) == "");

    // A strided input (every other element of a 2n array: layout A).
    Array wide = host_array<float>({2 * n}, [&](int64_t i) { return i % 2 ? -7.0f : x.data<float>()[i / 2]; });
    ArrayRef evens = wide.ref();
    evens.shape = {n};
    evens.strides = {8};
    Array out3 = filled<float>({n}, -1.0f);
    launch_cpu(k, Dim3(64), Dim3(256), {evens, y, out3});
    CHECK(mismatch(to_vector<float>(out3), want) == "");
    CHECK(kernel_specialization_cpu(k, {evens, y, out3}).signature() !=
          kernel_specialization_cpu(k, {x, y, out3}).signature());
}

TEST_CASE("cpu kernels: thread_counter counts every thread of parallel blocks with atomics", "[kernel-cpu]") {
    Module& m = example("thread_counter");
    const uint32_t blocks = 64, threads = 64;
    Array counter = filled<int32_t>({1}, 0);
    launch_cpu(m.function("thread_counter_race_condition"), Dim3(blocks), Dim3(threads), {counter});
    CHECK(counter.data<int32_t>()[0] >= 1);
    CHECK(counter.data<int32_t>()[0] <= int32_t(blocks * threads));

    Array safe = filled<int32_t>({1}, 0);
    launch_cpu(m.function("thread_counter_safe"), Dim3(blocks), Dim3(threads), {safe});
    CHECK(safe.data<int32_t>()[0] == int32_t(blocks * threads));
    launch_cpu(m.function("thread_counter_safe"), Dim3(blocks), Dim3(threads), {safe});
    CHECK(safe.data<int32_t>()[0] == int32_t(2 * blocks * threads));
}

TEST_CASE("cpu kernels: cuda_histogram bins 1M float32 values with atomic increments", "[kernel-cpu]") {
    const int64_t n = 1 << 20, nbins = 100;
    const double xmin = -4.0, xmax = 4.0;
    Rng rng(42);
    Array x = host_array<float>({n}, [&](int64_t) { return float(rng.uniform(-5.0, 5.0)); });
    std::vector<int32_t> want(nbins, 0);
    const double bin_width = (xmax - xmin) / double(nbins);
    for (int64_t i = 0; i < n; ++i) {
        int32_t b = int32_t((double(x.data<float>()[i]) - xmin) / bin_width);
        if (b >= 0 && b < nbins) ++want[b];
    }
    Function k = example("histogram").function("cuda_histogram");
    Array hist = filled<int32_t>({nbins}, 0);
    launch_cpu(k, Dim3(128), Dim3(256), {x, xmin, xmax, hist});
    CHECK(mismatch(to_vector<int32_t>(hist), want) == "");
    Array hist2 = filled<int32_t>({nbins}, 0);
    launch_cpu(k, Dim3(blocks_for(n, 512)), Dim3(512), {x, -4, 4, hist2});
    CHECK(mismatch(to_vector<int32_t>(hist2), want) == "");
}

TEST_CASE("cpu kernels: tile_transpose and tile_transpose_padded transpose through shared memory", "[kernel-cpu]") {
    const int64_t rows = 512, cols = 1024, tile = 32;
    Array a = host_array<float>({rows, cols}, [](int64_t i) { return float(i) * 0.25f - 1000.0f; });
    std::vector<float> want(rows * cols);
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c) want[c * rows + r] = a.data<float>()[r * cols + c];
    for (const char* name : {"tile_transpose", "tile_transpose_padded"}) {
        INFO(name);
        Function k = example(name).function(name);
        Array out = filled<float>({cols, rows}, 0.0f);
        launch_cpu(k, Dim3(uint32_t(cols / tile), uint32_t(rows / tile)), Dim3(uint32_t(tile), uint32_t(tile)),
                   {a, out});
        CHECK(mismatch(to_vector<float>(out), want) == "");
    }
}

// ------------------------------------------------------------------ shared memory, grids

TEST_CASE("cpu kernels: a padded 3-D shared array is addressed along every axis", "[kernel-cpu]") {
    const int64_t blocks = 40, n = blocks * 256;
    Array x = host_array<double>({n}, [](int64_t i) { return double(i) * 0.5 - 17.0; });
    std::vector<double> want(n);
    for (int64_t b = 0; b < blocks; ++b)
        for (int64_t z = 0; z < 4; ++z)
            for (int64_t y = 0; y < 4; ++y)
                for (int64_t t = 0; t < 16; ++t)
                    want[b * 256 + (z * 4 + y) * 16 + t] =
                        x.data<double>()[b * 256 + ((3 - z) * 4 + (3 - y)) * 16 + (15 - t)];
    Array out = filled<double>({n}, 0.0);
    launch_cpu(kernel("shared_3d"), Dim3(uint32_t(blocks)), Dim3(16, 4, 4), {x, out});
    CHECK(mismatch(to_vector<double>(out), want) == "");
}

TEST_CASE("cpu kernels: a shared-memory tree reduction with syncthreads in a loop sums each block", "[kernel-cpu]") {
    const int64_t n = (1 << 20) + 123, block = 256;
    const uint32_t blocks = blocks_for(n, block);
    Array x = host_array<float>({n}, [](int64_t i) { return float((i * 7) % 100) * 0.01f - 0.3f; });
    std::vector<float> want(blocks);
    for (uint32_t b = 0; b < blocks; ++b) {
        float sm[256];
        for (int64_t t = 0; t < block; ++t) {
            int64_t i = b * block + t;
            sm[t] = i < n ? x.data<float>()[i] : 0.0f;
        }
        for (int64_t s = block / 2; s > 0; s /= 2)
            for (int64_t t = 0; t < s; ++t) sm[t] += sm[t + s];
        want[b] = sm[0];
    }
    Array partial = filled<float>({int64_t(blocks)}, 0.0f);
    launch_cpu(kernel("block_sum"), Dim3(blocks), Dim3(uint32_t(block)), {x, partial});
    // The same tree in the same order in float32: exact on the CPU.
    CHECK(mismatch(to_vector<float>(partial), want) == "");
}

TEST_CASE("cpu kernels: threadIdx, blockIdx, blockDim and gridDim in x, y and z", "[kernel-cpu]") {
    const Dim3 grid(3, 2, 2), block(4, 3, 2);
    const int64_t threads = 3 * 2 * 2 * 4 * 3 * 2;
    std::vector<int32_t> want(threads * 12);
    for (uint32_t bz = 0; bz < grid.z; ++bz)
        for (uint32_t by = 0; by < grid.y; ++by)
            for (uint32_t bx = 0; bx < grid.x; ++bx)
                for (uint32_t tz = 0; tz < block.z; ++tz)
                    for (uint32_t ty = 0; ty < block.y; ++ty)
                        for (uint32_t tx = 0; tx < block.x; ++tx) {
                            int64_t b = (bz * grid.y + by) * grid.x + bx;
                            int64_t t = (tz * block.y + ty) * block.x + tx;
                            int64_t row = b * (block.x * block.y * block.z) + t;
                            int32_t v[12] = {int32_t(tx),      int32_t(ty),     int32_t(tz),      int32_t(bx),
                                             int32_t(by),      int32_t(bz),     int32_t(block.x), int32_t(block.y),
                                             int32_t(block.z), int32_t(grid.x), int32_t(grid.y),  int32_t(grid.z)};
                            std::copy(v, v + 12, want.begin() + row * 12);
                        }
    Array out = filled<int32_t>({threads, 12}, -1);
    launch_cpu(kernel("thread_ids"), grid, block, {out});
    CHECK(mismatch(to_vector<int32_t>(out), want) == "");
}

TEST_CASE("cpu kernels: cuda.grid and cuda.gridsize in 2 and 3 dimensions", "[kernel-cpu]") {
    const int64_t h = 100, w = 70;
    std::vector<int64_t> want2(h * w);
    for (int64_t i = 0; i < h; ++i)
        for (int64_t j = 0; j < w; ++j) want2[i * w + j] = i * 100000 + j;
    Array out2 = filled<int64_t>({h, w}, -1);
    Array gs2 = filled<int64_t>({2}, 0);
    launch_cpu(kernel("grid2d"), Dim3(blocks_for(h, 16), blocks_for(w, 8)), Dim3(16, 8), {out2, gs2});
    CHECK(mismatch(to_vector<int64_t>(out2), want2) == "");
    CHECK(to_vector<int64_t>(gs2) == std::vector<int64_t>{7 * 16, 9 * 8});

    const int64_t d0 = 20, d1 = 12, d2 = 9;
    std::vector<int64_t> want3(d0 * d1 * d2);
    for (int64_t i = 0; i < d0; ++i)
        for (int64_t j = 0; j < d1; ++j)
            for (int64_t k = 0; k < d2; ++k) want3[(i * d1 + j) * d2 + k] = (i * 1000 + j) * 1000 + k;
    Array out3 = filled<int64_t>({d0, d1, d2}, -1);
    Array gs3 = filled<int64_t>({3}, 0);
    launch_cpu(kernel("grid3d"), Dim3(5, 3, 3), Dim3(4, 4, 4), {out3, gs3});
    CHECK(mismatch(to_vector<int64_t>(out3), want3) == "");
    CHECK(to_vector<int64_t>(gs3) == std::vector<int64_t>{20, 12, 12});
}

// ------------------------------------------------------------------ control flow, functions

TEST_CASE("cpu kernels: early returns, device functions and local arrays", "[kernel-cpu]") {
    const int64_t n = 1000;
    Array x = host_array<int64_t>({n}, [](int64_t i) { return (i * 37) % 201 - 100; });
    std::vector<int64_t> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = x.data<int64_t>()[i] < 0 ? -1 : 2 * x.data<int64_t>()[i];
    Array out = filled<int64_t>({n}, 777);
    launch_cpu(kernel("early_return"), Dim3(5), Dim3(256), {x, out});
    CHECK(mismatch(to_vector<int64_t>(out), want) == "");

    Array a = host_array<int64_t>({n}, [](int64_t i) { return i - 500; });
    std::vector<int64_t> q(n), r(n), c(n);
    std::vector<double> f(n);
    for (int64_t i = 0; i < n; ++i) {
        int64_t v = a.data<int64_t>()[i];
        int64_t qq = v / 7, rr = v % 7;
        if (rr != 0 && rr < 0) {
            qq -= 1;
            rr += 7;
        }
        q[i] = qq;
        r[i] = rr;
        c[i] = std::clamp<int64_t>(v, -50, 50);
        f[i] = (double(v) * 0.5) * (double(v) * 0.5) + 9.0;
    }
    Array dq = filled<int64_t>({n}, 0), dr = filled<int64_t>({n}, 0), dc = filled<int64_t>({n}, 0);
    Array df = filled<double>({n}, 0.0);
    launch_cpu(kernel("device_functions"), Dim3(blocks_for(n, 128)), Dim3(128), {a, dq, dr, dc, df});
    CHECK(mismatch(to_vector<int64_t>(dq), q) == "");
    CHECK(mismatch(to_vector<int64_t>(dr), r) == "");
    CHECK(mismatch(to_vector<int64_t>(dc), c) == "");
    CHECK(mismatch(to_vector<double>(df), f, 1e-15, 1e-12) == "");
    CHECK_THROWS_WITH(launch_cpu(kernel("clamp"), Dim3(1), Dim3(1), {1, 2, 3}), Contains("not a @cuda.jit kernel"));

    const int64_t rows = 5000;
    Rng rng(7);
    Array xs = host_array<int32_t>({rows, 8}, [&](int64_t) { return int32_t(rng.integer(-1000, 1000)); });
    std::vector<int32_t> sorted = to_vector<int32_t>(xs);
    for (int64_t i = 0; i < rows; ++i) std::sort(sorted.begin() + i * 8, sorted.begin() + i * 8 + 8);
    Array sout = filled<int32_t>({rows, 8}, 0);
    launch_cpu(kernel("local_sort"), Dim3(blocks_for(rows, 128)), Dim3(128), {xs, sout});
    CHECK(mismatch(to_vector<int32_t>(sout), sorted) == "");
}

TEST_CASE("cpu kernels: dynamic shared memory is sized by LaunchOptions::shared_mem", "[kernel-cpu]") {
    Function k = kernel("dyn_shared_reverse");
    for (uint32_t block : {128u, 64u}) {
        INFO("block " << block);
        const int64_t blocks = 50, n = blocks * block;
        Array x = host_array<float>({n}, [](int64_t i) { return float(i) + 0.5f; });
        std::vector<float> want(n);
        for (int64_t b = 0; b < blocks; ++b)
            for (int64_t t = 0; t < block; ++t) want[b * block + t] = x.data<float>()[b * block + block - 1 - t];
        Array out = filled<float>({n}, 0.0f);
        LaunchOptions opts;
        opts.shared_mem = block * sizeof(float);
        launch_cpu(k, Dim3(uint32_t(blocks)), Dim3(block), {x, out}, opts);
        CHECK(mismatch(to_vector<float>(out), want) == "");
    }
    // 64 KiB, 1024 threads in one block (fibers).
    const int64_t n = 16384;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i) * 2.0f; });
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = x.data<float>()[n - 1 - i];
    Array out = filled<float>({n}, 0.0f);
    LaunchOptions opts;
    opts.shared_mem = size_t(n) * sizeof(float);
    launch_cpu(kernel("dyn_shared_big"), Dim3(1), Dim3(1024), {x, out}, opts);
    CHECK(mismatch(to_vector<float>(out), want) == "");
}

TEST_CASE("cpu kernels: a dynamic shared array is as long as the launch's shared memory allows", "[kernel-cpu]") {
    Array out = filled<int64_t>({3}, -1);
    LaunchOptions opts;
    opts.shared_mem = 3 * sizeof(int32_t) + 3;  // a partial element does not count
    launch_cpu(kernel("dyn_shared_slices"), Dim3(1), Dim3(1), {out}, opts);
    CHECK(to_vector<int64_t>(out) == std::vector<int64_t>{1, 2, 3});  // the slices do not alias
}

TEST_CASE("cpu kernels: one kernel is specialized per argument types, a declared signature rejects others",
          "[kernel-cpu]") {
    Function k = kernel("scale");
    const int64_t n = 5000;
    const uint32_t blocks = blocks_for(n, 256);
    Array x32 = host_array<float>({n}, [](int64_t i) { return float(i) * 0.1f; });
    Array o32 = filled<float>({n}, 0.0f);
    launch_cpu(k, Dim3(blocks), Dim3(256), {x32, o32, scalar<float>(2.5f)});
    std::vector<float> w32(n);
    for (int64_t i = 0; i < n; ++i) w32[i] = x32.data<float>()[i] * 2.5f;
    CHECK(mismatch(to_vector<float>(o32), w32) == "");
    Array xi = host_array<int32_t>({n}, [](int64_t i) { return int32_t(i) - 2500; });
    Array oi = filled<int32_t>({n}, 0);
    launch_cpu(k, Dim3(blocks), Dim3(256), {xi, oi, 3});
    std::vector<int32_t> wi(n);
    for (int64_t i = 0; i < n; ++i) wi[i] = (int32_t(i) - 2500) * 3;
    CHECK(mismatch(to_vector<int32_t>(oi), wi) == "");
    CHECK_THAT(kernel_specialization_cpu(k, {x32, o32, scalar<float>(2.5f)}).signature(), Contains("float32"));
    CHECK_THAT(kernel_specialization_cpu(k, {xi, oi, 3}).signature(), Contains("int32"));

    Function d = kernel("declared_double");
    Array x = host_array<float>({1000}, [](int64_t i) { return float(i) - 0.5f; });
    Array out = filled<float>({1000}, 0.0f);
    launch_cpu(d, Dim3(4), Dim3(256), {x, out});
    std::vector<float> want(1000);
    for (int64_t i = 0; i < 1000; ++i) want[i] = float(double(x.data<float>()[i]) * 2.0);
    CHECK(mismatch(to_vector<float>(out), want) == "");
    Array x64 = host_array<double>({1000}, [](int64_t i) { return double(i); });
    CHECK_THROWS_WITH(launch_cpu(d, Dim3(4), Dim3(256), {x64, x64}), Contains("no matching signature"));
}

TEST_CASE("cpu kernels: bad launch configurations fail before the launch, as on the GPU", "[kernel-cpu]") {
    Function k = example("add_kernel").function("add_kernel");
    const int64_t n = 4096;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i); });
    Array out = filled<float>({n}, -1.0f);
    std::vector<KernelArg> args{x, x, out};
    auto fails = [&](Dim3 grid, Dim3 block, size_t shared = 0) -> std::string {
        LaunchOptions opts;
        opts.shared_mem = shared;
        try {
            launch_cpu(k, grid, block, args, opts);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Argument);
            return e.what();
        }
        return "no error";
    };
    CHECK_THAT(fails(Dim3(1), Dim3(2048)), Contains("add_kernel") && Contains("exceeds the device's limit"));
    CHECK_THAT(fails(Dim3(1), Dim3(1024, 2)), Contains("2048 threads") && Contains("the CPU"));
    CHECK_THAT(fails(Dim3(0), Dim3(256)), Contains("grid (0, 1, 1) has a zero dimension (x)"));
    CHECK_THAT(fails(Dim3(4), Dim3(256, 0)), Contains("block (256, 0, 1) has a zero dimension (y)"));
    CHECK_THAT(fails(Dim3(4), Dim3(256), size_t(1) << 20), Contains("bytes of shared memory") && Contains("1048576"));
    CHECK_THROWS_WITH(launch_cpu(k, Dim3(4), Dim3(256), {x, x}), Contains("takes 3 arguments (x, y, out), 2 given"));
    CHECK(to_vector<float>(out) == std::vector<float>(n, -1.0f));  // nothing ran
    launch_cpu(k, Dim3(4), Dim3(256), args);
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = 2.0f * float(i);
    CHECK(mismatch(to_vector<float>(out), want) == "");
}

// ------------------------------------------------------------------ what the CPU path adds

TEST_CASE("cpu kernels: barriers inside a loop and a branch order a block-wide prefix sum", "[kernel-cpu]") {
    const int64_t block = 128, blocks = 300, n = block * blocks;
    Array x = host_array<int64_t>({n}, [](int64_t i) { return (i * 31) % 17 - 8; });
    std::vector<int64_t> want(n);
    for (int64_t b = 0; b < blocks; ++b) {
        int64_t s = 0;
        for (int64_t t = 0; t < block; ++t) want[b * block + t] = s += x.data<int64_t>()[b * block + t];
    }
    Array out = filled<int64_t>({n}, 0);
    launch_cpu(barrier_module().function("block_scan"), Dim3(uint32_t(blocks)), Dim3(uint32_t(block)), {x, out});
    CHECK(mismatch(to_vector<int64_t>(out), want) == "");
}

TEST_CASE("cpu kernels: syncthreads_count, _and and _or see every thread's predicate", "[kernel-cpu]") {
    const int64_t block = 96, blocks = 4;
    // Block 0: all positive; 1: none; 2: every third; 3: just the last thread.
    Array x = host_array<int32_t>({block * blocks}, [&](int64_t i) {
        int64_t b = i / block, t = i % block;
        bool on = b == 0 || (b == 2 && t % 3 == 0) || (b == 3 && t == block - 1);
        return on ? 1 : -1;
    });
    Array out = filled<int32_t>({blocks, 3}, -7);
    launch_cpu(barrier_module().function("barrier_votes"), Dim3(uint32_t(blocks)), Dim3(uint32_t(block)), {x, out});
    CHECK(to_vector<int32_t>(out) == std::vector<int32_t>{96, 1, 1, 0, 0, 0, 32, 0, 1, 1, 0, 1});
}

TEST_CASE("cpu kernels: shared atomics per block, laneid and warpsize", "[kernel-cpu]") {
    const uint32_t blocks = 200, block = 160;
    Array out = filled<int32_t>({blocks, 2}, 0);
    launch_cpu(barrier_module().function("block_atomics"), Dim3(blocks), Dim3(block), {out});
    std::vector<int32_t> want;
    for (uint32_t b = 0; b < blocks; ++b) want.insert(want.end(), {int32_t(block), int32_t(block - 1)});
    CHECK(mismatch(to_vector<int32_t>(out), want) == "");

    Array l = filled<int32_t>({3 * 48, 2}, -1);
    launch_cpu(barrier_module().function("lanes"), Dim3(3), Dim3(48), {l});
    for (int64_t i = 0; i < 3 * 48; ++i) {
        CHECK(l.data<int32_t>()[2 * i] == int32_t((i % 48) % 32));
        CHECK(l.data<int32_t>()[2 * i + 1] == 32);
    }
}

TEST_CASE("cpu kernels: launch() runs on the CPU where no CUDA device is usable", "[kernel-cpu]") {
    if (is_available()) return;  // the GPU runs it: gpu_kernels_test.cpp
    Function k = example("add_kernel").function("add_kernel");
    Array x = host_array<float>({1000}, [](int64_t i) { return float(i); });
    Array out = filled<float>({1000}, 0.0f);
    cuda::launch(k, Dim3(4), Dim3(64), {x, x, out});
    CHECK(out.data<float>()[999] == 1998.0f);
}

TEST_CASE("cpu kernels: device arrays are refused with a hint", "[kernel-cpu]") {
    if (!is_available()) return;  // a DeviceArray needs a device
    Function k = example("add_kernel").function("add_kernel");
    DeviceArray d = device_array({4}, DType::Float32);
    CHECK_THROWS_WITH(launch_cpu(k, Dim3(1), Dim3(4), {d, d, d}), Contains("copy_to_host"));
}

TEST_CASE("cpu kernels: with boundscheck an index out of range is an IndexError naming the thread", "[kernel-cpu]") {
    LaunchOptions checked;
    checked.boundscheck = true;
    Function k = barrier_module().function("off_by_one");
    Array x = host_array<float>({32}, [](int64_t i) { return float(i); });
    Array out = filled<float>({40}, 0.0f);
    try {
        launch_cpu(k, Dim3(2), Dim3(32), {x, out}, checked);
        FAIL("no IndexError");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Runtime);
        CHECK_THAT(e.what(), Contains("IndexError: index out of bounds") && Contains("off_by_one at barriers.py:") &&
                                 Contains("kernel 'off_by_one', thread (0, 0, 0) of block (1, 0, 0)"));
    }
    // In range, the checked kernel gives the unchecked one's results.
    Array big = filled<float>({64}, 0.0f);
    Array x64 = host_array<float>({64}, [](int64_t i) { return float(i); });
    launch_cpu(kernel("scale"), Dim3(1), Dim3(64), {x64, big, scalar<float>(2.0f)}, checked);
    CHECK(big.data<float>()[63] == 126.0f);

    // Among fibers (a barrier kernel): thread 32 of a 33-thread block writes sm[32].
    Array o = filled<int32_t>({66}, 0);
    CHECK_THROWS_WITH(launch_cpu(barrier_module().function("shared_oob"), Dim3(2), Dim3(33), {o}, checked),
                      Contains("IndexError") && Contains("thread (32, 0, 0) of block"));
    // The same launch in range runs (the pool and its fiber stacks are fine after the error).
    Array o2 = filled<int32_t>({64}, 0);
    launch_cpu(barrier_module().function("shared_oob"), Dim3(2), Dim3(32), {o2}, checked);
    CHECK(o2.data<int32_t>()[0] == 31);
    CHECK(o2.data<int32_t>()[63] == 0);
}
