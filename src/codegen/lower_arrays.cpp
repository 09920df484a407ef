// Arrays: element addresses from byte strides (negative indices wrap like Python, no
// bounds check, as in Numba), sub-array views for partial indexing, shape/size/ndim.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

llvm::Value* index_as_i64(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    if (t->is_bool()) return b.CreateZExt(v, b.getInt64Ty());
    return b.CreateIntCast(v, b.getInt64Ty(), t->is_signed());
}

const Type* view_type(const Type* at, int rest) {
    return types::array(at->dtype(), rest, at->layout() == types::Layout::C ? types::Layout::C : types::Layout::A);
}

// The stride used to address along axis k: the itemsize itself where the layout promises it
// (innermost axis of a C array, outermost of an F array), which lets LLVM see unit-stride
// accesses and vectorize; otherwise the run-time stride. (An axis of length 1 may carry any
// stride in NumPy, but then the only valid index is 0 and the stride does not matter.)
llvm::Value* addressing_stride(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* at, unsigned k) {
    bool unit = (at->layout() == types::Layout::C && static_cast<int>(k) == at->ndim() - 1) ||
                (at->layout() == types::Layout::F && k == 0);
    return unit ? b.getInt64(at->dtype()->itemsize()) : array_stride(b, arr, k);
}

}  // namespace

llvm::Value* FunctionLowering::index_value(const Expr* e) {
    const Type* t = type_of(e);
    if (!t->is_int() && !t->is_bool()) unsupported(e->loc, "array indices must be integers, not " + t->str());
    return index_as_i64(b, expr(e), t);
}

llvm::Value* FunctionLowering::element_pointer(llvm::Value* arr, const Type* at, const Expr* index, SourceLoc loc,
                                               const Type** result_type, llvm::Value** view) {
    // The indices as (value, type, may be negative).
    struct Index {
        llvm::Value* v;
        bool is_signed;
    };
    std::vector<Index> idx;
    auto add = [&](const Expr* e) {
        if (isa<Slice>(e)) unsupported(e->loc, "array slicing is not supported; index single elements");
        const Type* t = type_of(e);
        idx.push_back({index_value(e), t->is_int() && t->is_signed()});
    };
    const Type* it = type_of(index);
    if (auto* tup = dyn_cast<Tuple>(index)) {
        for (const Expr* e : tup->elts) add(e);
    } else if (it->is_tuple()) {
        llvm::Value* tv = expr(index);
        for (unsigned k = 0; k < it->elements().size(); ++k) {
            const Type* et = it->elements()[k];
            if (!et->is_int() && !et->is_bool())
                unsupported(index->loc, "array indices must be integers, not " + et->str());
            idx.push_back({index_as_i64(b, b.CreateExtractValue(tv, k), et), et->is_int() && et->is_signed()});
        }
    } else {
        add(index);
    }
    int ndim = at->ndim();
    if (static_cast<int>(idx.size()) > ndim)
        unsupported(loc, fmt::format("too many indices for {}: {} given", at->str(), idx.size()));

    llvm::Value* offset = b.getInt64(0);
    for (unsigned k = 0; k < idx.size(); ++k) {
        llvm::Value* i = idx[k].v;
        if (idx[k].is_signed) {
            llvm::Value* wrapped = b.CreateAdd(i, array_dim(b, arr, k));
            i = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), wrapped, i);
        }
        if (mod.target.bounds_check())  // unsigned: still-negative indices are out too
            check_error(b.CreateICmpUGE(i, array_dim(b, arr, k)), int(RuntimeError::IndexOutOfBounds), loc);
        offset = b.CreateAdd(offset, b.CreateMul(i, addressing_stride(b, arr, at, k)));
    }
    llvm::Value* p = b.CreateGEP(b.getInt8Ty(), array_data(b, arr), offset, "elem.ptr");
    if (static_cast<int>(idx.size()) == ndim) {
        *result_type = at->dtype();
        *view = nullptr;
        return p;
    }
    std::vector<llvm::Value*> shape, strides;
    for (int k = static_cast<int>(idx.size()); k < ndim; ++k) {
        shape.push_back(array_dim(b, arr, k));
        strides.push_back(array_stride(b, arr, k));
    }
    *result_type = view_type(at, ndim - static_cast<int>(idx.size()));
    *view = make_array(b, *result_type, p, shape, strides);
    return p;
}

llvm::Value* FunctionLowering::array_item0(llvm::Value* arr, const Type* at, llvm::Value* i, const Type** result_type) {
    llvm::Value* p = b.CreateGEP(b.getInt8Ty(), array_data(b, arr), b.CreateMul(i, addressing_stride(b, arr, at, 0)));
    if (at->ndim() == 1) {
        *result_type = at->dtype();
        return from_storage(b, b.CreateLoad(storage_type(mod.ctx, at->dtype()), p), at->dtype());
    }
    std::vector<llvm::Value*> shape, strides;
    for (int k = 1; k < at->ndim(); ++k) {
        shape.push_back(array_dim(b, arr, k));
        strides.push_back(array_stride(b, arr, k));
    }
    *result_type = view_type(at, at->ndim() - 1);
    return make_array(b, *result_type, p, shape, strides);
}

llvm::Value* FunctionLowering::array_size(llvm::Value* arr, const Type* at) {
    llvm::Value* n = b.getInt64(1);
    for (int k = 0; k < at->ndim(); ++k) n = b.CreateMul(n, array_dim(b, arr, k));
    return n;
}

llvm::Value* FunctionLowering::array_attribute(llvm::Value* arr, const Type* at, const std::string& attr,
                                               SourceLoc loc) {
    if (attr == "shape" || attr == "strides") {
        std::vector<const Type*> elems(at->ndim(), types::int64());
        const Type* tt = types::tuple(elems);
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, tt));
        for (int k = 0; k < at->ndim(); ++k)
            out = b.CreateInsertValue(out, attr == "shape" ? array_dim(b, arr, k) : array_stride(b, arr, k), k);
        return out;
    }
    if (attr == "size") return array_size(arr, at);
    if (attr == "ndim") return b.getInt64(at->ndim());
    if (attr == "itemsize") return b.getInt64(at->dtype()->itemsize());
    unsupported(loc, fmt::format("attribute '{}' of {} is not supported", attr, at->str()));
}

}  // namespace ujit::codegen
