// CUDA host code without a GPU (cudadrv/host_device.hpp): device arrays in host memory,
// copies, DLPack as kDLCPU, synchronous streams and host-clock events, and kernels, CUDA
// ufuncs and gufuncs on those arrays in place, checked against plain C++ loops and the
// gufunc conformance cases (NumPy's results).
//
// Tagged [host-device][.]: hidden from a plain run, and run by ctest with UJIT_DISABLE_CUDA=1
// (tests/CMakeLists.txt), so that they mean the same on a GPU machine. Run by hand:
//   UJIT_DISABLE_CUDA=1 build/release/tests/ujit_tests "[host-device]"
#include <chrono>
#include <cstdint>
#include <thread>

#include "conformance/gufunc_cases.hpp"
#include "gpu_check.hpp"
#include "gpu_sources.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;
using namespace ujit::test;
using Catch::Matchers::Contains;

namespace {

Array iota_f32(int64_t n, float scale = 1.0f) {
    return host_array<float>({n}, [&](int64_t i) { return scale * float(i); });
}

}  // namespace

TEST_CASE("host device: device arrays are aligned host memory from a pool", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    PoolStats before = pool_stats();
    {
        DeviceArray a = device_array({1000}, DType::Float64);
        CHECK(a.on_host());
        CHECK(a.device() == 0);
        CHECK(a.device_pointer() % 256 == 0);
        CHECK(a.nbytes() == 8000);
        CHECK(a.strides() == std::vector<int64_t>{8});
        CHECK(pool_stats().bytes_in_use >= before.bytes_in_use + 8000);
        DeviceArray f = device_array({3, 5}, DType::Int32, Order::F);
        CHECK(f.is_f_contiguous());
        CHECK(f.strides() == std::vector<int64_t>{4, 12});
    }
    CHECK(pool_stats().bytes_in_use == before.bytes_in_use);
    // A freed block is reused, as on a GPU.
    size_t hits = pool_stats().pool_hits;
    DeviceArray again = device_array({1000}, DType::Float64);
    CHECK(pool_stats().pool_hits == hits + 1);
}

TEST_CASE("host device: copies in, out and between arrays", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    Array x = iota_f32(257, 0.5f);
    DeviceArray d = to_device(x.ref());
    CHECK(d.on_host());
    CHECK(d.device_pointer() != reinterpret_cast<uint64_t>(x.data<float>()));  // a copy, not a view
    x.data<float>()[0] = 99.0f;                                                // ... so this stays on the host
    std::vector<float> back = from_device<float>(d);
    CHECK(back[0] == 0.0f);
    CHECK(back[256] == 128.0f);

    // Into a caller's host array, from a strided host array, device to device.
    Array out(DType::Float32, {257});
    d.copy_to_host(out.ref());
    CHECK(out.data<float>()[100] == 50.0f);
    Array wide = iota_f32(514);
    ArrayRef every_other = wide.ref();
    every_other.shape = {257};
    every_other.strides = {8};
    d.copy_from_host(every_other);
    CHECK(from_device<float>(d)[10] == 20.0f);
    DeviceArray e = device_array_like(d);
    e.copy_from(d);
    CHECK(from_device<float>(e)[256] == 512.0f);
    CHECK(from_device<float>(d.copy())[3] == 6.0f);

    // A 2-D F-ordered host array keeps its order and its values.
    Array m(DType::Float64, {2, 3}, true);
    for (int64_t i = 0; i < 6; ++i) m.data<double>()[i] = double(i);  // column-major: m[r, c] = r + 2c
    DeviceArray dm = to_device(m.ref());
    CHECK(dm.is_f_contiguous());
    Array mc(DType::Float64, {2, 3});  // C order: element by element
    dm.copy_to_host(mc.ref());
    CHECK(mc.data<double>()[1] == 2.0);  // [0, 1]
    CHECK(mc.data<double>()[3] == 1.0);  // [1, 0]

    // The GPU path's checks.
    Array small(DType::Float32, {3});
    CHECK_THROWS_WITH(d.copy_to_host(small.ref()),
                      Contains("device array is float32(257,)") && Contains("float32(3,)"));
    CHECK_THROWS_WITH(e.copy_from(dm), Contains("device-to-device copy"));
}

TEST_CASE("host device: DLPack says kDLCPU, and kDLCPU tensors come back as device arrays", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    DeviceArray d = to_device(iota_f32(8).ref());
    DLManagedTensor* m = d.to_dlpack();
    CHECK(m->dl_tensor.device.device_type == kDLCPU);
    CHECK(m->dl_tensor.data == reinterpret_cast<void*>(d.device_pointer()));
    DeviceArray back = DeviceArray::from_dlpack(m);  // owns the tensor now
    CHECK(back.on_host());
    CHECK(from_device<float>(back)[7] == 7.0f);

    // A kDLCUDA tensor is GPU memory, which the host cannot touch: refused where it is used.
    float fake[4];
    int64_t shape[1] = {4};
    DLTensor t{};
    t.data = fake;
    t.device = {kDLCUDA, 0};
    t.ndim = 1;
    t.dtype = {kDLFloat, 32, 1};
    t.shape = shape;
    DeviceArray gpu = DeviceArray::view_dlpack(t);
    CHECK(!gpu.on_host());
    Function add = example("add_kernel").function("add_kernel");
    CHECK_THROWS_WITH(launch(add, Dim3(1), Dim3(4), {gpu, gpu, gpu}), Contains("GPU memory"));
    CHECK_THROWS_WITH(gpu.copy_to_host(), Contains("CUDA is not available"));
}

TEST_CASE("host device: a kernel works on device arrays in place, mixed with host arrays and scalars",
          "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    const int64_t n = 100000;
    Array x = iota_f32(n), y = iota_f32(n, 2.0f);
    DeviceArray dx = to_device(x.ref()), dy = to_device(y.ref());
    DeviceArray out = device_array_like(dx);
    Function add = example("add_kernel").function("add_kernel");
    launch(add, Dim3(30), Dim3(128), {dx, dy, out});  // the course's notebook-3 cell
    synchronize();
    std::vector<float> got = from_device<float>(out);
    std::vector<float> want(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) want[size_t(i)] = float(i) + 2.0f * float(i);
    CHECK(mismatch(got.data(), want.data(), n) == "");

    // A host array beside device arrays, and a scalar (scale: out[i] = x[i] * k).
    Array host_out(DType::Float32, {n});
    launch(add, Dim3(8), Dim3(64), {dx, y, host_out});
    CHECK(host_out.data<float>()[n - 1] == want[size_t(n - 1)]);
    Function scale = kernels_module().function("scale");
    DeviceArray scaled = device_array({n}, DType::Float32);
    launch(scale, Dim3(uint32_t((n + 255) / 256)), Dim3(256), {dx, scaled, scalar<float>(3.0f)});
    CHECK(from_device<float>(scaled)[12345] == 3.0f * 12345.0f);
}

TEST_CASE("host device: CUDA ufuncs take device arrays and give device arrays", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    Function axpb = ufuncs_module().function("axpb");  // a * 2 + b
    const int64_t n = 5000;
    Array a = host_array<double>({n}, [](int64_t i) { return 0.25 * double(i); });
    Array b = host_array<double>({n}, [](int64_t i) { return 1.0 - double(i); });
    DeviceArray da = to_device(a.ref()), db = to_device(b.ref());
    DeviceArray r = vectorize_device(axpb, {da, db});
    CHECK(r.on_host());
    CHECK(r.dtype() == DType::Float64);
    std::vector<double> want(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) want[size_t(i)] = 0.25 * double(i) * 2 + (1.0 - double(i));
    CHECK(mismatch(from_device<double>(r).data(), want.data(), n) == "");

    // Into the caller's device array, with a scalar broadcast; the GPU path's rule for `out`.
    DeviceArray out = device_array({n}, DType::Float64);
    vectorize_into(axpb, {da, 1.5}, out);
    CHECK(from_device<double>(out)[n - 1] == 0.25 * double(n - 1) * 2 + 1.5);
    DeviceArray wrong = device_array({n}, DType::Float32);
    CHECK_THROWS_WITH(vectorize_into(axpb, {da, db}, wrong), Contains("C-contiguous float64 device array"));
    // Host in, host out (vectorize), device arrays accepted there too.
    Array h = vectorize(axpb, {da, b});
    CHECK(mismatch(to_vector<double>(h).data(), want.data(), n) == "");
    // Host arrays in: copied straight in when C-contiguous, once when the same array is
    // passed twice (a * 2 + a), and through a compact copy when strided (every other one).
    std::vector<double> thrice(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) thrice[size_t(i)] = 3 * 0.25 * double(i);
    CHECK(mismatch(from_device<double>(vectorize_device(axpb, {a, a})).data(), thrice.data(), n) == "");
    ArrayRef every_other{a.ref().data, DType::Float64, {n / 2}, {16}};
    std::vector<double> strided_want(static_cast<size_t>(n / 2));
    for (int64_t i = 0; i < n / 2; ++i) strided_want[size_t(i)] = 0.25 * double(2 * i) * 2 + 0.25 * double(2 * i);
    Array strided = vectorize(axpb, {every_other, every_other});
    CHECK(mismatch(to_vector<double>(strided).data(), strided_want.data(), n / 2) == "");

    // A ufunc calling a device function (the course's polar_distance).
    Function polar = example("polar_distance_cuda").function("polar_distance");
    Array one = host_array<float>({4}, [](int64_t i) { return 1.0f + float(i); });
    Array zero = host_array<float>({4}, [](int64_t) { return 0.0f; });
    DeviceArray d = vectorize_device(polar, {to_device(one.ref()), to_device(zero.ref()), 0.0f, 0.0f});
    CHECK(from_device<float>(d) == std::vector<float>{1.0f, 2.0f, 3.0f, 4.0f});  // |(rho, 0) - origin|
}

TEST_CASE("host device: CUDA gufuncs on device arrays match NumPy's cases", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    Module m = gufunc_module();
    for (const GufuncCase& c : load_gufunc_cases()) {
        INFO(c.name);
        std::vector<KernelArg> args(c.inputs.begin(), c.inputs.end());
        for (size_t i = 0; i < args.size(); ++i)
            if (c.inputs[i].is_array()) args[i] = KernelArg(to_device(c.inputs[i].array()));
        std::vector<DeviceArray> got = gufunc_device(m.function(c.function), args);
        REQUIRE(got.size() == c.expected.size());
        for (size_t k = 0; k < got.size(); ++k) {
            CHECK(got[k].on_host());
            CHECK(compare_arrays(got[k].copy_to_host(), c.expected[k], c.rtol) == "");
        }
    }
    // Into the caller's device arrays; the GPU path's checks of them.
    Function mm = m.function("batch_matrix_mult");
    Array a(DType::Float32, {10, 2, 2}), b(DType::Float32, {10, 2, 2});
    for (int64_t i = 0; i < 40; ++i) {
        a.data<float>()[i] = float(i % 5);
        b.data<float>()[i] = float(i % 3) - 1.0f;
    }
    DeviceArray dc = device_array({10, 2, 2}, DType::Float32);
    gufunc_into(mm, {to_device(a.ref()), to_device(b.ref())}, {dc});
    std::vector<float> got = from_device<float>(dc);
    for (int64_t k = 0; k < 10; ++k)
        for (int64_t i = 0; i < 2; ++i)
            for (int64_t j = 0; j < 2; ++j) {
                float s = 0;
                for (int64_t l = 0; l < 2; ++l)
                    s += a.data<float>()[k * 4 + i * 2 + l] * b.data<float>()[k * 4 + l * 2 + j];
                CHECK(got[size_t(k * 4 + i * 2 + j)] == s);
            }
    DeviceArray wrong = device_array({10, 2, 2}, DType::Float64);
    CHECK_THROWS_WITH(gufunc_into(mm, {to_device(a.ref()), to_device(b.ref())}, {wrong}),
                      Contains("must be a C-contiguous float32 device array"));
}

TEST_CASE("host device: streams are synchronous, events time with the host clock", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    Stream s = Stream::create();
    CHECK(!s.is_default());
    CHECK(s.handle() == nullptr);
    CHECK(s.device() == 0);
    Array x = iota_f32(1000);
    DeviceArray d = to_device(x.ref(), s);
    DeviceArray out = device_array_like(d);
    LaunchOptions on_s;
    on_s.stream = s;
    Event start, end;
    start.record(s);
    launch(example("add_kernel").function("add_kernel"), Dim3(4), Dim3(64), {d, d, out}, on_s);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    end.record(s);
    CHECK(s.query());  // the work is done when enqueued
    s.synchronize();
    end.synchronize();
    CHECK(end.query());
    start.make_wait(s);
    float ms = end.elapsed_ms_since(start);
    CHECK(ms >= 19.0f);
    CHECK(ms < 10000.0f);
    CHECK(out.copy_to_host(s).data<float>()[999] == 1998.0f);
    Stream().synchronize();  // the default stream
    CHECK(Stream().query());
    synchronize();

    Event untimed(false), unrecorded;
    untimed.record();
    CHECK_THROWS_WITH(untimed.elapsed_ms_since(start), Contains("timing"));
    CHECK_THROWS_WITH(unrecorded.elapsed_ms_since(start), Contains("both events recorded"));

    PinnedArray p(DType::Float32, {16});
    p.data<float>()[15] = 7.0f;
    DeviceArray dp = to_device(p.ref(), s);
    CHECK(from_device<float>(dp)[15] == 7.0f);
}

TEST_CASE("host device: what needs a GPU itself still says why it is unavailable", "[host-device][.]") {
    UJIT_REQUIRE_HOST_DEVICE();
    CHECK(device_count() == 0);
    CHECK(!unavailable_reason().empty());
    CHECK_THROWS_WITH(device_info(0), Contains("CUDA is not available"));
    CHECK_THROWS_WITH(current_device_info(), Contains("CUDA is not available"));
    CHECK_THROWS_WITH(select_device(0), Contains("CUDA is not available"));
    CHECK_THROWS_WITH(driver_version(), Contains("CUDA is not available"));
    CHECK_THROWS_WITH(LoadedModule::from_ptx(".version 8.0\n"), Contains("CUDA is not available"));
}
