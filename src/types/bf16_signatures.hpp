// numba-cuda's bfloat16 functions (numba.cuda.bf16, builtins_bf16.def's rows): the types
// each one takes and returns, as numba-cuda's bindings of cuda_bf16.h declare them, and for
// the conversions what they convert and how they round. Typing (types/infer_fp16.cpp) and
// lowering (codegen/lower_bf16.cpp) both read them.
#pragma once

#include "types/type.hpp"

#include <optional>
#include <vector>

namespace ujit::types {

struct Bf16Signature {
    std::vector<const Type*> params;  // other numbers convert to these
    const Type* result;
};

// Null for a builtin that is not one of cuda.bf16's.
std::optional<Bf16Signature> bf16_signature(BuiltinId id);

// How a conversion rounds: to nearest even, toward zero, down (toward -inf), up (toward +inf).
enum class Rounding : uint8_t { Nearest, Zero, Down, Up };

// cuda.bf16's conversions, read from their NumPy-style names: "int32_to_bfloat16_rz",
// "bfloat16_to_uint64_ru", "float64_to_bfloat16" (to nearest), "bfloat16_as_int16" (the bits).
struct Bf16Conversion {
    const Type* from;
    const Type* to;
    Rounding rounding;
    bool bits;  // bfloat16_as_int16 and back: the 16 bits reinterpreted
};
std::optional<Bf16Conversion> bf16_conversion(BuiltinId id);

}  // namespace ujit::types
