// Lowering of the layout functions typed by nplib/arrangement_typing.cpp, and the dispatch of
// every call of that family: np.ascontiguousarray / np.asfortranarray (Numba's
// _as_layout_array: the array itself where its layout already fits, else a copy), np.ravel and
// a.ravel() of a non-C array (a copy in C order, as Numba's flatten), np.transpose and
// a.transpose(axes) with run-time axes (Numba's permute_arrays), np.reshape.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/array_views.hpp"
#include "nplib/int_tuples.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Layout;
using types::Type;

namespace {

std::vector<llvm::Value*> shape_of(llvm::IRBuilder<>& b, TypedValue a) {
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < a.t->ndim(); ++k) dims.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    return dims;
}

}  // namespace

llvm::Value* FunctionLowering::arrangement_call(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                                SourceLoc loc) {
    switch (id) {
    case BuiltinId::NpAscontiguousarray:
    case BuiltinId::NpAsfortranarray: return as_layout(args[0], rt, loc);
    case BuiltinId::NpRavel: {
        if (args[0].t->layout() != Layout::C) return flattened(args[0], rt, loc);
        llvm::Value* bad_size = nullptr;
        llvm::Value* many_negative = nullptr;  // never, with one -1
        return nplib::reshape_view(b, args[0].v, args[0].t, rt, {b.getInt64(-1)}, &bad_size, &many_negative);
    }
    case BuiltinId::NpTranspose: {
        if (!args[1].v) {
            std::vector<llvm::Value*> reversed;
            for (int k = args[0].t->ndim(); k-- > 0;) reversed.push_back(b.getInt64(k));
            return transposed(args[0], reversed, rt, loc);
        }
        return transposed(args[0], nplib::int64_items(b, args[1].v, args[1].t), rt, loc);
    }
    case BuiltinId::NpReshape: {
        llvm::Value* bad_size = nullptr;
        llvm::Value* many_negative = nullptr;
        llvm::Value* v = nplib::reshape_view(b, args[0].v, args[0].t, rt, nplib::int64_items(b, args[1].v, args[1].t),
                                             &bad_size, &many_negative);
        check_error(many_negative, int(RuntimeError::ReshapeNegatives), loc);
        check_error(bad_size, int(RuntimeError::ReshapeSize), loc);
        return v;
    }
    case BuiltinId::NpPartition:
    case BuiltinId::NpArgpartition: return partitioned(id, args[0], args[1], rt, loc);
    case BuiltinId::NpIsin: return isin(args[0], args[1], args[3].v, rt, loc);
    case BuiltinId::NpNanToNum: return nan_to_num(args, rt, loc);
    default: return split(id, args[0], args[1], args[2].v, rt, loc);
    }
}

llvm::Value* FunctionLowering::flattened(TypedValue a, const Type* rt, SourceLoc loc) {
    const Type* dt = rt->dtype();
    std::vector<llvm::Value*> dims = shape_of(b, a);
    llvm::Value* count = b.getInt64(1);
    for (llvm::Value* d : dims) count = b.CreateMul(count, d);
    llvm::Value* flat = allocate_array(rt, {count}, loc, "flatten()");
    // Copied in C order through a C-contiguous view of the new array with a's shape.
    const Type* ct = types::array(dt, a.t->ndim(), Layout::C);
    std::vector<llvm::Value*> strides(dims.size());
    llvm::Value* step = b.getInt64(dt->itemsize());
    for (size_t k = dims.size(); k-- > 0;) {
        strides[k] = step;
        step = b.CreateMul(step, dims[k]);
    }
    copy_array({make_view(b, flat, ct, array_data(b, flat), dims, strides), ct}, a, loc);
    return flat;
}

llvm::Value* FunctionLowering::as_layout(TypedValue a, const Type* rt, SourceLoc loc) {
    const std::string what = rt->layout() == Layout::C ? "np.ascontiguousarray()" : "np.asfortranarray()";
    if (!a.t->is_array()) {  // a number: a new array of one item
        llvm::Value* out = allocate_array(rt, {b.getInt64(1)}, loc, what);
        b.CreateStore(to_storage(b, a.v, rt->dtype()), array_data(b, out));
        return out;
    }
    if (a.t->ndim() == 0)  // a 0-d array: a 1-D view of its item
        return make_view(b, a.v, rt, array_data(b, a.v), {b.getInt64(1)}, {b.getInt64(a.t->dtype()->itemsize())});
    if (a.t->layout() == rt->layout() || (a.t->ndim() == 1 && a.t->layout() != Layout::A)) return a.v;
    auto copy = [&] {
        llvm::Value* out = allocate_array(rt, shape_of(b, a), loc, what);
        copy_array({out, rt}, a, loc);
        return out;
    };
    if (a.t->layout() != Layout::A) return copy();
    // An A array may be contiguous all the same: Numba checks at run time and copies only if not.
    // The copy is a temporary of the statement, released with it unless a variable takes it.
    return nplib::kept_or_made(b, nplib::is_contiguous(b, a.v, a.t, rt->layout() == Layout::F), a.v, copy);
}

llvm::Value* FunctionLowering::transposed(TypedValue a, const std::vector<llvm::Value*>& axes, const Type* rt,
                                          SourceLoc loc) {
    const int nd = a.t->ndim();
    std::vector<llvm::Value*> k;  // each axis, negative ones counted from the end
    for (llvm::Value* axis : axes)
        k.push_back(b.CreateSelect(b.CreateICmpSLT(axis, b.getInt64(0)), b.CreateAdd(axis, b.getInt64(nd)), axis));
    llvm::Value* repeated = b.getFalse();
    llvm::Value* outside = b.getFalse();
    for (size_t i = 0; i < k.size(); ++i) {
        for (size_t j = 0; j < i; ++j) repeated = b.CreateOr(repeated, b.CreateICmpEQ(k[i], k[j]));
        outside = b.CreateOr(outside, b.CreateICmpUGE(k[i], b.getInt64(nd)));
    }
    // Numba's permute_arrays' errors, in its order.
    raise_if(repeated, "ValueError", "repeated axis in transpose", loc);
    raise_if(outside, "ValueError", "axis is out of bounds for array of given dimension", loc);
    std::vector<llvm::Value*> shape, strides;
    for (llvm::Value* from : k) {  // the source axis `from` (in range now), picked by selects
        llvm::Value* dim = array_dim(b, a.v, 0);
        llvm::Value* stride = array_stride(b, a.v, 0);
        for (int j = 1; j < nd; ++j) {
            llvm::Value* here = b.CreateICmpEQ(from, b.getInt64(j));
            dim = b.CreateSelect(here, array_dim(b, a.v, static_cast<unsigned>(j)), dim);
            stride = b.CreateSelect(here, array_stride(b, a.v, static_cast<unsigned>(j)), stride);
        }
        shape.push_back(dim);
        strides.push_back(stride);
    }
    return make_view(b, a.v, rt, array_data(b, a.v), shape, strides);
}

}  // namespace ujit::codegen
