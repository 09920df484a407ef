#include "runtime/scalar.hpp"

#include "runtime/datetime_text.hpp"

#include <cstring>

#include "runtime/pyrepr.hpp"

namespace ujit::runtime {
namespace {

// Normalizes a C++ value of the dtype's own type into the Scalar representation.
template <class T> Scalar pack(DType t, T x) {
    Scalar s;
    s.type = t;
    if constexpr (std::is_same_v<T, bool>)
        s.i = x ? 1 : 0;
    else if constexpr (std::is_integral_v<T>)
        s.i = static_cast<int64_t>(x);
    else if constexpr (is_float_v<T>)
        s.f = x;
    else
        s.c = std::complex<double>(x);
    return s;
}

template <class From> Scalar make_from(DType t, From x) {
    return visit_dtype(t, [&](auto tag) { return pack(t, convert<typename decltype(tag)::type>(x)); });
}

}  // namespace

Scalar make_scalar(DType t, double x) { return make_from(t, x); }
Scalar make_scalar(DType t, int64_t x) { return make_from(t, x); }
Scalar make_scalar(DType t, std::complex<double> x) { return make_from(t, x); }

void store_scalar(const Scalar& s, DType to, void* dst) {
    visit_scalar(s, [&](auto x) {
        visit_dtype(to, [&](auto tag) {
            using T = typename decltype(tag)::type;
            T y = convert<T>(x);
            std::memcpy(dst, &y, sizeof y);
        });
    });
}

Scalar load_scalar(DType t, const void* src) {
    return visit_dtype(t, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, bool>) {
            uint8_t byte;  // any non-zero byte is True, as NumPy reads it
            std::memcpy(&byte, src, 1);
            return pack(t, byte != 0);
        } else {
            T x;
            std::memcpy(&x, src, sizeof x);
            return pack(t, x);
        }
    });
}

Array scalar_array(const Scalar& s, DType t) {
    Array a(t, {});
    store_scalar(s, t, a.ref().data);
    return a;
}

std::string scalar_repr(const Scalar& s) {
    // dt64: Numba boxes np.datetime64 / np.timedelta64; print() shows their str
    if (is_datetime_like(s.type)) return datetime_text(s.type, s.i);
    // Numba boxes every result as a Python object: float32 becomes a Python float (the
    // widened double), int8..uint64 a Python int, complex64 a Python complex.
    return visit_scalar(s, [](auto x) -> std::string {
        using T = decltype(x);
        if constexpr (std::is_same_v<T, bool>)
            return x ? "True" : "False";
        else if constexpr (std::is_integral_v<T>)
            return std::to_string(x);
        else if constexpr (is_float_v<T>)
            return float_repr(double(x));
        else
            return complex_repr(std::complex<double>(x));
    });
}

}  // namespace ujit::runtime
