#include "nplib/array_views.hpp"

#include "codegen/llvm_types.hpp"

namespace ujit::nplib {

using codegen::array_data;
using codegen::array_dim;
using codegen::array_stride;
using types::Type;

namespace {

llvm::Value* smax(llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value* y) {
    return b.CreateSelect(b.CreateICmpSGT(x, y), x, y);
}
llvm::Value* smin(llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value* y) {
    return b.CreateSelect(b.CreateICmpSLT(x, y), x, y);
}

// One bound of a slice: negative counts from the end, then clipped to [lo, hi].
llvm::Value* adjust_bound(llvm::IRBuilder<>& b, llvm::Value* v, llvm::Value* len, llvm::Value* lo, llvm::Value* hi) {
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(v, b.getInt64(0)), b.CreateAdd(v, len), v);
    return smin(b, smax(b, wrapped, lo), hi);
}

}  // namespace

SliceBounds slice_bounds(llvm::IRBuilder<>& b, llvm::Value* lower, llvm::Value* upper, llvm::Value* step,
                         llvm::Value* len) {
    // Stepping up, bounds live in [0, len]; stepping down in [-1, len - 1] (-1: before the start).
    llvm::Value* up = b.CreateICmpSGT(step, b.getInt64(0));
    llvm::Value* lo = b.CreateSelect(up, b.getInt64(0), b.getInt64(-1));
    llvm::Value* hi = b.CreateSelect(up, len, b.CreateSub(len, b.getInt64(1)));
    llvm::Value* start = lower ? adjust_bound(b, lower, len, lo, hi) : b.CreateSelect(up, lo, hi);
    llvm::Value* stop = upper ? adjust_bound(b, upper, len, lo, hi) : b.CreateSelect(up, hi, lo);
    // count = ceil((stop - start) / step) when positive, for either sign of step.
    llvm::Value* span = b.CreateSelect(up, b.CreateSub(stop, start), b.CreateSub(start, stop));
    llvm::Value* mag = b.CreateSelect(up, step, b.CreateNeg(step));
    llvm::Value* count = b.CreateSDiv(b.CreateAdd(span, b.CreateSub(mag, b.getInt64(1))), mag);
    count = b.CreateSelect(b.CreateICmpSGT(span, b.getInt64(0)), count, b.getInt64(0));
    return {start, count};
}

llvm::Value* transpose_view(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* rt, const std::vector<int>& perm) {
    std::vector<llvm::Value*> shape, strides;
    for (int k : perm) {
        shape.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
        strides.push_back(array_stride(b, arr, static_cast<unsigned>(k)));
    }
    return codegen::make_view(b, arr, rt, array_data(b, arr), shape, strides);
}

llvm::Value* reshape_view(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* at, const Type* rt,
                          std::vector<llvm::Value*> dims, llvm::Value** bad_size, llvm::Value** many_negative) {
    llvm::Value* size = b.getInt64(1);
    for (int k = 0; k < at->ndim(); ++k) size = b.CreateMul(size, array_dim(b, arr, static_cast<unsigned>(k)));
    // Numba's normalize_reshape_value: the product of the known dims, and how many are negative.
    llvm::Value* known = b.getInt64(1);
    llvm::Value* negatives = b.getInt64(0);
    for (llvm::Value* d : dims) {
        llvm::Value* neg = b.CreateICmpSLT(d, b.getInt64(0));
        known = b.CreateSelect(neg, known, b.CreateMul(known, d));
        negatives = b.CreateAdd(negatives, b.CreateZExt(neg, b.getInt64Ty()));
    }
    llvm::Value* known_is_zero = b.CreateICmpEQ(known, b.getInt64(0));
    llvm::Value* safe_known = b.CreateSelect(known_is_zero, b.getInt64(1), known);
    llvm::Value* inferred = b.CreateSelect(known_is_zero, b.getInt64(0), b.CreateSDiv(size, safe_known));
    llvm::Value* inferred_ok = b.CreateSelect(known_is_zero, b.CreateICmpEQ(size, b.getInt64(0)),
                                              b.CreateICmpEQ(b.CreateSRem(size, safe_known), b.getInt64(0)));
    llvm::Value* none_negative = b.CreateICmpEQ(negatives, b.getInt64(0));
    *many_negative = b.CreateICmpUGT(negatives, b.getInt64(1));
    *bad_size = b.CreateSelect(none_negative, b.CreateICmpNE(size, known), b.CreateNot(inferred_ok));
    for (llvm::Value*& d : dims) d = b.CreateSelect(b.CreateICmpSLT(d, b.getInt64(0)), inferred, d);
    // C order over the same data: the innermost stride is the itemsize.
    std::vector<llvm::Value*> strides(dims.size());
    llvm::Value* stride = b.getInt64(at->dtype()->itemsize());
    for (size_t k = dims.size(); k-- > 0;) {
        strides[k] = stride;
        stride = b.CreateMul(stride, dims[k]);
    }
    return codegen::make_view(b, arr, rt, array_data(b, arr), dims, strides);
}

llvm::Value* complex_part_view(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* at, const Type* rt, int part) {
    std::vector<llvm::Value*> shape, strides;
    for (int k = 0; k < at->ndim(); ++k) {
        shape.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
        strides.push_back(array_stride(b, arr, static_cast<unsigned>(k)));
    }
    llvm::Value* data = b.CreateGEP(b.getInt8Ty(), array_data(b, arr), b.getInt64(part * rt->dtype()->itemsize()));
    return codegen::make_view(b, arr, rt, data, shape, strides);
}

llvm::Value* is_contiguous(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* at, bool fortran) {
    llvm::Value* ok = b.getTrue();
    llvm::Value* empty = b.getFalse();
    llvm::Value* expected = b.getInt64(at->dtype()->itemsize());
    for (int i = 0; i < at->ndim(); ++i) {
        unsigned k = static_cast<unsigned>(fortran ? i : at->ndim() - 1 - i);
        llvm::Value* dim = array_dim(b, arr, k);
        llvm::Value* matches =
            b.CreateOr(b.CreateICmpEQ(dim, b.getInt64(1)), b.CreateICmpEQ(array_stride(b, arr, k), expected));
        ok = b.CreateAnd(ok, matches);
        empty = b.CreateOr(empty, b.CreateICmpEQ(dim, b.getInt64(0)));
        expected = b.CreateMul(expected, dim);
    }
    return b.CreateOr(ok, empty);
}

llvm::Value* kept_or_made(llvm::IRBuilder<>& b, llvm::Value* keep, llvm::Value* kept,
                          const std::function<llvm::Value*()>& make) {
    llvm::Function* f = b.GetInsertBlock()->getParent();
    llvm::BasicBlock* making = llvm::BasicBlock::Create(b.getContext(), "made", f);
    llvm::BasicBlock* join = llvm::BasicBlock::Create(b.getContext(), "kept_or_made", f);
    llvm::BasicBlock* from = b.GetInsertBlock();
    b.CreateCondBr(keep, join, making);
    b.SetInsertPoint(making);
    llvm::Value* made = make();
    llvm::BasicBlock* made_end = b.GetInsertBlock();
    b.CreateBr(join);
    b.SetInsertPoint(join);
    llvm::PHINode* out = b.CreatePHI(kept->getType(), 2);
    out->addIncoming(kept, from);
    out->addIncoming(made, made_end);
    return out;
}

}  // namespace ujit::nplib
