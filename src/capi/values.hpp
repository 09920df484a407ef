// ujit_value (C) ↔ ujit::Value (C++).
#pragma once

#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

#include <cstddef>
#include <vector>

namespace ujit::capi {

// A value holding a DLTensor (UJIT_ARRAY, UJIT_ARRAY_READONLY; not a result handle).
inline const DLTensor* dl_tensor_of(const ujit_value& v) {
    return v.is_array && v.is_array != UJIT_ARRAY_RESULT && v.is_array != UJIT_LIST_RESULT &&
                   v.is_array != UJIT_STRING && v.is_array != UJIT_DICT_RESULT
               ? v.v.array
               : nullptr;
}

// Throws ujit::Error(Argument) for a bad dtype or a null array.
ujit::Value to_value(const ujit_value& v);
std::vector<ujit::Value> to_values(const ujit_value* vs, size_t n);

// Writes the leaves of `result` in order (a tuple is flattened, nested tuples too; None
// gives none) into out[0, max_out): scalars, and arrays as new ujit_array handles the
// caller owns (they take the arrays over from `result`). Returns how many leaves the result has; on a throw, out holds no handle.
size_t to_c_values(ujit::Value&& result, ujit_value* out, size_t max_out);

// Sets the handle's DLTensor view from its value (element strides where whole items).
void fill_tensor(ujit_array& a);

// The DLPack dtype of `t` (bool is code 6, DLPack >= 0.8's kDLBool).
DLDataType dl_dtype(ujit::DType t);

}  // namespace ujit::capi
