// DeviceArray ↔ DLPack without touching device memory (views of a fake device address).
#include <catch2/catch.hpp>

#include "ujit/cuda.hpp"

using namespace ujit;
using namespace ujit::cuda;

TEST_CASE("a kDLCUDA tensor round-trips through DeviceArray with byte strides inside", "[cudadrv]") {
    int64_t shape[2] = {3, 4}, strides[2] = {1, 3};  // F order, in elements
    DLTensor t{};
    t.data = reinterpret_cast<void*>(0x7f0000001000);
    t.device = {kDLCUDA, 0};
    t.ndim = 2;
    t.dtype = {kDLFloat, 32, 1};
    t.shape = shape;
    t.strides = strides;
    DeviceArray a = DeviceArray::view_dlpack(t);
    CHECK(a.dtype() == DType::Float32);
    CHECK(a.shape() == std::vector<int64_t>{3, 4});
    CHECK(a.strides() == std::vector<int64_t>{4, 12});
    CHECK(a.is_f_contiguous());
    CHECK(a.device_pointer() == 0x7f0000001000);
    CHECK(a.nbytes() == 48);

    DLManagedTensor* m = a.to_dlpack();
    CHECK(m->dl_tensor.device.device_type == kDLCUDA);
    CHECK(m->dl_tensor.data == t.data);
    CHECK(m->dl_tensor.strides[0] == 1);
    CHECK(m->dl_tensor.strides[1] == 3);
    CHECK(m->dl_tensor.dtype.code == kDLFloat);
    CHECK(m->dl_tensor.dtype.bits == 32);
    DeviceArray b = DeviceArray::from_dlpack(m);  // takes ownership; deleter runs with b
    CHECK(b.shape() == a.shape());
    CHECK(b.strides() == a.strides());
}

TEST_CASE("from_dlpack runs the producer's deleter when the last copy goes", "[cudadrv]") {
    static int deleted = 0;
    deleted = 0;
    int64_t shape[1] = {8};
    auto* m = new DLManagedTensor{};
    m->dl_tensor.data = reinterpret_cast<void*>(0x1000);
    m->dl_tensor.device = {kDLCUDA, 0};
    m->dl_tensor.ndim = 1;
    m->dl_tensor.dtype = {kDLInt, 64, 1};
    m->dl_tensor.shape = shape;
    m->deleter = [](DLManagedTensor* self) {
        ++deleted;
        delete self;
    };
    {
        DeviceArray a = DeviceArray::from_dlpack(m);
        DeviceArray copy = a;
        CHECK(a.dtype() == DType::Int64);
        CHECK(a.is_c_contiguous());
    }
    CHECK(deleted == 1);
}

TEST_CASE("DeviceArray takes host tensors on the host device only, other devices never", "[cudadrv]") {
    int64_t shape[1] = {2};
    double data[2] = {1.5, 2.5};
    DLTensor t{};
    t.data = data;
    t.device = {kDLCPU, 0};
    t.ndim = 1;
    t.dtype = {kDLFloat, 64, 1};
    t.shape = shape;
    if (is_available()) {
        CHECK_THROWS_WITH(DeviceArray::view_dlpack(t), Catch::Matchers::Contains("needs a kDLCUDA tensor"));
    } else {  // without CUDA, device arrays are host memory (cudadrv/host_device.hpp)
        DeviceArray a = DeviceArray::view_dlpack(t);
        CHECK(a.on_host());
        CHECK(a.copy_to_host().data<double>()[1] == 2.5);
    }
    t.device = {kDLOpenCL, 0};
    CHECK_THROWS_WITH(DeviceArray::view_dlpack(t), Catch::Matchers::Contains("needs a kDLCUDA tensor"));
}
