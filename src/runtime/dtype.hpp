// DType facts shared by the runtime: its C++ storage type, its kind, and a visitor that
// turns a run-time DType into a compile-time type (for conversion loops and npy I/O).
#pragma once

#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

inline constexpr int kNumDTypes = 14;
inline constexpr int kMaxDims = 32;  // NumPy's limit; npy files are further limited to 8

enum class DKind : uint8_t { Bool, Int, UInt, Float, Complex };
DKind dtype_kind(DType t);

// Tag passed to visitors: `typename decltype(tag)::type` is the storage type. Bool is
// stored as uint8_t (0/1) so that reading a junk byte is never undefined behaviour.
template <class T> struct TypeTag {
    using type = T;
};

template <class F> decltype(auto) visit_dtype(DType t, F&& f) {
    switch (t) {
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
    case DType::Complex128: break;
    }
    return f(TypeTag<std::complex<double>>{});
}

// True when `t` names one of the 14 enumerators (guards casts from untrusted integers).
bool is_valid_dtype(int t);

}  // namespace ujit::runtime
