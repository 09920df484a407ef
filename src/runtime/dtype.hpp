// DType facts shared by the runtime: its C++ storage type, its kind, and a visitor that
// turns a run-time DType into a compile-time type (for conversion loops and npy I/O).
#pragma once

#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

// The number dtypes, codes 0..13; the datetime64/timedelta64 ones (16 + unit, 32 + unit) are
// int64 counts and take int64's place in tables indexed by code (storage_dtype).
inline constexpr int kNumDTypes = 14;
inline constexpr int kMaxDims = 32;  // NumPy's limit; npy files are further limited to 8

enum class DKind : uint8_t { Bool, Int, UInt, Float, Complex, Datetime /* and timedelta64 */ };
DKind dtype_kind(DType t);
inline bool is_datetime_like(DType t) { return is_datetime64(t) || is_timedelta64(t); }
// The number dtype that stores `t`: itself, int64 for a datetime64/timedelta64.
inline DType storage_dtype(DType t) { return is_datetime_like(t) ? DType::Int64 : t; }

// Tag passed to visitors: `typename decltype(tag)::type` is the storage type. Bool is
// stored as uint8_t (0/1) so that reading a junk byte is never undefined behaviour.
template <class T> struct TypeTag {
    using type = T;
};

template <class F> decltype(auto) visit_dtype(DType t, F&& f) {
    switch (storage_dtype(t)) {
    case DType::Bool: return f(TypeTag<bool>{});
    case DType::Int8: return f(TypeTag<int8_t>{});
    case DType::Int16: return f(TypeTag<int16_t>{});
    case DType::Int32: return f(TypeTag<int32_t>{});
    case DType::Int64: return f(TypeTag<int64_t>{});
    case DType::UInt8: return f(TypeTag<uint8_t>{});
    case DType::UInt16: return f(TypeTag<uint16_t>{});
    case DType::UInt32: return f(TypeTag<uint32_t>{});
    case DType::UInt64: return f(TypeTag<uint64_t>{});
    case DType::Float32: return f(TypeTag<float>{});
    case DType::Float64: return f(TypeTag<double>{});
    case DType::Complex64: return f(TypeTag<std::complex<float>>{});
    case DType::Float16: return f(TypeTag<_Float16>{});  // GCC's IEEE half (x86-64, AArch64)
    case DType::Complex128:
    case DType::Datetime64:  // (storage_dtype gave int64)
    case DType::Timedelta64: break;
    }
    return f(TypeTag<std::complex<double>>{});
}

// True when `t` is a dtype's code (guards casts from untrusted integers).
bool is_valid_dtype(int t);

}  // namespace ujit::runtime
