// a.view(dtype): the array's memory read as another dtype (Numba's array_view). With the same
// itemsize only the type changes; otherwise one axis is rescaled, with NumPy 1.23+'s checks
// (Numba's _compatible_view) and then Numba's _change_dtype (the last axis of a C array, the
// first of an F one, an A array by whichever end its strides show contiguous). Each failure
// is Numba's ValueError.
#include "codegen/abi.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using types::Layout;
using types::Type;

llvm::Value* FunctionLowering::dtype_view(TypedValue a, const Type* rt, syntax::SourceLoc loc) {
    const int nd = a.t->ndim();
    const int64_t old_size = a.t->dtype()->itemsize();
    const int64_t new_size = rt->dtype()->itemsize();
    std::vector<llvm::Value*> shape, strides;
    for (int k = 0; k < nd; ++k) {
        shape.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
        strides.push_back(array_stride(b, a.v, static_cast<unsigned>(k)));
    }
    if (old_size == new_size) return make_view(b, a.v, rt, array_data(b, a.v), shape, strides);
    if (nd == 0) {
        raise_if(b.getTrue(), "ValueError",
                 "Changing the dtype of a 0d array is only supported if the itemsize is unchanged", loc);
        return make_view(b, a.v, rt, array_data(b, a.v), shape, strides);  // not reached
    }
    llvm::Value* old_v = b.getInt64(old_size);
    llvm::Value* new_v = b.getInt64(new_size);
    llvm::Value* zero = b.getInt64(0);
    const unsigned last = static_cast<unsigned>(nd - 1);
    llvm::Value* size = b.getInt64(1);
    for (llvm::Value* d : shape) size = b.CreateMul(size, d);
    // _compatible_view: the last axis must be contiguous (unless trivial) and divide evenly.
    raise_if(b.CreateAnd(b.CreateAnd(b.CreateICmpNE(shape[last], b.getInt64(1)), b.CreateICmpNE(size, zero)),
                         b.CreateICmpNE(strides[last], old_v)),
             "ValueError", "To change to a dtype of a different size, the last axis must be contiguous", loc);
    if (new_size < old_size && old_size % new_size != 0)
        raise_if(b.getTrue(), "ValueError",
                 "When changing to a smaller dtype, its size must be a divisor of the size of original dtype", loc);
    if (new_size > old_size)
        raise_if(b.CreateICmpNE(b.CreateSRem(b.CreateMul(shape[last], old_v), new_v), zero), "ValueError",
                 "When changing to a larger dtype, its size must be a divisor of the total size in bytes of the "
                 "last axis of the array.",
                 loc);
    // _change_dtype: which axis is rescaled (the last for C, the first for F).
    llvm::Value* at_last = b.getInt1(a.t->layout() != Layout::F);
    llvm::Value* incompatible = b.getFalse();
    if (a.t->layout() == Layout::A) {
        llvm::Value* c_like = b.CreateICmpEQ(strides[last], old_v);
        llvm::Value* f_like = b.CreateICmpEQ(strides[0], old_v);
        at_last = c_like;
        incompatible = b.CreateNot(b.CreateOr(c_like, f_like));
    }
    // The rescaled length of an axis, and whether its bytes do not divide into new items.
    auto rescale = [&](llvm::Value* dim, llvm::Value** bad) -> llvm::Value* {
        *bad = b.getFalse();
        if (new_size < old_size) return b.CreateMul(dim, b.getInt64(old_size / new_size));
        llvm::Value* bytes = b.CreateMul(dim, old_v);
        *bad = b.CreateICmpNE(b.CreateSRem(bytes, new_v), zero);
        return b.CreateSDiv(bytes, new_v);
    };
    llvm::Value *first_bad, *last_bad;
    llvm::Value* first_dim = rescale(shape[0], &first_bad);
    llvm::Value* last_dim = rescale(shape[last], &last_bad);
    incompatible = b.CreateOr(incompatible, b.CreateSelect(at_last, last_bad, first_bad));
    if (nd == 1) {
        shape[0] = first_dim;
        strides[0] = new_v;
    } else {
        shape[last] = b.CreateSelect(at_last, last_dim, shape[last]);
        strides[last] = b.CreateSelect(at_last, new_v, strides[last]);
        shape[0] = b.CreateSelect(at_last, shape[0], first_dim);
        strides[0] = b.CreateSelect(at_last, strides[0], new_v);
    }
    raise_if(incompatible, "ValueError", "new type not compatible with array", loc);
    return make_view(b, a.v, rt, array_data(b, a.v), shape, strides);
}

}  // namespace ujit::codegen
