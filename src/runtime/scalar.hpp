// Typed scalars (ujit::Value::Scalar): construction with wrap-around to the dtype's width,
// conversion to C++ types, loads and stores of their bytes, and 0-d arrays holding one
// (how a scalar joins a ufunc call: a 0-d operand broadcasts with stride 0).
#pragma once

#include <cmath>
#include <string>

#include "runtime/convert.hpp"
#include "runtime/dtype.hpp"
#include "ujit/ujit.hpp"

namespace ujit::runtime {

using Scalar = Value::Scalar;

// The value of `x` as dtype `t` (NumPy's unsafe cast: wraps, truncates, rounds).
Scalar make_scalar(DType t, double x);
Scalar make_scalar(DType t, int64_t x);
Scalar make_scalar(DType t, std::complex<double> x);

// Reads `s` as its own C++ type (int8_t for Int8, ...) and hands it to `f`.
template <class F> decltype(auto) visit_scalar(const Scalar& s, F&& f) {
    return visit_dtype(s.type, [&](auto tag) -> decltype(auto) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, bool>)
            return f(s.i != 0);
        else if constexpr (std::is_integral_v<T>)
            return f(static_cast<T>(s.i));
        else if constexpr (is_float_v<T>)
            return f(static_cast<T>(s.f));
        else
            return f(T(s.c));
    });
}

// Conversion for Value::as<T>: any scalar to T, except complex to a real type (Python's
// TypeError) and a non-finite or out-of-range float to an integer, which throw.
template <class T> T scalar_as(const Scalar& s) {
    return visit_scalar(s, [&](auto x) -> T {
        using From = decltype(x);
        if constexpr (is_complex_v<From> && !is_complex_v<T>) {
            throw Error(Error::Kind::Argument, std::string("cannot convert a complex value to a real type"));
        } else {
            if constexpr (is_float_v<From> && std::is_integral_v<T> && !std::is_same_v<T, bool>) {
                double lo = std::is_signed_v<T> ? -9223372036854775808.0 : -1.0;
                double hi = std::is_signed_v<T> ? 9223372036854775808.0 : 18446744073709551616.0;
                if (!(x > lo && x < hi))
                    throw Error(Error::Kind::Argument,
                                "cannot convert float " + std::to_string(double(x)) + " to an integer");
            }
            return convert<T>(x);
        }
    });
}

// Stores `s` converted to `to` at `dst` (itemsize(to) bytes, any alignment).
void store_scalar(const Scalar& s, DType to, void* dst);
// Reads one element of dtype `t` from `src` (any alignment).
Scalar load_scalar(DType t, const void* src);
// A 0-d array of dtype `t` holding `s` converted to `t`.
Array scalar_array(const Scalar& s, DType t);

std::string scalar_repr(const Scalar& s);

}  // namespace ujit::runtime
