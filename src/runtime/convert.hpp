// Element conversions with NumPy's C-cast meaning (astype with casting='unsafe'):
// integers wrap, floats truncate toward zero, complex drops the imaginary part, anything
// becomes bool by "!= 0". Out-of-range or NaN floats going to integers give the value an
// x86 cvttsd2si gives (INT64_MIN, truncated), never undefined behaviour.
#pragma once

#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace ujit::runtime {

// A real floating type: float, double, or _Float16 (NumPy's float16; GCC's std::is_floating_point
// leaves it out).
template <class T> inline constexpr bool is_float_v = std::is_floating_point_v<T> || std::is_same_v<T, _Float16>;

template <class T> inline constexpr bool is_complex_v = false;
template <class T> inline constexpr bool is_complex_v<std::complex<T>> = true;

template <class I> I float_to_int(double x) {
    constexpr double two63 = 9223372036854775808.0;
    if constexpr (std::is_signed_v<I>) {
        if (x >= -two63 && x < two63) return static_cast<I>(static_cast<int64_t>(x));
        return static_cast<I>(std::numeric_limits<int64_t>::min());
    } else {
        if (x >= 0 && x < 2 * two63) return static_cast<I>(static_cast<uint64_t>(x));
        if (x > -two63 && x < 0) return static_cast<I>(static_cast<int64_t>(x));
        return static_cast<I>(uint64_t(1) << 63);
    }
}

template <class To, class From> To convert(From x) {
    if constexpr (std::is_same_v<To, From>) {
        return x;
    } else if constexpr (std::is_same_v<To, bool>) {
        return x != From(0);
    } else if constexpr (is_complex_v<From>) {
        if constexpr (is_complex_v<To>)
            return To(static_cast<typename To::value_type>(x.real()), static_cast<typename To::value_type>(x.imag()));
        else
            return convert<To>(x.real());
    } else if constexpr (is_complex_v<To>) {
        return To(convert<typename To::value_type>(x), 0);
    } else if constexpr (std::is_same_v<From, bool>) {
        return static_cast<To>(x ? 1 : 0);
    } else if constexpr (std::is_integral_v<To> && is_float_v<From>) {
        return float_to_int<To>(static_cast<double>(x));
    } else {
        return static_cast<To>(x);  // int→int wraps (C++20), int→float rounds
    }
}

}  // namespace ujit::runtime
