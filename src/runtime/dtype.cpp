#include "runtime/dtype.hpp"

namespace ujit::runtime {

DKind dtype_kind(DType t) {
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
    }
    return DKind::Complex;
}

bool is_valid_dtype(int t) { return t >= 0 && t < kNumDTypes; }

}  // namespace ujit::runtime
