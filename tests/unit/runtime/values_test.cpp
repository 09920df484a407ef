#include <catch2/catch.hpp>

#include <dlpack/dlpack.h>

#include <cmath>
#include <limits>

#include "runtime/pyrepr.hpp"
#include "runtime/scalar.hpp"
#include "ujit/ujit.hpp"

using namespace ujit;
using runtime::complex_repr;
using runtime::float_repr;

TEST_CASE("float repr matches Python's repr", "[runtime]") {
    const double inf = std::numeric_limits<double>::infinity();
    // Expected strings are CPython 3 output of repr(x).
    CHECK(float_repr(5.0) == "5.0");
    CHECK(float_repr(0.1) == "0.1");
    CHECK(float_repr(0.1 + 0.2) == "0.30000000000000004");
    CHECK(float_repr(1e16) == "1e+16");
    CHECK(float_repr(1e15) == "1000000000000000.0");
    CHECK(float_repr(123456789012345678.0) == "1.2345678901234568e+17");
    CHECK(float_repr(1234567890123456.7) == "1234567890123456.8");
    CHECK(float_repr(1e-5) == "1e-05");
    CHECK(float_repr(1e-4) == "0.0001");
    CHECK(float_repr(0.00012345) == "0.00012345");
    CHECK(float_repr(1.5e-7) == "1.5e-07");
    CHECK(float_repr(-2.5) == "-2.5");
    CHECK(float_repr(-0.0) == "-0.0");
    CHECK(float_repr(0.0) == "0.0");
    CHECK(float_repr(inf) == "inf");
    CHECK(float_repr(-inf) == "-inf");
    CHECK(float_repr(std::nan("")) == "nan");
    CHECK(float_repr(-std::nan("")) == "nan");
    CHECK(float_repr(1e100) == "1e+100");
    CHECK(float_repr(1.7976931348623157e308) == "1.7976931348623157e+308");
    CHECK(float_repr(5e-324) == "5e-324");
    CHECK(float_repr(2.2250738585072014e-308) == "2.2250738585072014e-308");
    CHECK(float_repr(100.0) == "100.0");
    CHECK(float_repr(123.456) == "123.456");
    CHECK(float_repr(1.0 / 3) == "0.3333333333333333");
    CHECK(float_repr(2.0 / 3) == "0.6666666666666666");
    CHECK(float_repr(9007199254740993.0) == "9007199254740992.0");
    CHECK(float_repr(double(0.1f)) == "0.10000000149011612");
    CHECK(float_repr(1.2e-4) == "0.00012");
    CHECK(float_repr(3.14e+20) == "3.14e+20");
}

TEST_CASE("complex repr matches Python's repr", "[runtime]") {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::nan("");
    CHECK(complex_repr({1, 2}) == "(1+2j)");
    CHECK(complex_repr({0, 2}) == "2j");
    CHECK(complex_repr({0, -2}) == "-2j");
    CHECK(complex_repr({0, 0}) == "0j");
    CHECK(complex_repr({-0.0, -0.0}) == "(-0-0j)");
    CHECK(complex_repr({1.5, -0.25}) == "(1.5-0.25j)");
    CHECK(complex_repr({1, -0.0}) == "(1-0j)");
    CHECK(complex_repr({inf, nan}) == "(inf+nanj)");
    CHECK(complex_repr({1e16, 1e-5}) == "(1e+16+1e-05j)");
    CHECK(complex_repr({0, 0.5}) == "0.5j");
}

TEST_CASE("Value repr: scalars, None, tuples", "[runtime]") {
    CHECK(Value().repr() == "None");
    CHECK(Value(true).repr() == "True");
    CHECK(Value(false).repr() == "False");
    CHECK(Value(42).repr() == "42");
    CHECK(Value(-7L).repr() == "-7");
    CHECK(Value(5.0).repr() == "5.0");
    CHECK(Value(std::complex<double>(1, 2)).repr() == "(1+2j)");
    CHECK(Value(Value::Tuple{Value(3), Value(1)}).repr() == "(3, 1)");
    CHECK(Value(Value::Tuple{Value(3)}).repr() == "(3,)");
    CHECK(Value(Value::Tuple{}).repr() == "()");
    CHECK(Value(Value::Tuple{Value(1.5), Value(Value::Tuple{Value(true), Value()})}).repr() == "(1.5, (True, None))");
    // Numba boxes float32 results as Python floats (the widened double).
    CHECK(Value::of(DType::Float32, 0.1).repr() == "0.10000000149011612");
    CHECK(Value::of_int(DType::UInt64, -1).repr() == "18446744073709551615");
    CHECK(Value::of_int(DType::Int8, 300).repr() == "44");
    CHECK(Value::of_int(DType::UInt8, -1).repr() == "255");
    CHECK(Value::of(DType::Int32, -3.9).repr() == "-3");
    CHECK(Value::of(DType::Bool, 0.5).repr() == "True");
    CHECK(Value::of(DType::Complex64, 2.0).repr() == "(2+0j)");
}

TEST_CASE("Value::as converts numerically and rejects mismatches", "[runtime]") {
    CHECK(Value(3).as<double>() == 3.0);
    CHECK(Value(2.75).as<int64_t>() == 2);
    CHECK(Value(-2.75).as<int32_t>() == -2);
    CHECK(Value(true).as<int>() == 1);
    CHECK(Value(0.0).as<bool>() == false);
    CHECK(Value(300).as<uint8_t>() == 44);
    CHECK(Value::of_int(DType::UInt64, -1).as<uint64_t>() == UINT64_MAX);
    CHECK(Value::of(DType::Float32, 1.1).as<float>() == 1.1f);
    CHECK(Value(1.5).as<std::complex<double>>() == std::complex<double>(1.5, 0));
    CHECK(Value(std::complex<double>(1, 2)).as<std::complex<double>>() == std::complex<double>(1, 2));
    CHECK_THROWS_AS(Value(std::complex<double>(1, 2)).as<double>(), Error);
    CHECK_THROWS_AS(Value(std::nan("")).as<int64_t>(), Error);
    CHECK_THROWS_AS(Value(1e30).as<int64_t>(), Error);
    CHECK_THROWS_AS(Value().as<int64_t>(), Error);
    CHECK_THROWS_AS(Value(Value::Tuple{Value(1)}).as<double>(), Error);
    CHECK_THROWS_AS(Value().dtype(), Error);
    CHECK(Value(2.0).dtype() == DType::Float64);
    CHECK(Value(2).dtype() == DType::Int64);
}

TEST_CASE("dtype names and item sizes", "[runtime]") {
    CHECK(itemsize(DType::Bool) == 1);
    CHECK(itemsize(DType::Int16) == 2);
    CHECK(itemsize(DType::UInt32) == 4);
    CHECK(itemsize(DType::Float64) == 8);
    CHECK(itemsize(DType::Complex64) == 8);
    CHECK(itemsize(DType::Complex128) == 16);
    CHECK(std::string(dtype_name(DType::Float32)) == "float32");
    CHECK(std::string(dtype_name(DType::UInt8)) == "uint8");
    CHECK(std::string(dtype_name(DType::Complex128)) == "complex128");
    CHECK(std::string(dtype_name(DType::Bool)) == "bool");
}

TEST_CASE("ArrayRef contiguity and compact strides", "[runtime]") {
    auto c = ArrayRef::c_order(nullptr, DType::Float32, {2, 3, 4});
    CHECK(c.strides == std::vector<int64_t>{48, 16, 4});
    CHECK(c.size() == 24);
    CHECK(c.is_c_contiguous());
    CHECK_FALSE(c.is_f_contiguous());
    auto f = ArrayRef::f_order(nullptr, DType::Float64, {2, 3, 4});
    CHECK(f.strides == std::vector<int64_t>{8, 16, 48});
    CHECK(f.is_f_contiguous());
    CHECK_FALSE(f.is_c_contiguous());
    // Unit dimensions may carry any stride; a 1-d compact array is both orders.
    ArrayRef v = ArrayRef::c_order(nullptr, DType::Float32, {1, 5});
    v.strides[0] = 12345;
    CHECK(v.is_c_contiguous());
    CHECK(v.is_f_contiguous());  // NumPy: np.ones((1, 5)) is both
    auto one = ArrayRef::c_order(nullptr, DType::Int8, {7});
    CHECK(one.is_c_contiguous());
    CHECK(one.is_f_contiguous());
    ArrayRef empty_strides;
    empty_strides.dtype = DType::Int32;
    empty_strides.shape = {3, 2};
    CHECK(empty_strides.is_c_contiguous());
    CHECK_FALSE(empty_strides.is_f_contiguous());
    empty_strides.shape = {4, 1};  // NumPy: np.ones((4, 1)) is both orders
    CHECK(empty_strides.is_f_contiguous());
    empty_strides.shape = {1, 1, 6};
    CHECK(empty_strides.is_f_contiguous());
    ArrayRef f3 = ArrayRef::f_order(nullptr, DType::Int16, {3, 1, 2});  // np.ones((3, 1, 2), 'F')
    f3.strides[1] = -7;
    CHECK(f3.is_f_contiguous());
    CHECK_FALSE(f3.is_c_contiguous());
    ArrayRef strided = ArrayRef::c_order(nullptr, DType::Float32, {10});
    strided.strides[0] = 8;
    CHECK_FALSE(strided.is_c_contiguous());
    auto zero = ArrayRef::c_order(nullptr, DType::Float32, {0, 3});
    CHECK(zero.size() == 0);
    CHECK(zero.is_c_contiguous());
}

TEST_CASE("Array owns aligned storage in C or F order", "[runtime]") {
    Array a(DType::Float64, {3, 5});
    CHECK(reinterpret_cast<uintptr_t>(a.ref().data) % 64 == 0);
    CHECK(a.size() == 15);
    CHECK(a.ref().is_c_contiguous());
    for (int i = 0; i < 15; ++i) a.data<double>()[i] = i;
    CHECK(a.data<double>()[14] == 14.0);
    Array f(DType::Int16, {3, 5}, true);
    CHECK(f.ref().is_f_contiguous());
    CHECK(f.ref().strides == std::vector<int64_t>{2, 6});
    Array s(DType::Int32, {});
    CHECK(s.size() == 1);
    CHECK(s.ref().data != nullptr);
    Array e(DType::Int32, {0});
    CHECK(e.size() == 0);
    CHECK(e.ref().data != nullptr);
    CHECK_THROWS_AS(Array(DType::Float64, {-1}), Error);
    CHECK_THROWS_AS(Array(DType::Float64, {int64_t(1) << 40, int64_t(1) << 40}), Error);
}

TEST_CASE("from_dlpack converts element strides to bytes", "[runtime]") {
    float buf[24] = {};
    int64_t shape[2] = {4, 3};
    int64_t strides[2] = {1, 4};  // F order, in elements
    DLTensor t{};
    t.data = buf;
    t.device = {kDLCPU, 0};
    t.ndim = 2;
    t.dtype = {kDLFloat, 32, 1};
    t.shape = shape;
    t.strides = strides;
    t.byte_offset = 8;
    ArrayRef a = ArrayRef::from_dlpack(t);
    CHECK(a.data == reinterpret_cast<char*>(buf) + 8);
    CHECK(a.dtype == DType::Float32);
    CHECK(a.shape == std::vector<int64_t>{4, 3});
    CHECK(a.strides == std::vector<int64_t>{4, 16});
    CHECK(a.is_f_contiguous());

    t.strides = nullptr;  // compact row-major
    t.dtype = {kDLComplex, 128, 1};
    a = ArrayRef::from_dlpack(t);
    CHECK(a.dtype == DType::Complex128);
    CHECK(a.strides == std::vector<int64_t>{48, 16});

    t.device = {kDLCUDA, 0};  // device pointers are kept as they are
    t.dtype = {kDLUInt, 8, 1};
    CHECK(ArrayRef::from_dlpack(t).dtype == DType::UInt8);
    t.dtype = {6, 8, 1};  // kDLBool
    CHECK(ArrayRef::from_dlpack(t).dtype == DType::Bool);

    t.dtype = {kDLBfloat, 16, 1};
    CHECK_THROWS_AS(ArrayRef::from_dlpack(t), Error);
    t.dtype = {kDLFloat, 32, 4};
    CHECK_THROWS_WITH(ArrayRef::from_dlpack(t), Catch::Contains("lanes"));
    t.dtype = {kDLFloat, 16, 1};  // IEEE half
    CHECK(ArrayRef::from_dlpack(t).dtype == DType::Float16);
    t.dtype = {kDLFloat, 8, 1};
    CHECK_THROWS_AS(ArrayRef::from_dlpack(t), Error);
    t.dtype = {kDLFloat, 64, 1};
    t.device = {kDLOpenCL, 0};
    CHECK_THROWS_AS(ArrayRef::from_dlpack(t), Error);
    t.device = {kDLCPU, 0};
    t.ndim = -1;
    CHECK_THROWS_AS(ArrayRef::from_dlpack(t), Error);
    try {
        t.ndim = 1;
        t.shape = nullptr;
        ArrayRef::from_dlpack(t);
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Argument);
    }
}

TEST_CASE("scalar arrays and loads/stores convert like NumPy casts", "[runtime]") {
    using namespace runtime;
    Array a = scalar_array(Value(2.9).scalar(), DType::Int16);
    CHECK(a.ref().ndim() == 0);
    CHECK(*a.data<int16_t>() == 2);
    Array b = scalar_array(Value(-1).scalar(), DType::UInt16);
    CHECK(*b.data<uint16_t>() == 65535);
    Array c = scalar_array(Value(3).scalar(), DType::Complex64);
    CHECK(*a.data<int16_t>() == 2);
    CHECK(*c.data<std::complex<float>>() == std::complex<float>(3, 0));
    Array d = scalar_array(Value(std::nan("")).scalar(), DType::Bool);
    CHECK(*d.data<uint8_t>() == 1);
    uint8_t junk = 7;
    CHECK(load_scalar(DType::Bool, &junk).i == 1);
    double x = -0.5;
    Scalar s = load_scalar(DType::Float64, &x);
    CHECK(s.type == DType::Float64);
    CHECK(s.f == -0.5);
    CHECK(float_to_int<int32_t>(std::nan("")) == 0);  // INT64_MIN truncated to 32 bits
    CHECK(float_to_int<int64_t>(1e300) == std::numeric_limits<int64_t>::min());
    CHECK(float_to_int<uint8_t>(-1.0) == 255);
    CHECK(float_to_int<uint64_t>(1.8e19) == uint64_t(18000000000000000000ull));
}

TEST_CASE("version and errors", "[runtime]") {
    CHECK(version().rfind("0.1.0", 0) == 0);
    Error e(Error::Kind::Compile, "k.py:1:2: error: x", "k.py", 1, 2);
    CHECK(std::string(e.what()) == "k.py:1:2: error: x");
    CHECK(e.kind() == Error::Kind::Compile);
    CHECK(e.file() == "k.py");
    CHECK(e.line() == 1);
    CHECK(e.column() == 2);
}
