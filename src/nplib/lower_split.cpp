// np.split / np.array_split (typed by nplib/arrangement_typing.cpp): a new list of views of the
// array along one axis, as Numba's np_array_split builds it (ary[..., prev:cur, ...] for each
// index, then ary[..., cur:, ...]); with a number of sections, array_split makes the first
// len % n pieces one longer, and split refuses an unequal division (Numba's ValueError).
#include "codegen/abi.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/array_views.hpp"

namespace ujit::codegen {

using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::split(BuiltinId id, TypedValue a, TypedValue sections, llvm::Value* axis, const Type* rt,
                                     syntax::SourceLoc loc) {
    const int nd = a.t->ndim();
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* k = axis ? axis : zero;
    k = b.CreateSelect(b.CreateICmpSLT(k, zero), b.CreateAdd(k, b.getInt64(nd)), k);
    raise_if(b.CreateICmpUGE(k, b.getInt64(nd)), "ValueError",
             "np.split: Argument axis out of bounds for dimensions of the array", loc);
    std::vector<llvm::Value*> shape, strides;
    llvm::Value* len = array_dim(b, a.v, 0);
    llvm::Value* stride = array_stride(b, a.v, 0);
    for (int j = 0; j < nd; ++j) {
        shape.push_back(array_dim(b, a.v, static_cast<unsigned>(j)));
        strides.push_back(array_stride(b, a.v, static_cast<unsigned>(j)));
        llvm::Value* here = b.CreateICmpEQ(k, b.getInt64(j));
        len = b.CreateSelect(here, shape.back(), len);
        stride = b.CreateSelect(here, strides.back(), stride);
    }
    const Type* piece_t = rt->item();
    // The piece of `count` items from `start` along the axis, appended to the list.
    auto append_piece = [&](llvm::Value* list, llvm::Value* start, llvm::Value* count) {
        std::vector<llvm::Value*> dims = shape;
        for (int j = 0; j < nd; ++j) dims[j] = b.CreateSelect(b.CreateICmpEQ(k, b.getInt64(j)), count, dims[j]);
        llvm::Value* data = b.CreateGEP(b.getInt8Ty(), array_data(b, a.v), b.CreateMul(start, stride));
        list_append(list, rt, make_view(b, a.v, piece_t, data, dims, strides), loc);
    };
    if (sections.t->is_int()) {
        llvm::Value* n = sections.v;
        raise_if(b.CreateICmpSLE(n, zero), "ValueError", "number sections must be larger than 0.", loc);
        llvm::Value* each = b.CreateSDiv(len, n);
        llvm::Value* rem = b.CreateSRem(len, n);
        if (id == BuiltinId::NpSplit)
            raise_if(b.CreateICmpNE(rem, zero), "ValueError", "array split does not result in an equal division", loc);
        llvm::Value* list = new_list(rt, n, loc);
        counted_range(n, [&](llvm::Value* i) {
            llvm::Value* longer = b.CreateICmpSLT(i, rem);
            llvm::Value* start = b.CreateAdd(b.CreateMul(i, each), b.CreateSelect(longer, i, rem));
            append_piece(list, start, b.CreateAdd(each, b.CreateZExt(longer, b.getInt64Ty())));
        });
        return list;
    }
    // Indices: each piece runs from the last index to this one, as a Python slice would.
    llvm::Value* list = new_list(rt, b.getInt64(1), loc);
    llvm::AllocaInst* prev = entry_alloca(b.getInt64Ty(), "split.prev");
    b.CreateStore(zero, prev);
    auto piece_to = [&](llvm::Value* cur) {
        nplib::SliceBounds s = nplib::slice_bounds(b, b.CreateLoad(b.getInt64Ty(), prev), cur, b.getInt64(1), len);
        append_piece(list, s.start, s.count);
        if (cur) b.CreateStore(cur, prev);
    };
    if (sections.t->is_tuple()) {
        for (unsigned i = 0; i < sections.t->elements().size(); ++i) piece_to(b.CreateExtractValue(sections.v, i));
    } else if (sections.t->is_list()) {
        counted_range(list_size(sections.v), [&](llvm::Value* i) {
            piece_to(b.CreateSExtOrTrunc(list_load(sections.v, sections.t, i), b.getInt64Ty()));
        });
    } else {
        const Type* it = sections.t->dtype();
        counted_range(array_dim(b, sections.v, 0), [&](llvm::Value* i) {
            llvm::Value* p =
                b.CreateGEP(b.getInt8Ty(), array_data(b, sections.v), b.CreateMul(i, array_stride(b, sections.v, 0)));
            llvm::Value* v = b.CreateLoad(storage_type(mod.ctx, it), p);
            piece_to(it->is_signed() ? b.CreateSExtOrTrunc(v, b.getInt64Ty()) : b.CreateZExtOrTrunc(v, b.getInt64Ty()));
        });
    }
    piece_to(nullptr);  // the rest
    return list;
}

}  // namespace ujit::codegen
