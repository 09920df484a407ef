// a[mask] = v and a[mask] op= v, `mask` a boolean array expression of a's shape (NumPy's boolean
// indexing; a 1-D mask of a 2-D array's rows is a fancy index: lower_fancy_index.cpp).
//
// v a number: stored (or combined with a's element) where the mask is true, in one loop over a,
// a select and a store per element so that it vectorizes. v a 1-D array: its items go, in
// order, to the true positions (one item: to all of them), as NumPy and Numba do; another size
// is a ValueError (NumPy's slice wording, "could not broadcast input array from shape (2,) into
// shape (3,)", where Numba says "cannot assign slice of shape (3,) from input of shape (2,)").
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/ufunc_typing.hpp"

namespace ujit::codegen {

using namespace syntax;
using nplib::ArrayExpr;
using types::Type;

void FunctionLowering::masked_store(const Subscript* target, const Expr* value, std::optional<BinOp> op) {
    const Type* at = type_of(target->value);
    llvm::Value* arr = expr(target->value);
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> mask = array_expr_tree(target->index, leaves);
    const Type* dt = at->dtype();
    const Type* vt = type_of(value);
    // One item of v: the number itself (converted to a's dtype once for a store), or v[j].
    const Type* xt = vt->is_array() ? vt->dtype() : op ? vt : dt;
    llvm::Value* v = vt->is_array() || op ? expr(value) : expr_as(value, dt);
    std::optional<nplib::UfuncLoop> loop;
    if (op) {
        loop = nplib::find_loop(nplib::binary_ufunc(*op), {dt, xt});
        UJIT_INTERNAL_ASSERT(loop.has_value(), target->loc, "in-place operator typed without a ufunc loop");
    }
    // What a true position holds after the statement: x, or a's element there op x.
    auto updated = [&](llvm::Value* old, llvm::Value* x) {
        if (!op) return convert_or_fail(x, xt, dt, value->loc);
        llvm::Value* l = convert_or_fail(from_storage(b, old, dt), dt, loop->in[0], target->loc);
        llvm::Value* r = convert_or_fail(x, xt, loop->in[1], value->loc);
        return convert_or_fail(ufunc_binary(*op, l, r, loop->in[0], target->loc), loop->out, dt, target->loc);
    };
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < at->ndim(); ++k) dims.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
    std::vector<TypedValue> arrays = leaf_views(leaves, dims, target->index->loc, /*into=*/true);
    const Type* mt = mask->elem_type();
    llvm::Type* st = storage_type(mod.ctx, dt);
    if (vt->is_array()) {
        // The mask first, in a new array (the stores below may change what it reads), its
        // true positions counted; then v's items stored in order.
        const Type* tt = types::array(mt, at->ndim(), types::Layout::C);
        TypedValue tmp{allocate_array(tt, dims, target->loc, "this mask"), tt};
        fill_from_expr(tmp, *mask, arrays, target->loc);
        llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "mask.count");
        b.CreateStore(b.getInt64(0), count);
        elementwise_loop(dims, {tmp}, [&](const std::vector<llvm::Value*>& ptrs) {
            llvm::Value* m = truth(b, from_storage(b, b.CreateLoad(storage_type(mod.ctx, mt), ptrs[0]), mt), mt);
            llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
            b.CreateStore(b.CreateAdd(n, b.CreateZExt(m, b.getInt64Ty())), count);
        });
        llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
        llvm::Value* size = array_dim(b, v, 0);
        llvm::Value* one = b.CreateICmpEQ(size, b.getInt64(1));
        check_error_values(b.CreateAnd(b.CreateICmpNE(size, n), b.CreateNot(one)), int(RuntimeError::BroadcastInto),
                           value->loc, {b.getInt64(1), size, b.getInt64(1), n});
        // v's items, `step` bytes apart (0 for one item), to the true positions in order.
        llvm::Type* xst = storage_type(mod.ctx, xt);
        auto store_items = [&](llvm::Value* items, llvm::Value* step) {
            llvm::AllocaInst* offset = entry_alloca(b.getInt64Ty(), "mask.voffset");
            b.CreateStore(b.getInt64(0), offset);
            elementwise_loop(dims, {tmp, {arr, at}}, [&](const std::vector<llvm::Value*>& ptrs) {
                llvm::BasicBlock* take = new_block("mask.store");
                llvm::BasicBlock* next = new_block("mask.next");
                llvm::Value* m = from_storage(b, b.CreateLoad(storage_type(mod.ctx, mt), ptrs[0]), mt);
                b.CreateCondBr(truth(b, m, mt), take, next);
                b.SetInsertPoint(take);
                llvm::Value* off = b.CreateLoad(b.getInt64Ty(), offset);
                llvm::Value* x = from_storage(b, b.CreateLoad(xst, b.CreateGEP(b.getInt8Ty(), items, off)), xt);
                b.CreateStore(to_storage(b, updated(b.CreateLoad(st, ptrs[1]), x), dt), ptrs[1]);
                b.CreateStore(b.CreateAdd(off, step), offset);
                b.CreateBr(next);
                b.SetInsertPoint(next);
            });
        };
        // From a copy where v may be a (a[m] = a[::-1][m]: the stores would change what is read).
        llvm::BasicBlock* via_copy = new_block("mask.vcopy");
        llvm::BasicBlock* direct = new_block("mask.vdirect");
        llvm::BasicBlock* done = new_block("mask.vdone");
        b.CreateCondBr(may_overlap({v, vt}, {arr, at}), via_copy, direct);
        b.SetInsertPoint(via_copy);
        size_t mark = temporaries_mark();
        const Type* ct = types::array(xt, 1, types::Layout::C);
        llvm::Value* copied = allocate_array(ct, {size}, value->loc, "this value");
        copy_array({copied, ct}, {v, vt}, value->loc);
        store_items(array_data(b, copied), b.CreateSelect(one, b.getInt64(0), b.getInt64(xt->itemsize())));
        release_temporaries(mark);
        b.CreateBr(done);
        b.SetInsertPoint(direct);
        store_items(array_data(b, v), b.CreateSelect(one, b.getInt64(0), array_stride(b, v, 0)));
        b.CreateBr(done);
        b.SetInsertPoint(done);
        return;
    }
    auto masked_loop = [&](std::vector<TypedValue> operands, bool stored_mask) {
        operands.push_back({arr, at});
        elementwise_loop(dims, operands, [&](const std::vector<llvm::Value*>& ptrs) {
            llvm::Value* m = stored_mask ? from_storage(b, b.CreateLoad(storage_type(mod.ctx, mt), ptrs[0]), mt)
                                         : array_expr_element(*mask, ptrs);
            m = truth(b, m, mt);
            llvm::Value* old = b.CreateLoad(st, ptrs.back());
            b.CreateStore(b.CreateSelect(m, to_storage(b, updated(old, v), dt), old), ptrs.back());
        });
    };
    if (arrays.empty() || !mod.target.counts_references()) return masked_loop(arrays, false);
    // a[a.T > 3] = 0: NumPy (and Numba's array expression) computes the whole mask first; read
    // in the loop, it saw the stores already made where it reads `a` other than element for
    // element. Then the mask goes to a new array first.
    llvm::Value* overlap = b.getFalse();
    for (const TypedValue& a : arrays) overlap = b.CreateOr(overlap, may_overlap(a, {arr, at}));
    llvm::BasicBlock* via_copy = new_block("mask.copy");
    llvm::BasicBlock* direct = new_block("mask.direct");
    llvm::BasicBlock* done = new_block("mask.done");
    b.CreateCondBr(overlap, via_copy, direct);
    b.SetInsertPoint(via_copy);
    size_t mark = temporaries_mark();
    const Type* tt = types::array(mt, at->ndim(), types::Layout::C);
    TypedValue tmp{allocate_array(tt, dims, target->loc, "this mask"), tt};
    fill_from_expr(tmp, *mask, arrays, target->loc);
    masked_loop({tmp}, true);
    release_temporaries(mark);
    b.CreateBr(done);
    b.SetInsertPoint(direct);
    masked_loop(arrays, false);
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

}  // namespace ujit::codegen
