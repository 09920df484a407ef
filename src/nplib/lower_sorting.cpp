// Sorting in compiled code (typed by nplib/library_typing): a.sort() in place, np.sort's
// sorted copy, np.argsort and np.unique, through the CPU runtime's kernels
// (cpu/helper_sort.hpp); the new arrays come from the allocation primitive, allocate_array.
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/runtime_dtype.hpp"

namespace ujit::codegen {

using types::Type;

namespace {
int32_t dtype_code(const Type* t) { return nplib::runtime_dtype(t); }
}  // namespace

// a.sort(): each row along the last axis, sorted in place by the runtime.
void FunctionLowering::sort_rows(TypedValue a) {
    llvm::FunctionCallee sort =
        runtime_call("ujit_rt_sort", b.getVoidTy(), {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getInt32Ty()});
    const int nd = a.t->ndim();
    const unsigned last = static_cast<unsigned>(nd - 1);
    llvm::Value* n = array_dim(b, a.v, last);
    llvm::Value* stride = array_stride(b, a.v, last);
    llvm::Value* dtype = b.getInt32(dtype_code(a.t->dtype()));
    if (nd == 1) {
        b.CreateCall(sort, {array_data(b, a.v), n, stride, dtype});
        return;
    }
    // The rows' first elements: a view of every axis but the last.
    std::vector<llvm::Value*> dims, strides;
    for (unsigned k = 0; k < last; ++k) {
        dims.push_back(array_dim(b, a.v, k));
        strides.push_back(array_stride(b, a.v, k));
    }
    const Type* heads_t = types::array(a.t->dtype(), nd - 1, types::Layout::A);
    llvm::Value* heads = make_view(b, a.v, heads_t, array_data(b, a.v), dims, strides);
    elementwise_loop(dims, {{heads, heads_t}},
                     [&](const std::vector<llvm::Value*>& p) { b.CreateCall(sort, {p[0], n, stride, dtype}); });
}

// np.sort(a): a.copy() sorted in place, as Numba's np_sort_impl.
llvm::Value* FunctionLowering::sorted_copy(TypedValue a, const Type* rt, syntax::SourceLoc loc) {
    std::vector<llvm::Value*> shape;
    for (int k = 0; k < a.t->ndim(); ++k) shape.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, shape, loc, "np.sort()"), rt};
    copy_array(out, a, loc);
    sort_rows(out);
    return out.v;
}

// np.argsort(a) of a 1-D array: the runtime's stable argsort, which serves kind='mergesort'
// and the default quicksort alike (NumPy leaves the order of ties to quicksort).
llvm::Value* FunctionLowering::argsort(TypedValue a, const Type* rt, syntax::SourceLoc loc) {
    llvm::Value* n = array_dim(b, a.v, 0);
    llvm::Value* out = allocate_array(rt, {n}, loc, "np.argsort()");
    llvm::FunctionCallee f = runtime_call("ujit_rt_argsort", b.getVoidTy(),
                                          {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getInt32Ty(), b.getPtrTy()});
    b.CreateCall(
        f, {array_data(b, a.v), n, array_stride(b, a.v, 0), b.getInt32(dtype_code(a.t->dtype())), array_data(b, out)});
    return out;
}

// np.unique(ar): the flattened array sorted in a scratch copy, its distinct values (NaNs as
// one, as Numba's and NumPy's) compacted by the runtime, then copied into a 1-D array of
// exactly their number.
llvm::Value* FunctionLowering::unique(TypedValue a, const Type* rt, syntax::SourceLoc loc) {
    const Type* dt = a.t->dtype();
    std::vector<llvm::Value*> shape;
    for (int k = 0; k < a.t->ndim(); ++k) shape.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    const Type* scratch_t = types::array(dt, a.t->ndim(), types::Layout::C);
    TypedValue scratch{allocate_array(scratch_t, shape, loc, "np.unique()"), scratch_t};
    copy_array(scratch, a, loc);
    llvm::FunctionCallee f =
        runtime_call("ujit_rt_unique", b.getInt64Ty(), {b.getPtrTy(), b.getInt64Ty(), b.getInt32Ty()});
    llvm::Value* m =
        b.CreateCall(f, {array_data(b, scratch.v), array_size(scratch.v, scratch_t), b.getInt32(dtype_code(dt))});
    llvm::Value* out = allocate_array(rt, {m}, loc, "np.unique()");
    b.CreateMemCpy(array_data(b, out), llvm::MaybeAlign(1), array_data(b, scratch.v), llvm::MaybeAlign(1),
                   b.CreateMul(m, b.getInt64(dt->itemsize())));
    return out;
}

}  // namespace ujit::codegen
