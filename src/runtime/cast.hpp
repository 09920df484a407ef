// Array dtype conversion (ndarray.astype with casting='unsafe'), built from inner loops of
// the ufunc signature so the executor broadcasts, coalesces and parallelizes them: the
// driver uses it for inputs whose dtype differs from the chosen loop and for `out`
// arrays of another dtype.
#pragma once

#include "runtime/ufunc_exec.hpp"
#include "ujit/ujit.hpp"

namespace ujit::runtime {

// Inner loop converting ptrs[0] (dtype `from`) into ptrs[1] (dtype `to`).
LoopFn cast_loop(DType from, DType to);

// Writes `src` (broadcast to dst's shape) converted to dst's dtype into `dst`.
void copy_cast(const ArrayRef& src, const ArrayRef& dst, bool parallel = false);
// A new C-order array holding `a` converted to `to`.
Array astype(const ArrayRef& a, DType to, bool parallel = false);

}  // namespace ujit::runtime
