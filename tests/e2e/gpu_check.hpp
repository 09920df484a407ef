// Helpers of the end-to-end GPU tests: typed host arrays, deterministic inputs and
// element-wise comparison that reports the first mismatch (not a million CHECKs).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "ujit/cuda.hpp"

namespace ujit::gputest {

template <class T> constexpr DType dtype_of() {
    if constexpr (std::is_same_v<T, int8_t>)
        return DType::Int8;
    else if constexpr (std::is_same_v<T, int16_t>)
        return DType::Int16;
    else if constexpr (std::is_same_v<T, int32_t>)
        return DType::Int32;
    else if constexpr (std::is_same_v<T, int64_t>)
        return DType::Int64;
    else if constexpr (std::is_same_v<T, uint32_t>)
        return DType::UInt32;
    else if constexpr (std::is_same_v<T, uint64_t>)
        return DType::UInt64;
    else if constexpr (std::is_same_v<T, float>)
        return DType::Float32;
    else {
        static_assert(std::is_same_v<T, double>);
        return DType::Float64;
    }
}

// A scalar argument of exactly T's dtype.
template <class T> Value scalar(T x) {
    if constexpr (std::is_floating_point_v<T>)
        return Value::of(dtype_of<T>(), double(x));
    else
        return Value::of_int(dtype_of<T>(), int64_t(x));
}

// A C-ordered host array of T filled by fill(i) for the flat index i.
template <class T, class F> Array host_array(std::vector<int64_t> shape, F fill) {
    Array a(dtype_of<T>(), std::move(shape));
    T* p = a.data<T>();
    for (int64_t i = 0; i < a.size(); ++i) p[i] = static_cast<T>(fill(i));
    return a;
}

template <class T> std::vector<T> to_vector(const Array& a) {
    REQUIRE(a.dtype() == dtype_of<T>());
    return std::vector<T>(a.data<T>(), a.data<T>() + a.size());
}

template <class T> std::vector<T> from_device(const cuda::DeviceArray& d) { return to_vector<T>(d.copy_to_host()); }

// A deterministic 64-bit generator (splitmix64), the same on every machine.
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed) {}
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1.0p-53; }
    int64_t integer(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo)); }  // [lo, hi)
};

// "" when got[i] matches want[i] for every i (floats within atol + rtol*|want|, NaN == NaN),
// else the first mismatch and how many there are.
template <class T> std::string mismatch(const T* got, const T* want, int64_t n, double rtol = 0, double atol = 0) {
    int64_t bad = 0, first = -1;
    for (int64_t i = 0; i < n; ++i) {
        bool ok;
        if constexpr (std::is_floating_point_v<T>) {
            double g = got[i], w = want[i];
            ok = (std::isnan(g) && std::isnan(w)) || g == w || std::fabs(g - w) <= atol + rtol * std::fabs(w);
        } else {
            ok = got[i] == want[i];
        }
        if (!ok && bad++ == 0) first = i;
    }
    if (!bad) return "";
    std::ostringstream os;
    os.precision(std::numeric_limits<T>::max_digits10);
    using P = std::conditional_t<sizeof(T) == 1, int, T>;
    os << bad << " of " << n << " elements differ; first at flat index " << first << ": got " << P(got[first])
       << ", want " << P(want[first]);
    return os.str();
}

template <class T>
std::string mismatch(const std::vector<T>& got, const std::vector<T>& want, double rtol = 0, double atol = 0) {
    if (got.size() != want.size())
        return "got " + std::to_string(got.size()) + " elements, want " + std::to_string(want.size());
    return mismatch(got.data(), want.data(), int64_t(got.size()), rtol, atol);
}

inline uint32_t blocks_for(int64_t n, int64_t block) { return uint32_t((n + block - 1) / block); }

}  // namespace ujit::gputest

// Every host-device case starts here: the host device only stands in where CUDA is unavailable.
#define UJIT_REQUIRE_HOST_DEVICE()                                                                                     \
    do {                                                                                                               \
        INFO("the host device needs CUDA unavailable: run with UJIT_DISABLE_CUDA=1");                                  \
        REQUIRE(!ujit::cuda::is_available());                                                                          \
    } while (0)
