// l.sort(key=, reverse=) and sorted(): numbers without a key are sorted in place by NumPy's
// sort (the same order as Python's); with a key, or items that are strings or tuples, a
// stable merge sort of the positions by what is compared (the key's results, computed once
// per item as CPython does, or the items), then the items permuted. Stable in both
// directions as CPython's: reverse=True keeps equal items in their order.
#include "codegen/lower_context.hpp"

#include "codegen/llvm_types.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

const Expr* keyword(const Call* e, const char* name) {
    for (const Keyword& k : e->keywords)
        if (k.name == name) return k.value;
    return nullptr;
}

}  // namespace

// a < c (i1) for what sorting compares: numbers, strings, tuples item by item.
llvm::Value* FunctionLowering::sort_less(llvm::Value* a, llvm::Value* c, const Type* t, SourceLoc loc) {
    if (!t->is_tuple()) return compare_values(CmpOp::Lt, a, t, c, t, loc);
    llvm::Value* less = b.getFalse();  // (a0, a1, ...) < (c0, c1, ...), decided by the first unequal pair
    for (size_t i = t->elements().size(); i-- > 0;) {
        const Type* et = t->elements()[i];
        llvm::Value* x = b.CreateExtractValue(a, unsigned(i));
        llvm::Value* y = b.CreateExtractValue(c, unsigned(i));
        less = b.CreateOr(sort_less(x, y, et, loc), b.CreateAnd(items_equal(x, et, y, et, loc), less));
    }
    return less;
}

void FunctionLowering::list_sort(llvm::Value* list, const Type* lt, const Call* e) {
    const Expr* key = keyword(e, "key");
    const Expr* reverse = keyword(e, "reverse");
    if (key && type_of(key)->is_none()) key = nullptr;
    const Type* item = lt->item();
    if (key || !item->is_number()) return list_merge_sort(list, lt, key, reverse, e->loc);
    // The items as a 1-D array over the list's buffer, sorted by NumPy's sort (NaNs go last).
    const Type* at = types::array(item, 1, types::Layout::C);
    llvm::Value* items =
        b.CreateLoad(b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), list_payload(list), 16));
    const uint64_t size = mod.m.getDataLayout().getTypeAllocSize(list_item_storage(lt));
    llvm::Value* view = make_array(b, at, items, {list_size(list)}, {b.getInt64(static_cast<int64_t>(size))});
    sort_rows({view, at});
    if (!reverse) return;
    llvm::BasicBlock* rev = new_block("sort.reverse");
    llvm::BasicBlock* done = new_block("sort.done");
    b.CreateCondBr(condition(reverse), rev, done);
    b.SetInsertPoint(rev);
    list_reverse(list, lt);
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

void FunctionLowering::list_merge_sort(llvm::Value* list, const Type* lt, const Expr* key, const Expr* reverse,
                                       SourceLoc loc) {
    llvm::Value* rev = reverse ? condition(reverse) : b.getFalse();
    llvm::Value* n = list_size(list);
    // What is compared: the key of each item (one call each), or the items.
    llvm::Value* keys = list;
    const Type* kt = lt;
    if (key) {
        auto it = fn.callees.find(key->id);
        UJIT_INTERNAL_ASSERT(it != fn.callees.end() && it->second, key->loc, "a sort key typing did not specialize");
        const types::TypedFunction& callee = *it->second;
        expr(key);
        kt = types::list_of(callee.return_type);
        keys = new_list(kt, n, loc);
        counted_range(n, [&](llvm::Value* k) {
            size_t mark = temporaries_mark();
            list_append(keys, kt, call_function(callee, {list_load(list, lt, k)}, key->loc), loc);
            release_temporaries(mark);
        });
    }
    // Bottom-up merge sort of the positions 0..n-1, runs of width 1, 2, 4, ... merged from
    // one buffer into the other.
    const Type* it = types::list_of(types::int64());
    llvm::Value* first = new_list(it, n, loc);
    llvm::Value* second = new_list(it, n, loc);
    llvm::Type* i64 = b.getInt64Ty();
    auto items_of = [&](llvm::Value* l) {
        return b.CreateLoad(b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), list_payload(l), 16));
    };
    llvm::AllocaInst* src = entry_alloca(b.getPtrTy(), "sort.src");
    llvm::AllocaInst* dst = entry_alloca(b.getPtrTy(), "sort.dst");
    b.CreateStore(items_of(first), src);
    b.CreateStore(items_of(second), dst);
    counted_range(
        n, [&](llvm::Value* k) { b.CreateStore(k, b.CreateInBoundsGEP(i64, b.CreateLoad(b.getPtrTy(), src), k)); });
    llvm::AllocaInst* width = entry_alloca(i64, "sort.width");
    llvm::AllocaInst* i = entry_alloca(i64, "merge.i");
    llvm::AllocaInst* j = entry_alloca(i64, "merge.j");
    llvm::AllocaInst* k = entry_alloca(i64, "merge.k");
    b.CreateStore(b.getInt64(1), width);
    llvm::BasicBlock* pass_head = new_block("sort.pass");
    llvm::BasicBlock* pass_body = new_block("sort.pass.body");
    llvm::BasicBlock* sorted = new_block("sort.sorted");
    b.CreateBr(pass_head);
    b.SetInsertPoint(pass_head);
    llvm::Value* w = b.CreateLoad(i64, width);
    b.CreateCondBr(b.CreateICmpSLT(w, n), pass_body, sorted);
    b.SetInsertPoint(pass_body);
    llvm::Value* w2 = b.CreateShl(w, 1);
    llvm::Value* runs = b.CreateSDiv(b.CreateAdd(n, b.CreateSub(w2, b.getInt64(1))), w2);
    llvm::Value* s = b.CreateLoad(b.getPtrTy(), src);
    llvm::Value* d = b.CreateLoad(b.getPtrTy(), dst);
    counted_range(runs, [&](llvm::Value* r) {
        llvm::Value* lo = b.CreateMul(r, w2);
        auto clamp = [&](llvm::Value* v) { return b.CreateSelect(b.CreateICmpSLT(v, n), v, n); };
        llvm::Value* mid = clamp(b.CreateAdd(lo, w));
        llvm::Value* hi = clamp(b.CreateAdd(lo, w2));
        b.CreateStore(lo, i);
        b.CreateStore(mid, j);
        b.CreateStore(lo, k);
        llvm::BasicBlock* head = new_block("merge.head");
        llvm::BasicBlock* body = new_block("merge.body");
        llvm::BasicBlock* compare = new_block("merge.compare");
        llvm::BasicBlock* left = new_block("merge.left");
        llvm::BasicBlock* right = new_block("merge.right");
        llvm::BasicBlock* done = new_block("merge.done");
        b.CreateBr(head);
        b.SetInsertPoint(head);
        b.CreateCondBr(b.CreateICmpSLT(b.CreateLoad(i64, k), hi), body, done);
        b.SetInsertPoint(body);
        llvm::Value* iv = b.CreateLoad(i64, i);
        llvm::Value* jv = b.CreateLoad(i64, j);
        llvm::BasicBlock* right_left = new_block("merge.right.left");
        b.CreateCondBr(b.CreateICmpSGE(iv, mid), right, right_left);
        b.SetInsertPoint(right_left);
        b.CreateCondBr(b.CreateICmpSGE(jv, hi), left, compare);
        b.SetInsertPoint(compare);
        // The right run's item goes first only if it orders strictly before (after, reversed):
        // equal items keep their order.
        llvm::Value* ki = list_load(keys, kt, b.CreateLoad(i64, b.CreateInBoundsGEP(i64, s, iv)));
        llvm::Value* kj = list_load(keys, kt, b.CreateLoad(i64, b.CreateInBoundsGEP(i64, s, jv)));
        llvm::Value* x = b.CreateSelect(rev, ki, kj);
        llvm::Value* y = b.CreateSelect(rev, kj, ki);
        b.CreateCondBr(sort_less(x, y, kt->item(), loc), right, left);
        for (auto [block, from] : {std::pair{left, i}, std::pair{right, j}}) {
            b.SetInsertPoint(block);
            llvm::Value* p = b.CreateLoad(i64, from);
            llvm::Value* kv = b.CreateLoad(i64, k);
            b.CreateStore(b.CreateLoad(i64, b.CreateInBoundsGEP(i64, s, p)), b.CreateInBoundsGEP(i64, d, kv));
            b.CreateStore(b.CreateAdd(p, b.getInt64(1)), from);
            b.CreateStore(b.CreateAdd(kv, b.getInt64(1)), k);
            b.CreateBr(head);
        }
        b.SetInsertPoint(done);
    });
    b.CreateStore(d, src);
    b.CreateStore(s, dst);
    b.CreateStore(w2, width);
    b.CreateBr(pass_head);
    b.SetInsertPoint(sorted);
    // The items in that order: moved (no count changes) into a spare buffer, then back.
    llvm::Value* order = b.CreateLoad(b.getPtrTy(), src);
    llvm::Value* spare = new_list(lt, n, loc);  // size stays 0: it owns none of them
    llvm::Type* storage = list_item_storage(lt);
    counted_range(n, [&](llvm::Value* q) {
        llvm::Value* from = b.CreateLoad(i64, b.CreateInBoundsGEP(i64, order, q));
        b.CreateStore(b.CreateLoad(storage, list_item_pointer(list, lt, from)), list_item_pointer(spare, lt, q));
    });
    const uint64_t size = mod.m.getDataLayout().getTypeAllocSize(storage);
    b.CreateMemCpy(list_item_pointer(list, lt, b.getInt64(0)), llvm::MaybeAlign(1),
                   list_item_pointer(spare, lt, b.getInt64(0)), llvm::MaybeAlign(1),
                   b.CreateMul(n, b.getInt64(static_cast<int64_t>(size))));
}

}  // namespace ujit::codegen
