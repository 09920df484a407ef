// Module-level NumPy arrays frozen into compiled code, as Numba freezes a global array: its
// data is copied at compile time and the code reads it as a `readonly array(dtype, Nd, C)`
// (a store into it is Numba's "Cannot modify readonly array" error).
#pragma once

#include "types/const_eval.hpp"

namespace ujit::types {

// `np.array(<nested lists or tuples of constants>[, dtype])` at module level: the frozen
// array, or nothing when `e` is no call of np.array. Throws CompileError (located) when it
// is one whose elements are not constants or not of one shape.
std::optional<ConstValue> eval_const_array(const syntax::Expr* e, const NameLookup& lookup, const char* context);

// A frozen array of `dtype` (a scalar type), `shape` and its items in C order.
ConstValue make_const_array(const Type* dtype, std::vector<int64_t> shape, std::string bytes);

// A device array captured by reference: typed as a writable array (C layout where the
// strides are C order, else A); its items are never folded at compile time.
ConstValue make_captured_array(const Type* dtype, std::vector<int64_t> shape, std::vector<int64_t> strides,
                               uint64_t address);

// The item of `dtype` holding `v` (converted as NumPy's astype would), in native bytes.
std::string const_item_bytes(const ConstValue& v, const Type* dtype);

// Item `flat` (C order) of a frozen array, as a scalar constant of its dtype.
ConstValue const_item(const ConstValue& array, int64_t flat);

}  // namespace ujit::types
