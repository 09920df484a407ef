// cuda.atomic.* on one array element, with Numba's semantics: every operation returns
// the value the element held before it.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::cuda {

// args[0]: pointer to the element (generic address space); args[1]: the value (of the
// element's type); for cas: args[1] the expected old value, args[2] the new value.
// `is_signed` picks signed or unsigned max/min/inc/dec on integers.
// Null for an operation the element type does not support (and_ on floats, ...).
//   add/sub/and_/or_/xor/exch: atomicrmw (float sub adds the negation);
//   max/min: Numba's rule — nothing is stored when the old value or `val` is NaN;
//   nanmax/nanmin: NaN is missing data — a NaN `val` is ignored, a NaN old value replaced;
//   inc: old >= val ? 0 : old + 1;  dec: (old == 0 || old > val) ? val : old - 1
//   (uint32: atom.inc/dec; wider or signed: a cas loop);
//   cas: stores args[2] when the element equals args[1] (bitwise for floats).
llvm::Value* emit_atomic(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args,
                         bool is_signed);

}  // namespace ujit::cuda
