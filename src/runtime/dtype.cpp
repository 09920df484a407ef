#include "runtime/dtype.hpp"

namespace ujit::runtime {

DKind dtype_kind(DType t) {
    if (is_datetime_like(t)) return DKind::Datetime;
    switch (t) {
    case DType::Bool: return DKind::Bool;
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
    case DType::Int64: return DKind::Int;
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64: return DKind::UInt;
    case DType::Float16:
    case DType::Float32:
    case DType::Float64: return DKind::Float;
    case DType::Complex64:
    case DType::Complex128: break;
    case DType::Datetime64:
    case DType::Timedelta64: return DKind::Datetime;
    }
    return DKind::Complex;
}

bool is_valid_dtype(int t) {
    if (t >= 0 && t < kNumDTypes) return true;
    const int unit = t & 15, base = t & ~15;  // datetime64/timedelta64 + NumPy's unit code (3 is none)
    return (base == int(DType::Datetime64) || base == int(DType::Timedelta64)) && unit <= 14 && unit != 3;
}

}  // namespace ujit::runtime
