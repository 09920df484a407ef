// @cuda.jit kernels end to end on a real GPU ([gpu]): ujit source → PTX → launch through
// ujit::cuda::launch(Function, ...) → results checked against plain C++ loops. The course
// kernels of lang/examples first, then grids, shared memory, device functions, local arrays,
// dynamic shared memory, specialization, launch errors and atomics (gpu_atomics_test.cpp).
// Without a GPU every case skips (gpu_ptx_test.cpp still compiles all of them to PTX).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "gpu_check.hpp"
#include "gpu_sources.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;
using Catch::Matchers::Contains;

namespace {
Function kernel(const char* name) { return kernels_module().function(name); }
}  // namespace

// ------------------------------------------------------------------ the course's kernels

TEST_CASE("gpu: add_kernel adds 1M float32 elements with a grid-stride loop", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    Function k = example("add_kernel").function("add_kernel");
    const int64_t n = 1 << 20;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i % 1000) * 0.5f; });
    Array y = host_array<float>({n}, [](int64_t i) { return float(i) * 1e-3f; });
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = x.data<float>()[i] + y.data<float>()[i];

    // Device arrays, far fewer threads than elements: the stride loop covers the rest.
    DeviceArray dx = to_device(x.ref()), dy = to_device(y.ref()), dout = device_array({n}, DType::Float32);
    launch(k, Dim3(80), Dim3(128), {dx, dy, dout});
    CHECK(mismatch(from_device<float>(dout), want) == "");

    // Host arrays: copied in, and the output copied back after the kernel.
    Array out = host_array<float>({n}, [](int64_t) { return -1.0f; });
    launch(k, Dim3(blocks_for(n, 256)), Dim3(256), {x, y, out});
    CHECK(mismatch(to_vector<float>(out), want) == "");

    // A strided host input (every other element of a 2n array: layout A) with a device y.
    Array wide = host_array<float>({2 * n}, [&](int64_t i) { return i % 2 ? -7.0f : x.data<float>()[i / 2]; });
    ArrayRef evens = wide.ref();
    evens.shape = {n};
    evens.strides = {8};
    DeviceArray dout2 = device_array({n}, DType::Float32);
    launch(k, Dim3(64), Dim3(256), {evens, dy, dout2});
    CHECK(mismatch(from_device<float>(dout2), want) == "");
    CHECK(kernel_specialization(k, {evens, dy, dout2}).signature() !=
          kernel_specialization(k, {dx, dy, dout2}).signature());
}

TEST_CASE("gpu: thread_counter races without atomics and counts every thread with them", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    Module& m = example("thread_counter");
    const uint32_t blocks = 64, threads = 64;
    Array counter = host_array<int32_t>({1}, [](int64_t) { return 0; });
    launch(m.function("thread_counter_race_condition"), Dim3(blocks), Dim3(threads), {counter});
    int32_t racy = counter.data<int32_t>()[0];
    CHECK(racy >= 1);
    CHECK(racy <= int32_t(blocks * threads));

    DeviceArray dc = to_device(host_array<int32_t>({1}, [](int64_t) { return 0; }).ref());
    launch(m.function("thread_counter_safe"), Dim3(blocks), Dim3(threads), {dc});
    CHECK(from_device<int32_t>(dc)[0] == int32_t(blocks * threads));
    // Again on the same array: the counts add up.
    launch(m.function("thread_counter_safe"), Dim3(blocks), Dim3(threads), {dc});
    CHECK(from_device<int32_t>(dc)[0] == int32_t(2 * blocks * threads));
}

TEST_CASE("gpu: cuda_histogram bins 1M float32 values with atomic increments", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 1 << 20, nbins = 100;
    const double xmin = -4.0, xmax = 4.0;
    Rng rng(42);
    // Values in [-5, 5): some below xmin and at or above xmax are not counted.
    Array x = host_array<float>({n}, [&](int64_t) { return float(rng.uniform(-5.0, 5.0)); });
    // The kernel: bin_width = (xmax - xmin) / nbins in float64, x[i] - xmin in float64,
    // np.int32 truncates toward zero (so (-1, 0) lands in bin 0, as in the course).
    std::vector<int32_t> want(nbins, 0);
    const double bin_width = (xmax - xmin) / double(nbins);
    for (int64_t i = 0; i < n; ++i) {
        int32_t b = int32_t((double(x.data<float>()[i]) - xmin) / bin_width);
        if (b >= 0 && b < nbins) ++want[b];
    }
    Function k = example("histogram").function("cuda_histogram");
    DeviceArray hist = to_device(host_array<int32_t>({nbins}, [](int64_t) { return 0; }).ref());
    DeviceArray dx = to_device(x.ref());
    launch(k, Dim3(128), Dim3(256), {dx, xmin, xmax, hist});
    CHECK(mismatch(from_device<int32_t>(hist), want) == "");
    int64_t counted = std::accumulate(want.begin(), want.end(), int64_t(0));
    CHECK(counted > n / 2);
    CHECK(counted < n);

    // Host arrays and Python-int bounds (converted to the kernel's parameter types).
    Array hist_host = host_array<int32_t>({nbins}, [](int64_t) { return 0; });
    launch(k, Dim3(blocks_for(n, 512)), Dim3(512), {x, -4, 4, hist_host});
    CHECK(mismatch(to_vector<int32_t>(hist_host), want) == "");
}

TEST_CASE("gpu: tile_transpose and tile_transpose_padded transpose through shared memory", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    const int64_t rows = 512, cols = 1024, tile = 32;
    Array a = host_array<float>({rows, cols}, [](int64_t i) { return float(i) * 0.25f - 1000.0f; });
    std::vector<float> want(rows * cols);
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c) want[c * rows + r] = a.data<float>()[r * cols + c];
    for (const char* name : {"tile_transpose", "tile_transpose_padded"}) {
        INFO(name);
        Function k = example(name).function(name);
        DeviceArray din = to_device(a.ref()), dout = device_array({cols, rows}, DType::Float32);
        launch(k, Dim3(uint32_t(cols / tile), uint32_t(rows / tile)), Dim3(uint32_t(tile), uint32_t(tile)),
               {din, dout});
        CHECK(dout.shape() == std::vector<int64_t>{cols, rows});
        CHECK(mismatch(from_device<float>(dout), want) == "");
        // The shared tile is static: the kernel reports it.
        CHECK(kernel_specialization(k, {din, dout}).ptx().find(".shared") != std::string::npos);
    }
}

// ------------------------------------------------------------------ shared memory, grids

TEST_CASE("gpu: a padded 3-D shared array is addressed along every axis", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t blocks = 40, n = blocks * 256;
    Array x = host_array<double>({n}, [](int64_t i) { return double(i) * 0.5 - 17.0; });
    std::vector<double> want(n);
    for (int64_t b = 0; b < blocks; ++b)
        for (int64_t z = 0; z < 4; ++z)
            for (int64_t y = 0; y < 4; ++y)
                for (int64_t t = 0; t < 16; ++t)
                    want[b * 256 + (z * 4 + y) * 16 + t] =
                        x.data<double>()[b * 256 + ((3 - z) * 4 + (3 - y)) * 16 + (15 - t)];
    DeviceArray out = device_array({n}, DType::Float64);
    Function k = kernel("shared_3d");
    launch(k, Dim3(uint32_t(blocks)), Dim3(16, 4, 4), {to_device(x.ref()), out});
    CHECK(mismatch(from_device<double>(out), want) == "");
    // 4 x 4 rows of 16 + 1 float64: the padding is there.
    CHECK(kernel_specialization(k, {to_device(x.ref()), out}).ptx().find("[2176]") != std::string::npos);
}

TEST_CASE("gpu: a shared-memory tree reduction with syncthreads sums each block", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = (1 << 20) + 123, block = 256;  // BLOCK in the kernel
    const uint32_t blocks = blocks_for(n, block);
    Array x = host_array<float>({n}, [](int64_t i) { return float((i * 7) % 100) * 0.01f - 0.3f; });
    // The same tree, in the same order, in float32.
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
    DeviceArray partial = device_array({int64_t(blocks)}, DType::Float32);
    launch(kernel("block_sum"), Dim3(blocks), Dim3(uint32_t(block)), {to_device(x.ref()), partial});
    CHECK(mismatch(from_device<float>(partial), want, 1e-6, 1e-6) == "");
}

TEST_CASE("gpu: threadIdx, blockIdx, blockDim and gridDim in x, y and z", "[gpu]") {
    UJIT_REQUIRE_GPU();
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
    DeviceArray out = to_device(host_array<int32_t>({threads, 12}, [](int64_t) { return -1; }).ref());
    launch(kernel("thread_ids"), grid, block, {out});
    CHECK(mismatch(from_device<int32_t>(out), want) == "");
}

TEST_CASE("gpu: cuda.grid(2) and cuda.gridsize(2) index a 2-D array", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t h = 100, w = 70;
    const Dim3 block(16, 8), grid(blocks_for(h, 16), blocks_for(w, 8));  // 7 x 9 blocks overhang
    std::vector<int64_t> want(h * w);
    for (int64_t i = 0; i < h; ++i)
        for (int64_t j = 0; j < w; ++j) want[i * w + j] = i * 100000 + j;
    Array out = host_array<int64_t>({h, w}, [](int64_t) { return -1; });
    Array gs = host_array<int64_t>({2}, [](int64_t) { return 0; });
    launch(kernel("grid2d"), grid, block, {out, gs});
    CHECK(mismatch(to_vector<int64_t>(out), want) == "");
    CHECK(to_vector<int64_t>(gs) == std::vector<int64_t>{7 * 16, 9 * 8});
}

TEST_CASE("gpu: cuda.grid(3) and cuda.gridsize(3) index a 3-D array", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t d0 = 20, d1 = 12, d2 = 9;
    const Dim3 block(4, 4, 4), grid(5, 3, 3);
    std::vector<int64_t> want(d0 * d1 * d2);
    for (int64_t i = 0; i < d0; ++i)
        for (int64_t j = 0; j < d1; ++j)
            for (int64_t k = 0; k < d2; ++k) want[(i * d1 + j) * d2 + k] = (i * 1000 + j) * 1000 + k;
    DeviceArray out = to_device(host_array<int64_t>({d0, d1, d2}, [](int64_t) { return -1; }).ref());
    DeviceArray gs = device_array({3}, DType::Int64);
    launch(kernel("grid3d"), grid, block, {out, gs});
    CHECK(mismatch(from_device<int64_t>(out), want) == "");
    CHECK(from_device<int64_t>(gs) == std::vector<int64_t>{20, 12, 12});
}

// ------------------------------------------------------------------ control flow, functions

TEST_CASE("gpu: early returns leave out-of-range threads and negative inputs alone", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 1000;
    Array x = host_array<int64_t>({n}, [](int64_t i) { return (i * 37) % 201 - 100; });
    std::vector<int64_t> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = x.data<int64_t>()[i] < 0 ? -1 : 2 * x.data<int64_t>()[i];
    Array out = host_array<int64_t>({n}, [](int64_t) { return 777; });
    launch(kernel("early_return"), Dim3(5), Dim3(256), {x, out});  // 1280 threads
    CHECK(mismatch(to_vector<int64_t>(out), want) == "");
}

TEST_CASE("gpu: device functions return scalars and tuples, and call each other", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 1000;
    Array a = host_array<int64_t>({n}, [](int64_t i) { return i - 500; });
    std::vector<int64_t> q(n), r(n), c(n);
    std::vector<double> f(n);
    for (int64_t i = 0; i < n; ++i) {
        int64_t v = a.data<int64_t>()[i];
        int64_t qq = v / 7, rr = v % 7;
        if (rr != 0 && rr < 0) {  // Python's floor division
            qq -= 1;
            rr += 7;
        }
        q[i] = qq;
        r[i] = rr;
        c[i] = std::clamp<int64_t>(v, -50, 50);
        f[i] = (double(v) * 0.5) * (double(v) * 0.5) + 9.0;
    }
    DeviceArray dq = device_array({n}, DType::Int64), dr = device_array({n}, DType::Int64),
                dc = device_array({n}, DType::Int64), df = device_array({n}, DType::Float64);
    launch(kernel("device_functions"), Dim3(blocks_for(n, 128)), Dim3(128), {a, dq, dr, dc, df});
    CHECK(mismatch(from_device<int64_t>(dq), q) == "");
    CHECK(mismatch(from_device<int64_t>(dr), r) == "");
    CHECK(mismatch(from_device<int64_t>(dc), c) == "");
    CHECK(mismatch(from_device<double>(df), f, 1e-15, 1e-12) == "");  // an FMA may fuse sq(a) + sq(b)
    // A device function is not a kernel.
    CHECK_THROWS_WITH(launch(kernel("clamp"), Dim3(1), Dim3(1), {1, 2, 3}), Contains("not a @cuda.jit kernel"));
}

TEST_CASE("gpu: cuda.local.array holds per-thread scratch (sorting, coefficients)", "[gpu]") {
    UJIT_REQUIRE_GPU();
    const int64_t rows = 5000;
    Rng rng(7);
    Array x = host_array<int32_t>({rows, 8}, [&](int64_t) { return int32_t(rng.integer(-1000, 1000)); });
    std::vector<int32_t> want = to_vector<int32_t>(x);
    for (int64_t i = 0; i < rows; ++i) std::sort(want.begin() + i * 8, want.begin() + i * 8 + 8);
    DeviceArray out = device_array({rows, 8}, DType::Int32);
    launch(kernel("local_sort"), Dim3(blocks_for(rows, 128)), Dim3(128), {x, out});
    CHECK(mismatch(from_device<int32_t>(out), want) == "");

    const int64_t n = 10000;
    Array xs = host_array<double>({n}, [](int64_t i) { return -2.0 + 4.0 * double(i) / double(n); });
    std::vector<double> poly(n);
    for (int64_t i = 0; i < n; ++i) {
        double v = xs.data<double>()[i];
        poly[i] = ((4.0 * v + 3.0) * v + 2.0) * v + 1.0;
    }
    DeviceArray dpoly = device_array({n}, DType::Float64);
    launch(kernel("local_horner"), Dim3(blocks_for(n, 256)), Dim3(256), {xs, dpoly});
    CHECK(mismatch(from_device<double>(dpoly), poly, 1e-13, 1e-13) == "");
}

// ------------------------------------------------------------------ dynamic shared memory

TEST_CASE("gpu: cuda.shared.array(0, float32) is sized by LaunchOptions::shared_mem", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Function k = kernel("dyn_shared_reverse");
    for (uint32_t block : {128u, 64u}) {
        INFO("block " << block);
        const int64_t blocks = 50, n = blocks * block;
        Array x = host_array<float>({n}, [](int64_t i) { return float(i) + 0.5f; });
        std::vector<float> want(n);
        for (int64_t b = 0; b < blocks; ++b)
            for (int64_t t = 0; t < block; ++t) want[b * block + t] = x.data<float>()[b * block + block - 1 - t];
        DeviceArray out = device_array({n}, DType::Float32);
        LaunchOptions opts;
        opts.shared_mem = block * sizeof(float);
        launch(k, Dim3(uint32_t(blocks)), Dim3(block), {to_device(x.ref()), out}, opts);
        CHECK(mismatch(from_device<float>(out), want) == "");
    }
}

TEST_CASE("gpu: a dynamic shared array is as long as the launch's shared memory (%dynamic_smem_size)", "[gpu]") {
    UJIT_REQUIRE_GPU();
    DeviceArray out = device_array({3}, DType::Int64);
    LaunchOptions opts;
    opts.shared_mem = 3 * sizeof(int32_t) + 3;  // a partial element does not count
    launch(kernel("dyn_shared_slices"), Dim3(1), Dim3(1), {out}, opts);
    CHECK(from_device<int64_t>(out) == std::vector<int64_t>{1, 2, 3});  // the slices do not alias
}

TEST_CASE("gpu: dynamic shared memory beyond 48 KiB needs (and gets) the opt-in", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Function k = kernel("dyn_shared_big");
    DeviceInfo info = current_device_info();
    for (int64_t n : {int64_t(8192), int64_t(16384)}) {  // 32 KiB, 64 KiB
        size_t bytes = size_t(n) * sizeof(float);
        if (bytes > std::max(info.shared_mem_per_block_optin, info.shared_mem_per_block)) {
            WARN("skipped " << bytes << " bytes: over " << info.name << "'s opt-in limit");
            continue;
        }
        INFO(bytes << " bytes of dynamic shared memory");
        Array x = host_array<float>({n}, [](int64_t i) { return float(i) * 2.0f; });
        std::vector<float> want(n);
        for (int64_t i = 0; i < n; ++i) want[i] = x.data<float>()[n - 1 - i];
        DeviceArray out = device_array({n}, DType::Float32);
        LaunchOptions opts;
        opts.shared_mem = bytes;
        launch(k, Dim3(1), Dim3(1024), {to_device(x.ref()), out}, opts);
        CHECK(mismatch(from_device<float>(out), want) == "");
    }
}

// ------------------------------------------------------------------ specialization

TEST_CASE("gpu: one kernel is specialized per argument types (dtype and layout)", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Function k = kernel("scale");
    const int64_t n = 5000;
    const uint32_t blocks = blocks_for(n, 256);

    Array x32 = host_array<float>({n}, [](int64_t i) { return float(i) * 0.1f; });
    DeviceArray o32 = device_array({n}, DType::Float32);
    launch(k, Dim3(blocks), Dim3(256), {x32, o32, scalar<float>(2.5f)});
    std::vector<float> w32(n);
    for (int64_t i = 0; i < n; ++i) w32[i] = x32.data<float>()[i] * 2.5f;
    CHECK(mismatch(from_device<float>(o32), w32) == "");

    Array x64 = host_array<double>({n}, [](int64_t i) { return double(i) * 0.1; });
    DeviceArray o64 = device_array({n}, DType::Float64);
    launch(k, Dim3(blocks), Dim3(256), {x64, o64, 2.5});
    std::vector<double> w64(n);
    for (int64_t i = 0; i < n; ++i) w64[i] = x64.data<double>()[i] * 2.5;
    CHECK(mismatch(from_device<double>(o64), w64) == "");

    Array xi = host_array<int32_t>({n}, [](int64_t i) { return int32_t(i) - 2500; });
    DeviceArray oi = device_array({n}, DType::Int32);
    launch(k, Dim3(blocks), Dim3(256), {xi, oi, 3});
    std::vector<int32_t> wi(n);
    for (int64_t i = 0; i < n; ++i) wi[i] = (int32_t(i) - 2500) * 3;
    CHECK(mismatch(from_device<int32_t>(oi), wi) == "");

    Specialization s32 = kernel_specialization(k, {x32, o32, scalar<float>(2.5f)});
    Specialization s64 = kernel_specialization(k, {x64, o64, 2.5});
    Specialization si = kernel_specialization(k, {xi, oi, 3});
    CHECK_THAT(s32.signature(), Contains("float32"));
    CHECK_THAT(s64.signature(), Contains("float64"));
    CHECK_THAT(si.signature(), Contains("int32"));
    CHECK(s32.signature() != s64.signature());
    CHECK(s64.signature() != si.signature());
    CHECK_THAT(s32.ptx(), Contains(".entry"));
    // The same argument types reuse the specialization.
    CHECK(kernel_specialization(k, {x32, o32, scalar<float>(1.0f)}).ptx() == s32.ptx());

    // Layouts: C, F and strided 2-D inputs, each its own specialization, all correct.
    const int64_t h = 30, w = 40;
    Function copy = kernel("copy2d");
    std::vector<double> want(h * w);
    for (int64_t i = 0; i < h; ++i)
        for (int64_t j = 0; j < w; ++j) want[i * w + j] = double(i * 1000 + j) + 1.0;
    Array c = host_array<double>({h, w}, [&](int64_t f) { return double((f / w) * 1000 + f % w); });
    Array fo(DType::Float64, {h, w}, true);  // F order: element (i, j) at i + j*h
    for (int64_t i = 0; i < h; ++i)
        for (int64_t j = 0; j < w; ++j) fo.data<double>()[i + j * h] = double(i * 1000 + j);
    Array wide = host_array<double>({h, 2 * w}, [&](int64_t f) {
        int64_t i = f / (2 * w), j = f % (2 * w);
        return j % 2 ? -1.0 : double(i * 1000 + j / 2);
    });
    ArrayRef strided = wide.ref();
    strided.shape = {h, w};
    strided.strides = {2 * w * 8, 16};
    std::vector<std::string> sigs;
    for (const ArrayRef& in : {c.ref(), fo.ref(), strided}) {
        DeviceArray out = device_array({h, w}, DType::Float64);
        launch(copy, Dim3(blocks_for(h, 8), blocks_for(w, 8)), Dim3(8, 8), {in, out});
        CHECK(mismatch(from_device<double>(out), want) == "");
        sigs.push_back(kernel_specialization(copy, {in, out}).signature());
    }
    CHECK(sigs[0] != sigs[1]);
    CHECK(sigs[1] != sigs[2]);
    CHECK(sigs[0] != sigs[2]);
    // An F-ordered device array goes in as is.
    DeviceArray dfo = to_device(fo.ref());
    CHECK(dfo.is_f_contiguous());
    DeviceArray out = device_array({h, w}, DType::Float64);
    launch(copy, Dim3(blocks_for(h, 8), blocks_for(w, 8)), Dim3(8, 8), {dfo, out});
    CHECK(mismatch(from_device<double>(out), want) == "");
}

TEST_CASE("gpu: a kernel with a declared signature runs it and rejects other types", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Function k = kernel("declared_double");
    const int64_t n = 1000;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i) - 0.5f; });
    Array out = host_array<float>({n}, [](int64_t) { return 0.0f; });
    launch(k, Dim3(4), Dim3(256), {x, out});
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = float(double(x.data<float>()[i]) * 2.0);
    CHECK(mismatch(to_vector<float>(out), want) == "");
    Array x64 = host_array<double>({n}, [](int64_t i) { return double(i); });
    CHECK_THROWS_WITH(launch(k, Dim3(4), Dim3(256), {x64, x64}), Contains("no matching signature"));
}

// ------------------------------------------------------------------ launch errors

TEST_CASE("gpu: bad launch configurations fail before the launch with a clear ujit::Error", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Function k = example("add_kernel").function("add_kernel");
    const int64_t n = 4096;
    Array x = host_array<float>({n}, [](int64_t i) { return float(i); });
    DeviceArray dx = to_device(x.ref()), out = to_device(host_array<float>({n}, [](int64_t) { return -1.0f; }).ref());
    std::vector<KernelArg> args{dx, dx, out};
    auto fails = [&](Dim3 grid, Dim3 block, size_t shared = 0) -> std::string {
        LaunchOptions opts;
        opts.shared_mem = shared;
        try {
            launch(k, grid, block, args, opts);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Argument);
            return e.what();
        }
        return "no error";
    };
    DeviceInfo info = current_device_info();
    // Too many threads per block: over the x limit, and over the total with a legal x.
    CHECK_THAT(fails(Dim3(1), Dim3(2048)), Contains("add_kernel") && Contains("exceeds the device's limit"));
    CHECK_THAT(fails(Dim3(1), Dim3(1024, 2)), Contains("2048 threads") && Contains("per block"));
    // Zero grid and block dimensions.
    CHECK_THAT(fails(Dim3(0), Dim3(256)), Contains("grid (0, 1, 1) has a zero dimension (x)"));
    CHECK_THAT(fails(Dim3(4, 1, 0), Dim3(256)), Contains("zero dimension (z)"));
    CHECK_THAT(fails(Dim3(4), Dim3(256, 0)), Contains("block (256, 0, 1) has a zero dimension (y)"));
    // A grid over the device's y limit.
    CHECK_THAT(fails(Dim3(1, uint32_t(info.max_grid_dim[1]) + 1), Dim3(32)),
               Contains("dimension y exceeds the device's limit"));
    // More dynamic shared memory than any block may have.
    CHECK_THAT(fails(Dim3(4), Dim3(256), size_t(1) << 20), Contains("bytes of shared memory") && Contains("1048576"));
    // Wrong arguments.
    CHECK_THROWS_WITH(launch(k, Dim3(4), Dim3(256), {dx, dx}), Contains("takes 3 arguments"));
    // Nothing ran: the output is untouched, and a good launch still works.
    CHECK(from_device<float>(out) == std::vector<float>(n, -1.0f));
    launch(k, Dim3(4), Dim3(256), args);
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = 2.0f * float(i);
    CHECK(mismatch(from_device<float>(out), want) == "");
}
