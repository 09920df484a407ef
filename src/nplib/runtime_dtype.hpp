// The code by which generated code names an element type to the CPU runtime's library
// helpers (cpu/helper_sort.hpp, helper_linalg.hpp, helper_matmul.hpp): ujit::DType.
#pragma once

#include "types/type.hpp"
#include "ujit/ujit.hpp"

#include <cstdint>

namespace ujit::nplib {

inline int32_t runtime_dtype(const types::Type* t) {
    DType d = DType::Complex128;
    if (t->is_bool())
        d = DType::Bool;
    else if (t->is_datetime_like())  // dt64: the helpers see the int64 counts
        d = DType::Int64;
    else if (t->is_int())
        switch (t->bits()) {
        case 8: d = t->is_signed() ? DType::Int8 : DType::UInt8; break;
        case 16: d = t->is_signed() ? DType::Int16 : DType::UInt16; break;
        case 32: d = t->is_signed() ? DType::Int32 : DType::UInt32; break;
        default: d = t->is_signed() ? DType::Int64 : DType::UInt64; break;
        }
    else if (t->is_float())
        d = t->bits() == 16 ? DType::Float16 : t->bits() == 32 ? DType::Float32 : DType::Float64;
    else if (t->bits() == 64)
        d = DType::Complex64;
    return static_cast<int32_t>(d);
}

}  // namespace ujit::nplib
