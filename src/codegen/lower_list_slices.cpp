// List slices: reading one (l[a:b:c], a new list), assigning one (l[a:b] = iterable, which
// grows or shrinks the list when the step is 1) and deleting one (del l[a:b:c]), with
// CPython's index rules (PySlice_AdjustIndices) and results, and Numba's error for an
// extended slice assigned a different number of items.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::Type;

// start, step and item count of `sl` over a list of `n` items (CPython's PySlice_AdjustIndices);
// ValueError for a zero step.
FunctionLowering::ListSlice FunctionLowering::list_slice_bounds(llvm::Value* n, const Slice* sl) {
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* step = sl->step ? slice_part(sl->step) : nullptr;
    if (!step) step = b.getInt64(1);
    raise_if(b.CreateICmpEQ(step, zero), "ValueError", "slice step cannot be zero", sl->loc);
    llvm::Value* neg = b.CreateICmpSLT(step, zero);
    auto adjust = [&](const Expr* part, llvm::Value* if_pos, llvm::Value* if_neg) {
        llvm::Value* v = part ? slice_part(part) : nullptr;
        if (!v) return b.CreateSelect(neg, if_neg, if_pos);
        llvm::Value* low = b.CreateSelect(neg, b.getInt64(-1), zero);
        llvm::Value* high = b.CreateSelect(neg, b.CreateSub(n, b.getInt64(1)), n);
        llvm::Value* w = b.CreateSelect(b.CreateICmpSLT(v, zero), b.CreateAdd(v, n), v);
        w = b.CreateSelect(b.CreateICmpSLT(w, low), low, w);
        return b.CreateSelect(b.CreateICmpSGT(w, high), high, w);
    };
    llvm::Value* start = adjust(sl->lower, zero, b.CreateSub(n, b.getInt64(1)));
    llvm::Value* stop = adjust(sl->upper, n, b.getInt64(-1));
    return {start, step, range_length(start, stop, step, true)};
}

// l[start:stop:step], a new list.
llvm::Value* FunctionLowering::list_slice(llvm::Value* list, const Type* lt, const Slice* sl) {
    ListSlice s = list_slice_bounds(list_size(list), sl);
    const Type* rt = list_of_same(lt);
    llvm::Value* out = new_list(rt, s.count, sl->loc);
    counted_range(s.count, [&](llvm::Value* k) {
        list_store_new(out, rt, k, list_load(list, lt, b.CreateAdd(s.start, b.CreateMul(k, s.step))));
    });
    b.CreateStore(s.count, list_payload(out));
    return out;
}

// Drops the list's reference to item i (before its slot is reused or removed).
void FunctionLowering::list_release_item(llvm::Value* list, const Type* lt, llvm::Value* i) {
    if (counts_references(lt->item())) count_update(false, list_load(list, lt, i), lt->item());
}

// l[a:b:c] = iterable. The items are first copied into a list of l's item type (so that
// `l[1:] = l` reads l as it was, and any iterable converts), then stored: a step-1 slice
// becomes exactly those items (the tail moves), an extended slice needs as many items as
// it has (Numba's ValueError otherwise).
void FunctionLowering::list_slice_assign(const Subscript* sub, const Expr* value) {
    const Type* lt = type_of(sub->value);
    const Type* tt = list_of_same(lt);
    llvm::Value* items = new_list(tt, b.getInt64(0), sub->loc);
    list_extend(items, tt, value);
    llvm::Value* list = expr(sub->value);
    llvm::Value* n = list_size(list);
    ListSlice s = list_slice_bounds(n, cast<Slice>(sub->index));
    llvm::Value* k = list_size(items);
    llvm::BasicBlock* simple = new_block("setslice.step1");
    llvm::BasicBlock* extended = new_block("setslice.extended");
    llvm::BasicBlock* done = new_block("setslice.done");
    b.CreateCondBr(b.CreateICmpEQ(s.step, b.getInt64(1)), simple, extended);

    b.SetInsertPoint(simple);
    counted_range(s.count, [&](llvm::Value* j) { list_release_item(list, lt, b.CreateAdd(s.start, j)); });
    llvm::Value* delta = b.CreateSub(k, s.count);
    list_reserve(list, b.CreateAdd(n, delta), sub->loc);
    list_shift(list, lt, b.CreateAdd(s.start, s.count), delta);  // the tail, after the slice
    b.CreateStore(b.CreateAdd(n, delta), list_payload(list));
    counted_range(k,
                  [&](llvm::Value* j) { list_store_new(list, lt, b.CreateAdd(s.start, j), list_load(items, tt, j)); });
    b.CreateBr(done);

    b.SetInsertPoint(extended);
    raise_if(b.CreateICmpNE(k, s.count), "ValueError", "cannot resize extended list slice with step != 1", sub->loc);
    counted_range(k, [&](llvm::Value* j) {
        llvm::Value* at = b.CreateAdd(s.start, b.CreateMul(j, s.step));
        list_release_item(list, lt, at);
        list_store_new(list, lt, at, list_load(items, tt, j));
    });
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

// del l[a:b:c]: the removed positions, taken in ascending order, are lo, lo + st, ... (count
// of them); one pass releases those and moves the others down.
void FunctionLowering::list_slice_delete(const Subscript* sub) {
    const Type* lt = type_of(sub->value);
    llvm::Value* list = expr(sub->value);
    llvm::Value* n = list_size(list);
    ListSlice s = list_slice_bounds(n, cast<Slice>(sub->index));
    llvm::Value* neg = b.CreateICmpSLT(s.step, b.getInt64(0));
    llvm::Value* last = b.CreateAdd(s.start, b.CreateMul(b.CreateSub(s.count, b.getInt64(1)), s.step));
    llvm::Value* lo = b.CreateSelect(neg, last, s.start);
    lo = b.CreateSelect(b.CreateICmpEQ(s.count, b.getInt64(0)), n, lo);
    llvm::Value* st = b.CreateSelect(neg, b.CreateNeg(s.step), s.step);
    llvm::Type* storage = list_item_storage(lt);
    llvm::AllocaInst* write = entry_alloca(b.getInt64Ty(), "delslice.write");
    b.CreateStore(lo, write);
    counted_range(b.CreateSub(n, lo), [&](llvm::Value* off) {
        llvm::Value* i = b.CreateAdd(lo, off);
        llvm::Value* hit = b.CreateAnd(b.CreateICmpEQ(b.CreateSRem(off, st), b.getInt64(0)),
                                       b.CreateICmpSLT(b.CreateSDiv(off, st), s.count));
        llvm::BasicBlock* drop = new_block("delslice.drop");
        llvm::BasicBlock* keep = new_block("delslice.keep");
        llvm::BasicBlock* next = new_block("delslice.next");
        b.CreateCondBr(hit, drop, keep);
        b.SetInsertPoint(drop);
        list_release_item(list, lt, i);
        b.CreateBr(next);
        b.SetInsertPoint(keep);
        llvm::Value* w = b.CreateLoad(b.getInt64Ty(), write);
        b.CreateStore(b.CreateLoad(storage, list_item_pointer(list, lt, i)), list_item_pointer(list, lt, w));
        b.CreateStore(b.CreateAdd(w, b.getInt64(1)), write);
        b.CreateBr(next);
        b.SetInsertPoint(next);
    });
    b.CreateStore(b.CreateSub(n, s.count), list_payload(list));
}

}  // namespace ujit::codegen
