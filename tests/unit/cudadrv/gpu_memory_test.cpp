// Devices, device arrays, the pool, streams and events on a real GPU ([gpu]: skipped with
// a warning where there is none).
#include <numeric>

#include "gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using Catch::Matchers::Contains;

TEST_CASE("devices are queried and selected", "[gpu]") {
    UJIT_REQUIRE_GPU();
    REQUIRE(device_count() > 0);
    DeviceInfo d = device_info(0);
    CHECK_FALSE(d.name.empty());
    CHECK(d.cc_major >= 3);
    CHECK(d.arch() == "sm_" + std::to_string(d.cc_major) + std::to_string(d.cc_minor));
    CHECK(d.sm_count > 0);
    CHECK(d.warp_size == 32);
    CHECK(d.max_threads_per_block >= 512);
    CHECK(d.shared_mem_per_block >= 48 * 1024);
    CHECK(d.shared_mem_per_block_optin >= d.shared_mem_per_block);
    CHECK(d.total_memory > 0);
    WARN("device 0: " << d.name << " " << d.arch() << ", " << d.sm_count << " SMs, driver " << driver_version());
    select_device(0);
    CHECK(current_device() == 0);
    CHECK_THROWS_WITH(select_device(device_count()), Contains("does not exist"));
    CHECK(current_device() == 0);
}

TEST_CASE("arrays go to the device and back in C, F and strided layouts", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Array h(DType::Float32, {1000});
    std::iota(h.data<float>(), h.data<float>() + 1000, 0.5f);
    DeviceArray d = to_device(h.ref());
    CHECK(d.shape() == std::vector<int64_t>{1000});
    CHECK(d.dtype() == DType::Float32);
    CHECK(d.nbytes() == 4000);
    Array back = d.copy_to_host();
    CHECK(std::equal(h.data<float>(), h.data<float>() + 1000, back.data<float>()));

    Array f(DType::Int32, {3, 4}, /*fortran_order=*/true);
    for (int i = 0; i < 12; ++i) f.data<int32_t>()[i] = i * 7;
    DeviceArray df = to_device(f.ref());
    CHECK(df.is_f_contiguous());
    CHECK(df.strides() == std::vector<int64_t>{4, 12});
    Array fb = df.copy_to_host();
    CHECK(fb.ref().is_f_contiguous());
    CHECK(std::equal(f.data<int32_t>(), f.data<int32_t>() + 12, fb.data<int32_t>()));

    // A strided host view (every other element) is packed on the way in and unpacked into
    // a strided destination on the way out.
    Array wide(DType::Float64, {10});
    for (int i = 0; i < 10; ++i) wide.data<double>()[i] = i;
    ArrayRef evens = wide.ref();
    evens.shape = {5};
    evens.strides = {16};
    DeviceArray de = to_device(evens);
    Array eb = de.copy_to_host();
    for (int i = 0; i < 5; ++i) CHECK(eb.data<double>()[i] == 2.0 * i);
    Array target(DType::Float64, {10});
    std::fill(target.data<double>(), target.data<double>() + 10, -1.0);
    ArrayRef odds = target.ref();
    odds.data = target.data<double>() + 1;
    odds.shape = {5};
    odds.strides = {16};
    de.copy_to_host(odds);
    for (int i = 0; i < 5; ++i) {
        CHECK(target.data<double>()[2 * i] == -1.0);
        CHECK(target.data<double>()[2 * i + 1] == 2.0 * i);
    }

    DeviceArray copy = d.copy();
    CHECK(copy.device_pointer() != d.device_pointer());
    CHECK(std::equal(h.data<float>(), h.data<float>() + 1000, copy.copy_to_host().data<float>()));
    CHECK_THROWS_WITH(copy.copy_from(df), Contains("device array is float32(1000,)"));

    DeviceArray empty = device_array({0, 3}, DType::Float64);
    CHECK(empty.size() == 0);
    CHECK(empty.copy_to_host().size() == 0);
}

TEST_CASE("the pool serves repeated allocations without cuMemAlloc", "[gpu]") {
    UJIT_REQUIRE_GPU();
    free_pool();
    PoolStats before = pool_stats();
    { DeviceArray a = device_array({12345}, DType::Float32); }
    PoolStats mid = pool_stats();
    CHECK(mid.driver_allocations == before.driver_allocations + 1);
    CHECK(mid.bytes_cached >= 12345 * 4);
    for (int i = 0; i < 100; ++i) DeviceArray a = device_array({12345}, DType::Float32);
    PoolStats after = pool_stats();
    CHECK(after.driver_allocations == mid.driver_allocations);
    CHECK(after.pool_hits == mid.pool_hits + 100);
    free_pool();
    CHECK(pool_stats().bytes_cached == 0);
}

TEST_CASE("streams and events order asynchronous copies from pinned memory", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Stream s = Stream::create();
    CHECK_FALSE(s.is_default());
    CHECK(s.handle() != nullptr);
    PinnedArray src(DType::Float32, {1 << 20});
    PinnedArray dst(DType::Float32, {1 << 20});
    for (int64_t i = 0; i < src.size(); ++i) src.data<float>()[i] = float(i % 977);
    DeviceArray d = device_array({1 << 20}, DType::Float32);
    Event start, stop;
    start.record(s);
    d.copy_from_host(src.ref(), s);
    d.copy_to_host(dst.ref(), s);
    stop.record(s);
    stop.synchronize();
    CHECK(stop.query());
    CHECK(s.query());
    CHECK(stop.elapsed_ms_since(start) >= 0.0f);
    CHECK(std::equal(src.data<float>(), src.data<float>() + src.size(), dst.data<float>()));
    Event e(false);
    e.record(s);
    e.make_wait(Stream{});
    synchronize();
    CHECK_THROWS_WITH(Event().elapsed_ms_since(start), Contains("both events recorded"));
}

TEST_CASE("device arrays cross DLPack as kDLCUDA and keep their memory alive", "[gpu]") {
    UJIT_REQUIRE_GPU();
    Array h(DType::Int64, {4});
    for (int i = 0; i < 4; ++i) h.data<int64_t>()[i] = 10 + i;
    DLManagedTensor* m = nullptr;
    {
        DeviceArray d = to_device(h.ref());
        m = d.to_dlpack();
    }  // the exported tensor holds the memory now
    CHECK(m->dl_tensor.device.device_type == kDLCUDA);
    DeviceArray back = DeviceArray::from_dlpack(m);
    Array r = back.copy_to_host();
    for (int i = 0; i < 4; ++i) CHECK(r.data<int64_t>()[i] == 10 + i);
}
