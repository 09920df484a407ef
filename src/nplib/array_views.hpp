// Lowering of array views (Numba's arrayobj.py, for what needs no allocation): slice
// bounds, transposes, reshapes and contiguity flags, written once over the array struct of
// codegen/llvm_types.hpp and shared by the CPU and CUDA targets. Every view is built by
// codegen::make_view, so it shares its base's memory (and, once arrays own memory, its owner).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <functional>
#include <vector>

namespace ujit::nplib {

// Python's slice.indices(len) followed by the element count (PySlice_AdjustIndices): missing
// bounds are null, `step` is never zero (the caller checks). All values are i64.
struct SliceBounds {
    llvm::Value* start;
    llvm::Value* count;
};
SliceBounds slice_bounds(llvm::IRBuilder<>& b, llvm::Value* lower, llvm::Value* upper, llvm::Value* step,
                         llvm::Value* len);

// a.transpose(perm) (perm[k] is the source axis of axis k; reversed for a.T), typed `rt`.
llvm::Value* transpose_view(llvm::IRBuilder<>& b, llvm::Value* arr, const types::Type* rt,
                            const std::vector<int>& perm);

// a.reshape(dims) of a contiguous array: the C-ordered view of the same data. A -1 among the
// dims is inferred; *bad_size / *many_negative are set to i1 values, true when NumPy raises
// "total size of new array must be unchanged" / "multiple negative shape values".
llvm::Value* reshape_view(llvm::IRBuilder<>& b, llvm::Value* arr, const types::Type* at, const types::Type* rt,
                          std::vector<llvm::Value*> dims, llvm::Value** bad_size, llvm::Value** many_negative);

// The real (part 0) or imaginary (part 1) parts of a complex array, as a strided view.
llvm::Value* complex_part_view(llvm::IRBuilder<>& b, llvm::Value* arr, const types::Type* at, const types::Type* rt,
                               int part);

// a.flags.c_contiguous (fortran false) / f_contiguous (true), by NumPy's rule: strides match a
// dense layout, axes of length 1 ignored, an empty array contiguous either way.
llvm::Value* is_contiguous(llvm::IRBuilder<>& b, llvm::Value* arr, const types::Type* at, bool fortran);

// `kept` where `keep` holds, else the value `make` emits in a block of its own: the phi of the
// two (np.ascontiguousarray of an A array, np.nan_to_num(x, copy=c): the array itself or a copy).
llvm::Value* kept_or_made(llvm::IRBuilder<>& b, llvm::Value* keep, llvm::Value* kept,
                          const std::function<llvm::Value*()>& make);

}  // namespace ujit::nplib
