// PTX modules and kernel launches on a real GPU ([gpu]), with the test kernels of
// kernels/test_kernels.cu in ujit's ABI.
#include <algorithm>
#include <chrono>
#include <numeric>
#include <thread>

#include "cudadrv/driver_loader.hpp"
#include "gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using Catch::Matchers::Contains;

namespace {
KernelParam f32_1d(const char* name) { return KernelParam::array(DType::Float32, 1, 'A', name); }

LoadedKernel add_kernel() { return test_module().kernel("add_f32", {f32_1d("a"), f32_1d("b"), f32_1d("out")}); }
}  // namespace

TEST_CASE("PTX modules load, and bad PTX or names fail with the driver's words", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k = add_kernel();
    CHECK(k.name() == "add_f32");
    CHECK(k.params().size() == 3);
    CHECK(k.max_threads_per_block() >= 512);
    CHECK_THROWS_WITH(test_module().kernel("no_such_kernel", {}),
                      Contains("'no_such_kernel' is not in the PTX module") && Contains("add_f32") &&
                          Contains("count_atomic"));
    std::string bad = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry broken() { bogus.instr; }\n";
    CHECK_THROWS_WITH(LoadedModule::from_ptx(bad),
                      Contains("cuModuleLoadDataEx") && Contains("CUDA_ERROR_INVALID_PTX") && Contains("JIT log"));
}

TEST_CASE("a kernel adds device arrays, host arrays (copied back) and mixtures", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k = add_kernel();
    const int n = 100000;
    Array a(DType::Float32, {n}), b(DType::Float32, {n}), out(DType::Float32, {n});
    for (int i = 0; i < n; ++i) {
        a.data<float>()[i] = float(i);
        b.data<float>()[i] = 0.25f * float(i);
    }
    DeviceArray da = to_device(a.ref()), db = to_device(b.ref()), dout = device_array_like(da);
    unsigned blocks = (n + 255) / 256;
    k.launch(blocks, 256, da, db, dout);
    Array r = dout.copy_to_host();
    for (int i = 0; i < n; i += 997) CHECK(r.data<float>()[i] == 1.25f * float(i));

    // Host arrays: copied in, launched, copied back (a host `out` receives the result).
    std::fill(out.data<float>(), out.data<float>() + n, -1.0f);
    launch(k, blocks, 256, {a, db, out});
    for (int i = 0; i < n; i += 997) CHECK(out.data<float>()[i] == 1.25f * float(i));

    // A strided host output (every other element of a bigger array).
    Array wide(DType::Float32, {2 * n});
    std::fill(wide.data<float>(), wide.data<float>() + 2 * n, -1.0f);
    ArrayRef evens = wide.ref();
    evens.shape = {n};
    evens.strides = {8};
    launch(k, blocks, 256, {da, db, evens});
    for (int i = 0; i < n; i += 997) {
        CHECK(wide.data<float>()[2 * i] == 1.25f * float(i));
        CHECK(wide.data<float>()[2 * i + 1] == -1.0f);
    }

    // A device view given as an ArrayRef (e.g. from DLPack) goes straight through.
    launch(k, blocks, 256, {Value(da.ref()), db, dout});
    CHECK(dout.copy_to_host().data<float>()[n - 1] == 1.25f * float(n - 1));

    CHECK_THROWS_WITH(launch(k, blocks, 256, {da, db}), Contains("takes 3 arguments (a, b, out), 2 given"));
    DeviceArray wrong = device_array({n}, DType::Float64);
    CHECK_THROWS_WITH(launch(k, blocks, 256, {da, db, wrong}), Contains("argument 3 ('out') must be float32[:]"));
}

TEST_CASE("other threads get the device's context made current for them", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k = add_kernel();
    std::vector<float> results(4, 0.0f);
    std::vector<std::string> errors(4);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            try {
                Array h(DType::Float32, {1000});
                std::fill(h.data<float>(), h.data<float>() + 1000, float(t));
                DeviceArray d = to_device(h.ref());  // a fresh thread: no context current yet
                Stream s = Stream::create();
                LaunchOptions opt;
                opt.stream = s;
                launch(k, 4, 256, {d, d, d}, opt);
                s.synchronize();
                results[size_t(t)] = d.copy_to_host().data<float>()[999];
            } catch (const std::exception& e) {
                errors[size_t(t)] = e.what();
            }
        });
    for (auto& th : threads) th.join();
    for (int t = 0; t < 4; ++t) {
        CHECK(errors[size_t(t)].empty());
        CHECK(results[size_t(t)] == 2.0f * float(t));
    }
}

TEST_CASE("atomics under contention count every thread once", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k =
        test_module().kernel("count_atomic", {KernelParam::array(DType::UInt32, 1),
                                              KernelParam::array(DType::UInt32, 1), KernelParam::scalar(DType::Int64)});
    const int64_t n = 1 << 20;
    DeviceArray counter = device_array({1}, DType::UInt32);
    Array zero(DType::UInt32, {1});
    zero.data<uint32_t>()[0] = 0;
    counter.copy_from_host(zero.ref());
    DeviceArray olds = device_array({n}, DType::UInt32);
    k.launch(unsigned(n / 256), 256, counter, olds, n);
    CHECK(counter.copy_to_host().data<uint32_t>()[0] == n);
    Array o = olds.copy_to_host();
    std::vector<uint32_t> v(o.data<uint32_t>(), o.data<uint32_t>() + n);
    std::sort(v.begin(), v.end());
    bool permutation = true;  // atomicAdd returned each old value exactly once
    for (int64_t i = 0; i < n; ++i) permutation &= v[size_t(i)] == uint32_t(i);
    CHECK(permutation);
}

TEST_CASE("scalars of every kind reach the kernel in the ABI's types", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k =
        test_module().kernel("scalars", {KernelParam::array(DType::Float64, 1), KernelParam::scalar(DType::Float32),
                                         KernelParam::scalar(DType::Float64), KernelParam::scalar(DType::Bool),
                                         KernelParam::scalar(DType::Int32), KernelParam::scalar(DType::UInt64),
                                         KernelParam::scalar(DType::Int16)});
    Array out(DType::Float64, {6});
    launch(k, 1, 32,
           {out, Value::of(DType::Float32, 1.5), 2.25, true, -5, Value::of_int(DType::UInt64, int64_t(1) << 40),
            Value::of_int(DType::Int16, -300)});
    const double* r = out.data<double>();
    CHECK(r[0] == 1.5);
    CHECK(r[1] == 2.25);
    CHECK(r[2] == 1.0);
    CHECK(r[3] == -5.0);
    CHECK(r[4] == double(int64_t(1) << 40));
    CHECK(r[5] == -300.0);
}

TEST_CASE("2D grids fill C- and F-ordered arrays through their strides", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k = test_module().kernel("fill_2d", {KernelParam::array(DType::Int32, 2)});
    for (Order order : {Order::C, Order::F}) {
        DeviceArray d = device_array({37, 70}, DType::Int32, order);
        k.launch(Dim3(5, 3), Dim3(16, 16), d);
        Array h = d.copy_to_host();
        ArrayRef ref = h.ref();
        bool ok = true;
        for (int i = 0; i < 37; ++i)
            for (int j = 0; j < 70; ++j)
                ok &= *reinterpret_cast<int32_t*>(static_cast<char*>(ref.data) + i * ref.strides[0] +
                                                  j * ref.strides[1]) == 1000 * i + j;
        CHECK(ok);
    }
}

TEST_CASE("dynamic and static shared memory", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel rev = test_module().kernel("reverse_blocks", {KernelParam::array(DType::Int32, 1)});
    CHECK(rev.static_shared_bytes() == 0);
    const int block = 128, blocks = 8;
    Array h(DType::Int32, {block * blocks});
    std::iota(h.data<int32_t>(), h.data<int32_t>() + block * blocks, 0);
    DeviceArray d = to_device(h.ref());
    LaunchOptions opt;
    opt.shared_mem = block * sizeof(int32_t);
    launch(rev, blocks, block, {d}, opt);
    Array r = d.copy_to_host();
    CHECK(r.data<int32_t>()[0] == block - 1);
    CHECK(r.data<int32_t>()[block] == 2 * block - 1);

    // More than 48 KiB of dynamic shared memory needs the opt-in attribute, set by launch.
    DeviceInfo info = current_device_info();
    if (info.shared_mem_per_block_optin > 64 * 1024) {
        opt.shared_mem = 64 * 1024;
        launch(rev, blocks, block, {d}, opt);
        synchronize();
        CHECK(d.copy_to_host().data<int32_t>()[0] == 0);  // reversed back
    }
    opt.shared_mem = info.shared_mem_per_block_optin + 1;
    CHECK_THROWS_WITH(launch(rev, blocks, block, {d}, opt),
                      Contains("bytes of shared memory") && Contains("reverse_blocks"));

    LoadedKernel st = test_module().kernel("static_shared", {KernelParam::array(DType::Float32, 1)});
    CHECK(st.static_shared_bytes() == 32768);
    DeviceArray out = device_array({2}, DType::Float32);
    st.launch(2, 64, out);
    CHECK(out.copy_to_host().data<float>()[1] == 63.0f);
}

TEST_CASE("launch validation on the device's limits", "[gpu]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k = add_kernel();
    DeviceArray a = device_array({10}, DType::Float32);
    DeviceInfo info = current_device_info();
    CHECK_THROWS_WITH(k.launch(1, Dim3(32, unsigned(info.max_threads_per_block) / 16), a, a, a),
                      Contains("threads, more than the"));
    CHECK_THROWS_WITH(k.launch(1, unsigned(info.max_block_dim[0]) + 1, a, a, a), Contains("dimension x exceeds"));
    CHECK_THROWS_WITH(k.launch(0, 32, a, a, a), Contains("zero dimension"));
    LoadedKernel bounded = test_module().kernel("bounded", {KernelParam::array(DType::Int32, 1)});
    CHECK(bounded.max_threads_per_block() == 128);
    DeviceArray ints = device_array({256}, DType::Int32);
    CHECK_THROWS_WITH(bounded.launch(1, 256, ints), Contains("more than the 128 per block"));
    bounded.launch(1, 128, ints);
    CHECK(ints.copy_to_host().data<int32_t>()[127] == 127);
}

TEST_CASE("launch overhead next to the raw driver", "[gpu][bench]") {
    UJIT_REQUIRE_GPU();
    LoadedKernel k = test_module().kernel("empty", {});
    const int n = 20000;
    k.launch(1, 1);
    synchronize();
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) launch(k, 1, 1, {});
    synchronize();
    auto t1 = std::chrono::steady_clock::now();
    // The same launches through the driver table directly.
    CUmodule m;
    CUfunction f;
    const DriverApi& api = driver();
    std::string ptx = test_kernels_ptx();
    REQUIRE(api.cuModuleLoadDataEx(&m, ptx.c_str(), 0, nullptr, nullptr) == CUDA_SUCCESS);
    REQUIRE(api.cuModuleGetFunction(&f, m, "empty") == CUDA_SUCCESS);
    auto t2 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) api.cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr);
    synchronize();
    auto t3 = std::chrono::steady_clock::now();
    double ujit_us = std::chrono::duration<double, std::micro>(t1 - t0).count() / n;
    double raw_us = std::chrono::duration<double, std::micro>(t3 - t2).count() / n;
    WARN("empty kernel launch: ujit " << ujit_us << " us, raw driver " << raw_us << " us, ratio " << ujit_us / raw_us);
    api.cuModuleUnload(m);
    CHECK(ujit_us > 0);
}
