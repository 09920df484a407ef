// Arrays: element addresses from byte strides (negative indices wrap like Python, bounds
// checked only with boundscheck=True, as in Numba), views for basic indexing (integers,
// slices, None), the attributes and the view-making methods (through src/nplib).
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "nplib/array_typing.hpp"
#include "nplib/array_views.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

llvm::Value* index_as_i64(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    if (t->is_bool()) return b.CreateZExt(v, b.getInt64Ty());
    return b.CreateIntCast(v, b.getInt64Ty(), t->is_signed());
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
                                               const Type** result_type, llvm::Value** view, int fancy_at) {
    // The index items in order, each evaluated once, left to right: an integer (value, may it
    // be negative), a slice (its node) or a new axis.
    struct Item {
        nplib::IndexItem kind;
        llvm::Value* v = nullptr;
        bool is_signed = false;
        const Slice* slice = nullptr;
    };
    std::vector<Item> items;
    auto add = [&](const Expr* e) {
        if (auto* n = dyn_cast<Name>(e); n && n->id == "...") {
            items.push_back({nplib::IndexItem::Ellipsis});
            return;
        }
        if (auto* sl = dyn_cast<Slice>(e)) {
            items.push_back({sl->step ? nplib::IndexItem::SteppedSlice : nplib::IndexItem::Slice, nullptr, false, sl});
            return;
        }
        const Type* t = type_of(e);
        if (t->is_none()) {
            items.push_back({nplib::IndexItem::NewAxis});
            return;
        }
        items.push_back({nplib::IndexItem::Integer, index_value(e), t->is_int() && t->is_signed()});
    };
    const Type* it = type_of(index);
    if (auto* tup = dyn_cast<Tuple>(index)) {
        for (const Expr* e : tup->elts) {
            if (static_cast<int>(items.size()) == fancy_at)  // the integer array's axis, whole (fancy_index.cpp)
                items.push_back({nplib::IndexItem::Slice});
            else
                add(e);
        }
    } else if (it->is_tuple()) {
        llvm::Value* tv = expr(index);
        for (unsigned k = 0; k < it->elements().size(); ++k) {
            const Type* et = it->elements()[k];
            if (!et->is_int() && !et->is_bool())
                unsupported(index->loc, "array indices must be integers, not " + et->str());
            items.push_back({nplib::IndexItem::Integer, index_as_i64(b, b.CreateExtractValue(tv, k), et),
                             et->is_int() && et->is_signed()});
        }
    } else {
        add(index);
    }
    // `...` stands for the axes the other items leave, each a whole `:`.
    int used = 0;
    for (const Item& item : items)
        if (item.kind != nplib::IndexItem::NewAxis && item.kind != nplib::IndexItem::Ellipsis) ++used;
    for (size_t j = 0; j < items.size(); ++j) {
        if (items[j].kind != nplib::IndexItem::Ellipsis) continue;
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(j));
        items.insert(items.begin() + static_cast<std::ptrdiff_t>(j),
                     static_cast<size_t>(std::max(at->ndim() - used, 0)), Item{nplib::IndexItem::Slice});
        break;  // typing refused a second one
    }
    std::vector<nplib::IndexItem> kinds;
    for (const Item& item : items) kinds.push_back(item.kind);
    std::string why;
    *result_type = nplib::basic_index_type(at, kinds, &why);
    if (!*result_type) unsupported(loc, why);

    llvm::Value* offset = b.getInt64(0);
    std::vector<llvm::Value*> shape, strides;
    unsigned k = 0;  // the next axis of `arr`
    for (Item& item : items) {
        if (item.kind == nplib::IndexItem::NewAxis) {
            shape.push_back(b.getInt64(1));
            strides.push_back(b.getInt64(0));  // as NumPy: a new axis has stride 0
            continue;
        }
        llvm::Value* dim = array_dim(b, arr, k);
        if (item.kind == nplib::IndexItem::Integer) {
            llvm::Value* i = item.v;
            if (item.is_signed) i = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, dim), i);
            if (mod.target.bounds_check())  // unsigned: still-negative indices are out too
                check_error_values(b.CreateICmpUGE(i, dim), int(RuntimeError::IndexOutOfBounds), loc,
                                   {item.v, b.getInt64(k), dim});
            offset = b.CreateAdd(offset, b.CreateMul(i, addressing_stride(b, arr, at, k)));
        } else if (!item.slice) {  // `:`
            shape.push_back(dim);
            strides.push_back(array_stride(b, arr, k));
        } else {
            llvm::Value* step = slice_part(item.slice->step);
            if (!step) step = b.getInt64(1);
            check_error(b.CreateICmpEQ(step, b.getInt64(0)), int(RuntimeError::SliceStepZero), item.slice->loc);
            nplib::SliceBounds sb =
                nplib::slice_bounds(b, slice_part(item.slice->lower), slice_part(item.slice->upper), step, dim);
            offset = b.CreateAdd(offset, b.CreateMul(sb.start, addressing_stride(b, arr, at, k)));
            shape.push_back(sb.count);
            strides.push_back(b.CreateMul(array_stride(b, arr, k), step));  // NumPy's, even where unused
        }
        ++k;
    }
    for (; static_cast<int>(k) < at->ndim(); ++k) {
        shape.push_back(array_dim(b, arr, k));
        strides.push_back(array_stride(b, arr, k));
    }
    llvm::Value* p = b.CreateGEP(b.getInt8Ty(), array_data(b, arr), offset, "elem.ptr");
    *view = (*result_type)->is_array() ? make_view(b, arr, *result_type, p, shape, strides) : nullptr;
    return p;
}

// A bound or step of a slice as i64, or null where it is left out (or written None).
llvm::Value* FunctionLowering::slice_part(const Expr* e) {
    if (!e || type_of(e)->is_none()) return nullptr;
    return index_value(e);
}

llvm::Value* FunctionLowering::array_item0(llvm::Value* arr, const Type* at, llvm::Value* i, const Type** result_type) {
    llvm::Value* p = b.CreateGEP(b.getInt8Ty(), array_data(b, arr), b.CreateMul(i, addressing_stride(b, arr, at, 0)));
    if (at->ndim() == 1) {
        *result_type = at->dtype();
        if (at->dtype()->is_record()) return p;  // a reference to the record
        return from_storage(b, b.CreateLoad(storage_type(mod.ctx, at->dtype()), p), at->dtype());
    }
    std::vector<llvm::Value*> shape, strides;
    for (int k = 1; k < at->ndim(); ++k) {
        shape.push_back(array_dim(b, arr, k));
        strides.push_back(array_stride(b, arr, k));
    }
    std::string unused;
    *result_type = nplib::basic_index_type(at, {nplib::IndexItem::Integer}, &unused);
    return make_view(b, arr, *result_type, p, shape, strides);
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
    if (attr == "nbytes") return b.CreateMul(array_size(arr, at), b.getInt64(at->dtype()->itemsize()));
    if (attr == "T") {
        std::vector<int> perm;
        for (int k = at->ndim(); k-- > 0;) perm.push_back(k);
        return nplib::transpose_view(b, arr, nplib::transpose_type(at), perm);
    }
    if ((attr == "real" || attr == "imag") && at->dtype()->is_complex()) {
        std::string none;
        return nplib::complex_part_view(b, arr, at, nplib::attribute_type(at, attr, &none), attr == "imag");
    }
    if (attr == "real") return arr;  // of a real array: the array itself
    if (nplib::is_flag(attr)) {
        // Known from the type where the layout promises it (a C array is also F in 1-D).
        bool fortran = attr == "f_contiguous";
        if (at->layout() == (fortran ? types::Layout::F : types::Layout::C)) return b.getTrue();
        if (at->ndim() == 1 && at->layout() != types::Layout::A) return b.getTrue();
        return nplib::is_contiguous(b, arr, at, fortran);
    }
    unsupported(loc, fmt::format("attribute '{}' of {} is not supported", attr, at->str()));
}

// a.transpose(...), a.reshape(...), a.ravel(): views (types by infer_call's array_method).
llvm::Value* FunctionLowering::array_method(const Call* e, types::BuiltinId id, const Expr* self) {
    const Type* at = type_of(self);
    const Type* rt = type_of(e);
    llvm::Value* arr = expr(self);
    // The integer arguments, given one by one or as one tuple.
    std::vector<const Expr*> parts;
    for (const Expr* a : e->args) {
        if (auto* tup = dyn_cast<Tuple>(a))
            parts.insert(parts.end(), tup->elts.begin(), tup->elts.end());
        else
            parts.push_back(a);
    }
    if (id == types::BuiltinId::ArrayItem) {  // a.item(): Numba's ValueError unless a has one element
        raise_if(b.CreateICmpNE(array_size(arr, at), b.getInt64(1)), "ValueError",
                 "item(): can only convert an array of size 1 to a Python scalar", e->loc);
        const Type* dt = at->dtype();  // every index is 0: the element is at the data pointer
        return from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), array_data(b, arr)), dt);
    }
    if (id == types::BuiltinId::ArrayFill) {  // a.fill(x): x stored into every element
        lower_array_expr_into({arr, at}, e->args[0]);
        return nullptr;
    }
    if (id == types::BuiltinId::ArrayTranspose) {  // the axes known at run time (nplib/lower_layout.cpp)
        std::vector<llvm::Value*> axes;
        if (e->args.size() == 1 && type_of(e->args[0])->is_tuple() && !isa<Tuple>(e->args[0])) {  // a.transpose(t)
            llvm::Value* tv = expr(e->args[0]);
            const Type* tt = type_of(e->args[0]);
            for (unsigned k = 0; k < tt->elements().size(); ++k)
                axes.push_back(index_as_i64(b, b.CreateExtractValue(tv, k), tt->elements()[k]));
        } else {
            for (const Expr* p : parts)
                if (!type_of(p)->is_none()) axes.push_back(index_value(p));
        }
        if (axes.empty())
            for (int k = at->ndim(); k-- > 0;) axes.push_back(b.getInt64(k));
        return transposed({arr, at}, axes, rt, e->loc);
    }
    if (id == types::BuiltinId::ArrayView) return dtype_view({arr, at}, rt, e->loc);
    if (id == types::BuiltinId::ArrayRavel && at->layout() != types::Layout::C)
        return flattened({arr, at}, rt, e->loc);  // a copy, as Numba's
    std::vector<llvm::Value*> dims;
    if (id == types::BuiltinId::ArrayRavel) {
        dims.push_back(b.getInt64(-1));
    } else {
        if (e->args.size() == 1 && type_of(e->args[0])->is_tuple()) {
            llvm::Value* tv = expr(e->args[0]);
            const Type* tt = type_of(e->args[0]);
            for (unsigned k = 0; k < tt->elements().size(); ++k)
                dims.push_back(index_as_i64(b, b.CreateExtractValue(tv, k), tt->elements()[k]));
        } else {
            for (const Expr* a : e->args) dims.push_back(index_value(a));
        }
    }
    llvm::Value* bad_size = nullptr;
    llvm::Value* many_negative = nullptr;
    llvm::Value* v = nplib::reshape_view(b, arr, at, rt, dims, &bad_size, &many_negative);
    check_error(many_negative, int(RuntimeError::ReshapeNegatives), e->loc);
    check_error(bad_size, int(RuntimeError::ReshapeSize), e->loc);
    return v;
}

}  // namespace ujit::codegen
