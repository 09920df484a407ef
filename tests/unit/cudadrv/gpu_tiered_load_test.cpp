// Tiered loading on a real GPU ([gpu]; cudadrv/module_state.hpp): a module whose cubin is not
// in the disk cache runs its first launch on -O0 code while the full level compiles on the
// worker thread; the second launch uses the full level, which the disk cache then keeps.
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "../cache/cache_test_support.hpp"
#include "cudadrv/module_state.hpp"
#include "cudadrv/ptx_routines.hpp"
#include "cudadrv/quick_load.hpp"
#include "gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using ujit::cache::test::count_files;
using ujit::cache::test::ScopedEnv;
using ujit::cache::test::TempDir;

namespace {

// The test kernels' PTX made unique (a comment), so that no cache of this process or of the
// driver has its cubin: each call is a cold load.
std::string fresh_ptx() {
    static std::atomic<int> n{0};
    return test_kernels_ptx() + "\n// tiered-load test " + std::to_string(::getpid()) + "." + std::to_string(++n) +
           "\n";
}

KernelParam f32_1d(const char* name) { return KernelParam::array(DType::Float32, 1, 'A', name); }

bool adds_right(const LoadedKernel& k, int n) {
    Array a(DType::Float32, {n}), b(DType::Float32, {n});
    for (int i = 0; i < n; ++i) {
        a.data<float>()[i] = float(i);
        b.data<float>()[i] = 0.5f * float(i);
    }
    DeviceArray da = to_device(a.ref()), db = to_device(b.ref()), dout = device_array_like(da);
    k.launch(unsigned((n + 127) / 128), 128, da, db, dout);
    Array r = dout.copy_to_host();
    for (int i = 0; i < n; ++i)
        if (r.data<float>()[i] != 1.5f * float(i)) return false;
    return true;
}

}  // namespace

TEST_CASE("a cold module's first launch is quick code, the next ones the full level, which the cache keeps",
          "[gpu][cache][tiered]") {
    UJIT_REQUIRE_GPU();
    TempDir dir;
    ScopedEnv on("UJIT_CACHE", std::string("1")), where("UJIT_CACHE_DIR", dir.path().string()),
        tiered("UJIT_CUDA_TIERED_JIT", std::nullopt);
    std::string ptx = fresh_ptx();
    long quick = ujit::cuda::detail::quick_module_loads();
    LoadedModule m = LoadedModule::from_ptx(ptx);
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 1);
    LoadedKernel k = m.kernel("add_f32", {f32_1d("a"), f32_1d("b"), f32_1d("out")});
    CHECK(adds_right(k, 1000));   // the -O0 code
    CHECK(adds_right(k, 4097));   // waits for the full level
    CHECK(count_files(dir.path()) >= 1);  // its cubin, stored by the full-level compile

    // The next load of the same PTX finds the full-level cubin: nothing quick about it.
    LoadedModule again = LoadedModule::from_ptx(ptx);
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 1);
    CHECK(adds_right(again.kernel("add_f32", {f32_1d("a"), f32_1d("b"), f32_1d("out")}), 1000));

    // Attribute queries answer for the full level, as with tiering off.
    LoadedModule tiered_mod = LoadedModule::from_ptx(fresh_ptx());
    KernelAttributes a = tiered_mod.kernel("add_f32", {}).attributes();
    ScopedEnv off("UJIT_CUDA_TIERED_JIT", std::string("0"));
    LoadedModule full_mod = LoadedModule::from_ptx(fresh_ptx());
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 2);  // tiered_mod's, not full_mod's
    KernelAttributes b = full_mod.kernel("add_f32", {}).attributes();
    CHECK(a.regs_per_thread == b.regs_per_thread);
    CHECK(a.local_bytes_per_thread == b.local_bytes_per_thread);
}

TEST_CASE("UJIT_CUDA_TIERED_JIT=0 loads the full level at once, UJIT_CACHE=0 still tiers", "[gpu][tiered]") {
    UJIT_REQUIRE_GPU();
    ScopedEnv no_disk("UJIT_CACHE", std::string("0"));
    long quick = ujit::cuda::detail::quick_module_loads();
    {
        ScopedEnv off("UJIT_CUDA_TIERED_JIT", std::string("0"));
        LoadedModule m = LoadedModule::from_ptx(fresh_ptx());
        CHECK(adds_right(m.kernel("add_f32", {f32_1d("a"), f32_1d("b"), f32_1d("out")}), 300));
        CHECK(ujit::cuda::detail::quick_module_loads() == quick);
    }
    LoadedModule m = LoadedModule::from_ptx(fresh_ptx());
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 1);
    LoadedKernel k = m.kernel("add_f32", {f32_1d("a"), f32_1d("b"), f32_1d("out")});
    for (int i = 0; i < 3; ++i) CHECK(adds_right(k, 300 + i));
}

TEST_CASE("threads launching one cold kernel at once all get right results across the swap", "[gpu][threads][tiered]") {
    UJIT_REQUIRE_GPU();
    ScopedEnv no_disk("UJIT_CACHE", std::string("0"));
    for (int round = 0; round < 3; ++round) {
        LoadedModule m = LoadedModule::from_ptx(fresh_ptx());
        LoadedKernel k = m.kernel("add_f32", {f32_1d("a"), f32_1d("b"), f32_1d("out")});
        std::atomic<int> wrong{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 6; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < 4; ++i)
                    if (!adds_right(k, 500 + 37 * t + i)) ++wrong;
            });
        for (auto& t : threads) t.join();
        CHECK(wrong == 0);
    }
}

// A tiered kernel with an inexact product that is both stored and added (LLVM fuses the add
// as fma.rn beside the multiply): a*b + c with a*b inexact (1 - 2^-26 rounds to 1 in float32)
// is 0 unfused and -2^-26 fused, and the first launch (-O0) and the next (full level) agree.
TEST_CASE("the first launch's -O0 code and the full level give the same bits", "[gpu][tiered]") {
    UJIT_REQUIRE_GPU();
    ScopedEnv no_disk("UJIT_CACHE", std::string("0")), tiered("UJIT_CUDA_TIERED_JIT", std::nullopt);
    const std::string src = "from numba import cuda\n\n@cuda.jit\ndef kept(a, out):\n    t = a[0] * a[1]\n"
                            "    out[0] = t + a[2]\n    out[1] = t\n";
    Module m = Module::from_string(src, "kept.py");
    Function f = m.function("kept");
    Array a(DType::Float32, {3});
    a.data<float>()[0] = 1.0f + 0x1p-13f;
    a.data<float>()[1] = 1.0f - 0x1p-13f;
    a.data<float>()[2] = -1.0f;
    DeviceArray da = to_device(a.ref());
    DeviceArray first = device_array({2}, DType::Float32), second = device_array({2}, DType::Float32);
    long quick = ujit::cuda::detail::quick_module_loads();
    launch(f, Dim3(1), Dim3(1), {da, first});
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 1);
    launch(f, Dim3(1), Dim3(1), {da, second});
    Array r1 = first.copy_to_host(), r2 = second.copy_to_host();
    for (int i = 0; i < 2; ++i) {
        INFO("element " << i << ": first launch " << r1.data<float>()[i] << ", second " << r2.data<float>()[i]);
        CHECK(std::memcmp(&r1.data<float>()[i], &r2.data<float>()[i], sizeof(float)) == 0);
    }
}

TEST_CASE("PTX whose product ptxas would fuse at the full level is not tiered", "[gpu][tiered]") {
    UJIT_REQUIRE_GPU();
    ScopedEnv no_disk("UJIT_CACHE", std::string("0")), tiered("UJIT_CUDA_TIERED_JIT", std::nullopt);
    const std::string ptx = ".version 7.8\n.target sm_80\n.address_size 64\n.visible .entry fused(.param .u64 p)\n{\n"
                            "\t.reg .f32 %f<6>;\n\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [p];\n"
                            "\tcvta.to.global.u64 %rd2, %rd1;\n\tld.global.f32 %f1, [%rd2];\n"
                            "\tld.global.f32 %f2, [%rd2+4];\n\tld.global.f32 %f3, [%rd2+8];\n"
                            "\tmul.f32 %f4, %f1, %f2;\n\tadd.f32 %f5, %f4, %f3;\n\tst.global.f32 [%rd2+12], %f5;\n"
                            "\tret;\n}\n// " +
                            std::to_string(::getpid()) + "\n";
    long quick = ujit::cuda::detail::quick_module_loads();
    LoadedModule m = LoadedModule::from_ptx(ptx);
    CHECK(ujit::cuda::detail::quick_module_loads() == quick);
    CHECK(m.kernel("fused", {}).name() == "fused");
}

// A quick module that calls the precompiled routines (cudadrv/quick_load.hpp) for its IEEE
// divisions, square roots, reciprocals and 64-bit integer divisions computes the bits the
// full level computes with those instructions inline: NaNs, infinities, zeros of both signs,
// subnormals, huge and tiny quotients.
TEST_CASE("a quick module linked with the routines computes the full level's bits", "[gpu][tiered][ptx_routines]") {
    UJIT_REQUIRE_GPU();
    ScopedEnv no_disk("UJIT_CACHE", std::string("0")), tiered("UJIT_CUDA_TIERED_JIT", std::nullopt),
        routed_on("UJIT_CUDA_QUICK_ROUTINES", std::nullopt);
    REQUIRE_FALSE(ujit::cuda::detail::embedded_ptx_routines(current_device_info().arch()).empty());
    const std::string src = "import math\nfrom numba import cuda\n\n@cuda.jit\n"
                            "def ops(f, d, i, u, of, od, oi, ou):\n"
                            "    k = cuda.grid(1)\n"
                            "    if k < f.shape[0] - 1:\n"
                            "        of[k, 0] = f[k] / f[k + 1]\n"
                            "        of[k, 1] = math.sqrt(f[k])\n"
                            "        od[k, 0] = d[k] / d[k + 1]\n"
                            "        od[k, 1] = math.sqrt(d[k])\n"
                            "        od[k, 2] = 1.0 / d[k + 1]\n"
                            "        oi[k, 0] = i[k] // i[k + 1]\n"
                            "        oi[k, 1] = i[k] % i[k + 1]\n"
                            "        ou[k, 0] = u[k] // u[k + 1]\n"
                            "        ou[k, 1] = u[k] % u[k + 1]\n"
                            "# " +
                            std::to_string(::getpid()) + "\n";
    const int n = 4096;
    Array f(DType::Float32, {n}), d(DType::Float64, {n}), i(DType::Int64, {n}), u(DType::UInt64, {n});
    const float f_special[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -3e-39f, 3.4e38f, 1.0f, 3.0f};
    const double d_special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 5e-324, -2e-310, 1.7e308, 1.0, 3.0};
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    auto next = [&] {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        return seed;
    };
    for (int k = 0; k < n; ++k) {
        uint64_t r = next();
        uint32_t fb = uint32_t(r);
        f.data<float>()[k] = k < 10 ? f_special[k] : (std::memcpy(&f.data<float>()[k], &fb, 4), f.data<float>()[k]);
        d.data<double>()[k] = k < 10 ? d_special[k] : (std::memcpy(&d.data<double>()[k], &r, 8), d.data<double>()[k]);
        int64_t v = int64_t(next() >> (next() % 63));
        i.data<int64_t>()[k] = (v == 0 ? 7 : v) * (k % 3 == 0 ? -1 : 1);  // no zero divisors, no INT64_MIN
        u.data<uint64_t>()[k] = (next() >> (next() % 64)) | 1;
    }
    DeviceArray df = to_device(f.ref()), dd = to_device(d.ref()), di = to_device(i.ref()), du = to_device(u.ref());
    auto outputs = [&] {
        return std::vector<DeviceArray>{device_array({n, 2}, DType::Float32), device_array({n, 3}, DType::Float64),
                                        device_array({n, 2}, DType::Int64), device_array({n, 2}, DType::UInt64)};
    };
    std::vector<DeviceArray> first = outputs(), second = outputs();
    Module m = Module::from_string(src, "routed_ops.py");
    Function fn = m.function("ops");
    long quick = ujit::cuda::detail::quick_module_loads(), routed = ujit::cuda::detail::routed_quick_loads();
    launch(fn, Dim3(n / 128), Dim3(128), {df, dd, di, du, first[0], first[1], first[2], first[3]});
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 1);
    CHECK(ujit::cuda::detail::routed_quick_loads() == routed + 1);
    launch(fn, Dim3(n / 128), Dim3(128), {df, dd, di, du, second[0], second[1], second[2], second[3]});
    const size_t row_bytes[] = {2 * 4, 3 * 8, 2 * 8, 2 * 8};  // the last row is not written
    for (size_t o = 0; o < first.size(); ++o) {
        Array a = first[o].copy_to_host(), b = second[o].copy_to_host();
        INFO("output " << o);
        CHECK(std::memcmp(a.data<char>(), b.data<char>(), row_bytes[o] * size_t(n - 1)) == 0);
    }
    // The routed results are the right ones, too (checked on the host for the exact operations).
    Array of = first[0].copy_to_host(), oi = first[2].copy_to_host();
    int wrong = 0;
    for (int k = 0; k + 1 < n; ++k) {
        float q = f.data<float>()[k] / f.data<float>()[k + 1];
        if (std::memcmp(&q, &of.data<float>()[2 * k], 4) != 0 &&
            !(std::isnan(q) && std::isnan(of.data<float>()[2 * k])))
            ++wrong;
        int64_t a = i.data<int64_t>()[k], b = i.data<int64_t>()[k + 1];
        int64_t floor_q = a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
        if (oi.data<int64_t>()[2 * k] != floor_q) ++wrong;
    }
    CHECK(wrong == 0);
}

TEST_CASE("UJIT_CUDA_QUICK_ROUTINES=0 keeps the quick module the plain -O0 JIT", "[gpu][tiered][ptx_routines]") {
    UJIT_REQUIRE_GPU();
    ScopedEnv no_disk("UJIT_CACHE", std::string("0")), tiered("UJIT_CUDA_TIERED_JIT", std::nullopt),
        off("UJIT_CUDA_QUICK_ROUTINES", std::string("0"));
    const std::string src = "from numba import cuda\n\n@cuda.jit\ndef q(a, out):\n    out[0] = a[0] / a[1]\n# " +
                            std::to_string(::getpid()) + "\n";
    Module m = Module::from_string(src, "plain_quick.py");
    Array a(DType::Float64, {2});
    a.data<double>()[0] = 1.0;
    a.data<double>()[1] = 3.0;
    DeviceArray da = to_device(a.ref()), out = device_array({1}, DType::Float64);
    long quick = ujit::cuda::detail::quick_module_loads(), routed = ujit::cuda::detail::routed_quick_loads();
    launch(m.function("q"), Dim3(1), Dim3(1), {da, out});
    CHECK(ujit::cuda::detail::quick_module_loads() == quick + 1);
    CHECK(ujit::cuda::detail::routed_quick_loads() == routed);
    CHECK(out.copy_to_host().data<double>()[0] == 1.0 / 3.0);
}
