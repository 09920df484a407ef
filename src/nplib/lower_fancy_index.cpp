// Indexing with one integer array (NumPy's advanced indexing, as Numba supports it): a[idx]
// (idx of any ndim, or a 1-D boolean mask of rows: its true positions), m[idx, :], m[:, idx],
// m[1, idx] (idx 1-D among integers and slices),
// read as a new C array or assigned to (`a[idx] = v`, v a number or an array broadcast to the
// index's shape, stores in idx's order, so the last of repeated indices wins, as NumPy), or
// updated (`a[idx] += v`: read, updated, stored back).
//
// Both go through one view: the index with the array's axis taken whole (`:`), then that axis
// gathered. The result's axes are the view's, the array's axis replaced by idx's shape; where
// NumPy moves them to the front (an integer and the array separated by a slice: both are
// advanced indices then, not adjacent), so do we. Indices wrap once when negative; one out of
// range raises IndexError always, as NumPy does for these (boundscheck or not).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

std::vector<llvm::Value*> dims_of(llvm::IRBuilder<>& b, llvm::Value* arr, const Type* t) {
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < t->ndim(); ++k) dims.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
    return dims;
}

// The tuple position of the integer array in the index (-1 for a bare a[idx]).
int array_position(const Subscript* s, const types::TypedFunction& fn) {
    auto* tup = dyn_cast<Tuple>(s->index);
    if (!tup) return -1;
    for (size_t k = 0; k < tup->elts.size(); ++k)
        if (!isa<Slice>(tup->elts[k]) && fn.type_of(tup->elts[k])->is_array()) return static_cast<int>(k);
    return -1;
}

}  // namespace

FunctionLowering::FancyIndex FunctionLowering::fancy_index(const Subscript* s) {
    FancyIndex f;
    const Type* at = type_of(s->value);
    llvm::Value* arr = expr(s->value);
    const int pos = array_position(s, fn);
    const Expr* idx_expr = pos < 0 ? s->index : cast<Tuple>(s->index)->elts[static_cast<size_t>(pos)];
    f.view = {arr, at};
    if (pos >= 0) {
        // Which axis of a (and of the view) the array indexes: the items before it that are no
        // integers keep an axis of the view; every item before it uses one axis of a.
        const auto& elts = cast<Tuple>(s->index)->elts;
        bool integer_before = false, slice_between = false;
        for (int k = 0; k < pos; ++k) {
            bool integer = !isa<Slice>(elts[static_cast<size_t>(k)]);
            if (!integer) ++f.axis;
            if (integer) integer_before = true;
            if (!integer && integer_before) slice_between = true;
        }
        f.source_axis = static_cast<unsigned>(pos);
        bool slice_seen = false;
        for (size_t k = static_cast<size_t>(pos) + 1; k < elts.size(); ++k) {
            if (isa<Slice>(elts[k]))
                slice_seen = true;
            else if (slice_seen)
                slice_between = true;  // a[idx, :, 1]
        }
        f.front = slice_between;
        const Type* vt = nullptr;
        llvm::Value* view = nullptr;
        element_pointer(arr, at, s->index, s->loc, &vt, &view, pos);
        f.view = {view, vt};
    }
    const Type* it = type_of(idx_expr);
    f.idx = {expr(idx_expr), it};
    if (it->dtype()->is_bool()) {  // m[mask] with a 1-D mask: the rows at its true positions
        it = types::array(types::int64(), 1, types::Layout::C);
        f.idx = {nonzero_indices(types::BuiltinId::NpFlatnonzero, f.idx, it, idx_expr->loc), it};
    }
    f.loc = idx_expr->loc;
    // The result's shape, and the collapsed form in which idx's axes are one axis (`rows`).
    std::vector<llvm::Value*> idx_dims = dims_of(b, f.idx.v, it);
    llvm::Value* rows = b.getInt64(1);
    for (llvm::Value* d : idx_dims) rows = b.CreateMul(rows, d);
    std::vector<llvm::Value*> rest = dims_of(b, f.view.v, f.view.t);
    rest.erase(rest.begin() + f.axis);
    const unsigned at_out = f.front ? 0 : f.axis;
    f.dims = rest;
    f.dims.insert(f.dims.begin() + at_out, idx_dims.begin(), idx_dims.end());
    f.collapsed = rest;
    f.collapsed.insert(f.collapsed.begin() + at_out, rows);
    f.out_axis = at_out;
    return f;
}

// For each index j of idx (C order), body(row of the view at idx[j], row j of `out`, as its
// collapsed form): 0-d views where the view is 1-D.
void FunctionLowering::for_each_fancy_row(const FancyIndex& f, TypedValue out,
                                          const std::function<void(TypedValue from, TypedValue to)>& body) {
    const Type* dt = f.view.t->dtype();
    const int rank = f.view.t->ndim() - 1;
    const Type* row_t = types::array(dt, rank, types::Layout::A);
    // The collapsed output's C strides (no output: a store of a number).
    std::vector<llvm::Value*> out_strides(f.collapsed.size());
    llvm::Value* step = b.getInt64(dt->itemsize());
    for (size_t k = f.collapsed.size(); out.v && k-- > 0;) {
        out_strides[k] = step;
        step = b.CreateMul(step, f.collapsed[k]);
    }
    std::vector<llvm::Value*> view_dims = dims_of(b, f.view.v, f.view.t);
    std::vector<llvm::Value*> view_strides;
    for (int k = 0; k < f.view.t->ndim(); ++k) view_strides.push_back(array_stride(b, f.view.v, k));
    auto without = [](std::vector<llvm::Value*> v, unsigned k) {
        v.erase(v.begin() + k);
        return v;
    };
    llvm::Value* size = view_dims[f.axis];
    llvm::AllocaInst* j = entry_alloca(b.getInt64Ty(), "fancy.j");
    b.CreateStore(b.getInt64(0), j);
    const Type* idt = f.idx.t->dtype();
    for_each_element(f.idx, [&](llvm::Value* p) {
        llvm::Value* raw = convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, idt), p), idt), idt,
                                           types::int64(), f.loc);
        llvm::Value* i = raw;
        if (idt->is_signed()) i = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, size), i);
        check_error_values(b.CreateICmpUGE(i, size), int(RuntimeError::IndexOutOfBounds), f.loc,
                           {raw, b.getInt64(f.source_axis), size});
        llvm::Value* jv = b.CreateLoad(b.getInt64Ty(), j);
        llvm::Value* from = b.CreateGEP(b.getInt8Ty(), array_data(b, f.view.v), b.CreateMul(i, view_strides[f.axis]));
        TypedValue row{make_view(b, f.view.v, row_t, from, without(view_dims, f.axis), without(view_strides, f.axis)),
                       row_t};
        TypedValue out_row;
        if (out.v) {
            llvm::Value* to =
                b.CreateGEP(b.getInt8Ty(), array_data(b, out.v), b.CreateMul(jv, out_strides[f.out_axis]));
            out_row = {
                make_view(b, out.v, row_t, to, without(f.collapsed, f.out_axis), without(out_strides, f.out_axis)),
                row_t};
        }
        body(row, out_row);
        b.CreateStore(b.CreateAdd(jv, b.getInt64(1)), j);
    });
}

llvm::Value* FunctionLowering::fancy_take(const Subscript* e) {
    FancyIndex f = fancy_index(e);
    const Type* rt = type_of(e);
    llvm::Value* out = allocate_array(rt, f.dims, e->loc, "indexing with an integer array");
    for_each_fancy_row(f, {out, rt}, [&](TypedValue from, TypedValue to) { copy_array(to, from, e->loc); });
    return out;
}

void FunctionLowering::fancy_store(const Subscript* target, const Expr* value) {
    FancyIndex f = fancy_index(target);
    const Type* dt = f.view.t->dtype();
    const Type* vt = type_of(value);
    if (!vt->is_array()) {  // a number: every picked row filled with it
        llvm::Value* v = expr_as(value, dt);
        for_each_fancy_row(f, {}, [&](TypedValue row, TypedValue) { fill_array(row, v, dt, target->loc); });
        return;
    }
    // An array: broadcast to the index's shape into a new array first (it may read a itself).
    const Type* tmp_t = types::array(dt, static_cast<int>(f.dims.size()), types::Layout::C);
    TypedValue tmp{allocate_array(tmp_t, f.dims, target->loc, "assigning through an integer-array index"), tmp_t};
    lower_array_expr_into(tmp, value);
    for_each_fancy_row(f, tmp, [&](TypedValue row, TypedValue from) { copy_array(row, from, target->loc); });
}

// x[idx] op= v: the picked rows copied out (as x[idx] reads), updated in place, and stored back
// in idx's order (a repeated index: the last copy wins, so its row is updated once, as NumPy).
void FunctionLowering::fancy_update(const Subscript* target, BinOp op, const Expr* value, SourceLoc loc) {
    FancyIndex f = fancy_index(target);
    const Type* rt = type_of(target);
    TypedValue copy{allocate_array(rt, f.dims, target->loc, "indexing with an integer array"), rt};
    for_each_fancy_row(f, copy, [&](TypedValue from, TypedValue to) { copy_array(to, from, target->loc); });
    inplace_array_op(copy, op, value, target->loc, loc);
    for_each_fancy_row(f, copy, [&](TypedValue row, TypedValue from) { copy_array(row, from, target->loc); });
}

}  // namespace ujit::codegen
