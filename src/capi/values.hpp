// ujit_value (C) ↔ ujit::Value (C++).
#pragma once

#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

#include <cstddef>
#include <vector>

namespace ujit::capi {

// Throws ujit::Error(Argument) for a bad dtype or a null array.
ujit::Value to_value(const ujit_value& v);
std::vector<ujit::Value> to_values(const ujit_value* vs, size_t n);

// The scalars of `result` in order (a tuple is flattened, nested tuples too; None gives
// none). Throws ujit::Error(Argument) for an array result.
std::vector<ujit_value> to_c_values(const ujit::Value& result);

// The DLPack dtype of `t` (bool is code 6, DLPack >= 0.8's kDLBool).
DLDataType dl_dtype(ujit::DType t);

}  // namespace ujit::capi
