// The kind (dicts/dict_runtime.h's ujit_dict_key_kind) of a number field of a dict's key or
// value: what hashing and equality switch on. Shared by codegen (lower_dicts.cpp) and the
// API's dict arguments (pipeline/marshal_dicts.cpp), which lay out the same entries.
#pragma once

#include "dicts/dict_runtime.h"
#include "types/type.hpp"

#include <cstdint>

namespace ujit::codegen {

inline int64_t dict_field_kind(const types::Type* t) {
    if (t->is_bool()) return UJIT_DK_BOOL;
    if (t->is_float()) return t->bits() == 32 ? UJIT_DK_F32 : UJIT_DK_F64;
    int64_t base = t->is_signed() ? UJIT_DK_I8 : UJIT_DK_U8;
    return base + (t->bits() == 8 ? 0 : t->bits() == 16 ? 1 : t->bits() == 32 ? 2 : 3);
}

}  // namespace ujit::codegen
