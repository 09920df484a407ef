// Launch validation, argument matching and the kernelParams layout, without a GPU.
#include <catch2/catch.hpp>

#include <cstring>

#include "cudadrv/launch_params.hpp"

using namespace ujit;
using namespace ujit::cuda;
using Catch::Matchers::Contains;

namespace {
LaunchLimits h100_like() {
    LaunchLimits l;
    l.max_threads_per_block = 1024;
    l.static_shared = 1024;
    l.shared_per_block = 48 * 1024;
    l.shared_optin = 227 * 1024;
    l.device_name = "NVIDIA H100";
    return l;
}
}  // namespace

TEST_CASE("launch validation accepts what the device allows", "[cudadrv]") {
    CHECK_NOTHROW(validate_launch(h100_like(), "k", {1}, {1}, 0));
    CHECK_NOTHROW(validate_launch(h100_like(), "k", {65535, 65535, 65535}, {32, 32, 1}, 0));
    CHECK_NOTHROW(validate_launch(h100_like(), "k", {1}, {1024}, 100 * 1024));  // needs opt-in, allowed
}

TEST_CASE("launch validation rejects bad configurations with clear messages", "[cudadrv]") {
    auto lim = h100_like();
    CHECK_THROWS_WITH(validate_launch(lim, "add", {4, 0}, {32}, 0),
                      Contains("kernel 'add'") && Contains("grid (4, 0, 1) has a zero dimension (y)"));
    CHECK_THROWS_WITH(validate_launch(lim, "add", {4}, {0}, 0), Contains("block (0, 1, 1) has a zero dimension (x)"));
    CHECK_THROWS_WITH(validate_launch(lim, "add", {1}, {1024, 2}, 0),
                      Contains("block (1024, 2, 1) has 2048 threads, more than the 1024 per block") &&
                          Contains("NVIDIA H100"));
    CHECK_THROWS_WITH(validate_launch(lim, "add", {1}, {1, 1, 65}, 0),
                      Contains("dimension z exceeds the device's limit of 64"));
    CHECK_THROWS_WITH(validate_launch(lim, "add", {1, 70000}, {1}, 0), Contains("grid (1, 70000, 1): dimension y"));
    CHECK_THROWS_WITH(validate_launch(lim, "add", {1}, {32}, 227 * 1024),
                      Contains("needs 233472 bytes of shared memory (1024 static + 232448 dynamic)") &&
                          Contains("limit of 232448 bytes"));
    lim.max_threads_per_block = 128;  // a kernel with __launch_bounds__(128)
    CHECK_THROWS_WITH(validate_launch(lim, "add", {1}, {256}, 0), Contains("more than the 128 per block"));
    try {
        validate_launch(lim, "add", {0}, {1}, 0);
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Argument);
    }
}

TEST_CASE("arguments are matched against the kernel's parameters", "[cudadrv]") {
    std::vector<KernelParam> params = {KernelParam::array(DType::Float32, 1, 'A', "a"),
                                       KernelParam::scalar(DType::Float32, "alpha")};
    float data[4] = {};
    ArrayRef a = ArrayRef::c_order(data, DType::Float32, {4});
    ArrayRef a2 = ArrayRef::c_order(data, DType::Float32, {2, 2});
    ArrayRef af64 = ArrayRef::c_order(data, DType::Float64, {2});
    Value two(2.0), one(1), cplx(std::complex<double>(1, 1)), f64typed = Value::of(DType::Float64, 1.0);
    CHECK_NOTHROW(match_arguments("k", params, {&a, nullptr}, {nullptr, &two}));
    CHECK_NOTHROW(match_arguments("k", params, {&a, nullptr}, {nullptr, &one}));  // int → float32
    CHECK_THROWS_WITH(match_arguments("k", params, {&a}, {nullptr}),
                      Contains("it takes 2 arguments (a, alpha), 1 given"));
    CHECK_THROWS_WITH(match_arguments("k", params, {&a2, nullptr}, {nullptr, &two}),
                      Contains("argument 1 ('a') must be float32[:], got a 2-d float32 array"));
    CHECK_THROWS_WITH(match_arguments("k", params, {&af64, nullptr}, {nullptr, &two}),
                      Contains("got a 1-d float64 array"));
    CHECK_THROWS_WITH(match_arguments("k", params, {nullptr, nullptr}, {&two, &two}), Contains("must be an array"));
    CHECK_THROWS_WITH(match_arguments("k", params, {&a, &a}, {nullptr, nullptr}),
                      Contains("argument 2 ('alpha') must be a float32 scalar"));
    CHECK_THROWS_WITH(match_arguments("k", params, {&a, nullptr}, {nullptr, &cplx}),
                      Contains("a complex128 value cannot be passed safely"));

    std::vector<KernelParam> ints = {KernelParam::scalar(DType::Int32)};
    Value half(0.5);
    CHECK_THROWS_WITH(match_arguments("k", ints, {nullptr}, {&half}), Contains("argument 1 is int32"));
    CHECK_NOTHROW(match_arguments("k", {KernelParam::scalar(DType::Float64)}, {nullptr}, {&f64typed}));

    std::vector<KernelParam> fparam = {KernelParam::array(DType::Float32, 2, 'F')};
    ArrayRef cview = ArrayRef::c_order(data, DType::Float32, {2, 2});
    ArrayRef fview = ArrayRef::f_order(data, DType::Float32, {2, 2});
    CHECK_THROWS_WITH(match_arguments("k", fparam, {&cview}, {nullptr}), Contains("must be F-contiguous"));
    CHECK_NOTHROW(match_arguments("k", fparam, {&fview}, {nullptr}));
    CHECK_THROWS_AS(KernelParam::array(DType::Float32, 1, 'X'), Error);
}

TEST_CASE("kernelParams follow the ABI: arrays as data, shape and strides, scalars natural", "[cudadrv]") {
    ParamBuffer buf;
    std::vector<int64_t> shape = {3, 5}, strides = {20, 4};
    ResolvedArg arr;
    arr.is_array = true;
    arr.data = 0xdead0000;
    arr.shape = &shape;
    arr.strides = &strides;
    buf.add(KernelParam::array(DType::Float32, 2), arr);
    ResolvedArg s;
    s.scalar = Value(2.5).scalar();
    buf.add(KernelParam::scalar(DType::Float32), s);
    s.scalar = Value(true).scalar();
    buf.add(KernelParam::scalar(DType::Bool), s);
    s.scalar = Value(-7).scalar();
    buf.add(KernelParam::scalar(DType::Int16), s);
    REQUIRE(buf.count() == 8);
    void** p = buf.pointers();
    CHECK(*static_cast<uint64_t*>(p[0]) == 0xdead0000);
    CHECK(*static_cast<int64_t*>(p[1]) == 3);
    CHECK(*static_cast<int64_t*>(p[2]) == 5);
    CHECK(*static_cast<int64_t*>(p[3]) == 20);
    CHECK(*static_cast<int64_t*>(p[4]) == 4);
    CHECK(*static_cast<float*>(p[5]) == 2.5f);
    CHECK(*static_cast<int8_t*>(p[6]) == 1);
    CHECK(*static_cast<int16_t*>(p[7]) == -7);
    for (size_t i = 0; i < buf.count(); ++i) CHECK(reinterpret_cast<uintptr_t>(p[i]) % 16 == 0);
}

TEST_CASE("a 0-d array is just its data pointer", "[cudadrv]") {
    ParamBuffer buf;
    std::vector<int64_t> none;
    ResolvedArg arr;
    arr.is_array = true;
    arr.data = 0x1000;
    arr.shape = &none;
    arr.strides = &none;
    buf.add(KernelParam::array(DType::Float64, 0), arr);
    CHECK(buf.count() == 1);
}

TEST_CASE("kernelParams beyond the inline slots spill with their values intact", "[cudadrv]") {
    ParamBuffer buf;
    std::vector<int64_t> shape = {2, 3, 4}, strides = {96, 32, 8};
    ResolvedArg arr;
    arr.is_array = true;
    arr.data = 0xbeef00;
    arr.shape = &shape;
    arr.strides = &strides;
    ResolvedArg s;
    for (int i = 0; i < 30; ++i) {  // 30 scalars, then a 3-d array (7 slots): 37 in all
        s.scalar = Value(int64_t(i * 11)).scalar();
        buf.add(KernelParam::scalar(DType::Int32), s);
    }
    buf.add(KernelParam::array(DType::Float64, 3), arr);
    REQUIRE(buf.count() == 37);
    void** p = buf.pointers();
    for (int i = 0; i < 30; ++i) CHECK(*static_cast<int32_t*>(p[i]) == i * 11);
    CHECK(*static_cast<uint64_t*>(p[30]) == 0xbeef00);
    const int64_t rest[] = {2, 3, 4, 96, 32, 8};
    for (int i = 0; i < 6; ++i) CHECK(*static_cast<int64_t*>(p[31 + i]) == rest[i]);
    for (size_t i = 0; i < buf.count(); ++i) CHECK(reinterpret_cast<uintptr_t>(p[i]) % 16 == 0);
    CHECK(*static_cast<const int32_t*>(buf.slot(29)) == 29 * 11);
}
