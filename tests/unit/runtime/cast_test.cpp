#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <cstring>

#include "runtime/cast.hpp"
#include "runtime/scalar.hpp"

using namespace ujit;
using namespace ujit::runtime;

TEST_CASE("astype converts like NumPy's unsafe cast", "[runtime]") {
    Array f(DType::Float64, {6});
    double vals[] = {-2.7, -0.5, 0.0, 1.9, 300.2, std::nan("")};
    std::copy(vals, vals + 6, f.data<double>());

    Array i = astype(f.ref(), DType::Int32);
    CHECK(std::vector<int32_t>(i.data<int32_t>(), i.data<int32_t>() + 5) == std::vector<int32_t>{-2, 0, 0, 1, 300});
    Array u = astype(f.ref(), DType::UInt8);
    CHECK(u.data<uint8_t>()[4] == 44);  // 300 wraps
    CHECK(u.data<uint8_t>()[0] == 254);  // -2 wraps
    Array b = astype(f.ref(), DType::Bool);
    CHECK(std::vector<uint8_t>(b.data<uint8_t>(), b.data<uint8_t>() + 6) == std::vector<uint8_t>{1, 1, 0, 1, 1, 1});
    Array c = astype(f.ref(), DType::Complex64);
    CHECK(c.data<std::complex<float>>()[3] == std::complex<float>(1.9f, 0));
    Array back = astype(c.ref(), DType::Float32);
    CHECK(back.data<float>()[0] == -2.7f);

    Array z(DType::Complex128, {1});
    z.data<std::complex<double>>()[0] = {3.5, -1};
    CHECK(astype(z.ref(), DType::Int64).data<int64_t>()[0] == 3);

    Array junk_bool(DType::Bool, {2});
    junk_bool.data<uint8_t>()[0] = 0;
    junk_bool.data<uint8_t>()[1] = 9;
    Array as_int = astype(junk_bool.ref(), DType::Int16);
    CHECK(as_int.data<int16_t>()[1] == 1);
}

TEST_CASE("copy_cast broadcasts and follows any layout", "[runtime]") {
    // A scalar fills an F-order array.
    Array fill(DType::Int64, {3, 4}, true);
    copy_cast(scalar_array(Value(7.9).scalar(), DType::Float64).ref(), fill.ref());
    for (int k = 0; k < 12; ++k) CHECK(fill.data<int64_t>()[k] == 7);

    // A transposed int32 view into a C float32 array, serial and parallel.
    const int64_t rows = 300, cols = 200;
    Array src(DType::Int32, {cols, rows});
    for (int64_t k = 0; k < rows * cols; ++k) src.data<int32_t>()[k] = int32_t(k * 7 - 5000);
    ArrayRef t = src.ref();
    t.shape = {rows, cols};
    t.strides = {4, 4 * rows};
    Array s(DType::Float32, {rows, cols}), p(DType::Float32, {rows, cols});
    copy_cast(t, s.ref());
    copy_cast(t, p.ref(), true);
    for (int64_t r = 0; r < rows; r += 37)
        for (int64_t c = 0; c < cols; c += 11)
            CHECK(s.data<float>()[r * cols + c] == float(src.data<int32_t>()[c * rows + r]));
    CHECK(std::memcmp(s.ref().data, p.ref().data, rows * cols * 4) == 0);

    Array wrong(DType::Float32, {5});
    CHECK_THROWS_AS(copy_cast(src.ref(), wrong.ref()), Error);
}
