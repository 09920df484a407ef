// List methods and operators (l.pop(), l.insert(), l + m, x in l, ...), list() and sorted(),
// with CPython's semantics and Numba's error messages. Built on lower_lists.cpp's primitives.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "types/builtins.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

// Moves items [from, size) by `by` places (by < 0: towards the front), as memmove.
void FunctionLowering::list_shift(llvm::Value* list, const Type* lt, llvm::Value* from, llvm::Value* by) {
    llvm::Value* n = list_size(list);
    llvm::Value* count = b.CreateSub(n, from);
    const uint64_t item = mod.m.getDataLayout().getTypeAllocSize(list_item_storage(lt));
    llvm::Value* src = list_item_pointer(list, lt, from);
    llvm::Value* dst = list_item_pointer(list, lt, b.CreateAdd(from, by));
    b.CreateMemMove(dst, llvm::MaybeAlign(1), src, llvm::MaybeAlign(1), b.CreateMul(count, b.getInt64(item)));
}

// a == b (i1) for list items: numbers, tuples item by item, lists.
llvm::Value* FunctionLowering::items_equal(llvm::Value* a, const Type* at, llvm::Value* c, const Type* ct,
                                           SourceLoc loc) {
    if (at->is_tuple() && ct->is_tuple()) {
        if (at->elements().size() != ct->elements().size()) return b.getFalse();
        llvm::Value* eq = b.getTrue();
        for (unsigned i = 0; i < at->elements().size(); ++i)
            eq = b.CreateAnd(eq, items_equal(b.CreateExtractValue(a, i), at->elements()[i], b.CreateExtractValue(c, i),
                                             ct->elements()[i], loc));
        return eq;
    }
    return compare_values(CmpOp::Eq, a, at, c, ct, loc);
}

// The index of the first item equal to `v` at or after 0, or -1.
llvm::Value* FunctionLowering::list_find(llvm::Value* list, const Type* lt, llvm::Value* v, const Type* vt,
                                         SourceLoc loc) {
    llvm::AllocaInst* found = entry_alloca(b.getInt64Ty(), "list.found");
    b.CreateStore(b.getInt64(-1), found);
    llvm::Value* n = list_size(list);
    llvm::BasicBlock* done = new_block("find.done");
    counted_range(n, [&](llvm::Value* k) {
        llvm::Value* eq = items_equal(list_load(list, lt, k), lt->item(), v, vt, loc);
        llvm::Value* first = b.CreateAnd(eq, b.CreateICmpSLT(b.CreateLoad(b.getInt64Ty(), found), b.getInt64(0)));
        b.CreateStore(b.CreateSelect(first, k, b.CreateLoad(b.getInt64Ty(), found)), found);
    });
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return b.CreateLoad(b.getInt64Ty(), found);
}

void FunctionLowering::list_clear(llvm::Value* list, const Type* lt) {
    if (counts_references(lt->item()))
        counted_range(list_size(list),
                      [&](llvm::Value* k) { count_update(false, list_load(list, lt, k), lt->item()); });
    b.CreateStore(b.getInt64(0), list_payload(list));
}

void FunctionLowering::list_extend(llvm::Value* list, const Type* lt, const Expr* iterable) {
    const Type* it = type_of(iterable);
    if (it->is_tuple()) {
        llvm::Value* tv = expr(iterable);
        for (unsigned i = 0; i < it->elements().size(); ++i)
            list_append(list, lt,
                        convert_or_fail(b.CreateExtractValue(tv, i), it->elements()[i], lt->item(), iterable->loc),
                        iterable->loc);
        return;
    }
    if (it->is_generator()) {
        each_generator_item(iterable, nullptr, [&](llvm::Value* v) {
            list_append(list, lt, convert_or_fail(v, it->yield_type(), lt->item(), iterable->loc), iterable->loc);
        });
        return;
    }
    IterSource src = iter_source(iterable);
    list_reserve(list, b.CreateAdd(list_size(list), src.length), iterable->loc);
    counted_range(src.length, [&](llvm::Value* k) {
        list_append(list, lt, convert_or_fail(src.item(k), src.item_type, lt->item(), iterable->loc), iterable->loc);
    });
}

void FunctionLowering::list_reverse(llvm::Value* list, const Type* lt) {
    llvm::Value* n = list_size(list);
    llvm::Type* st = list_item_storage(lt);
    counted_range(b.CreateSDiv(n, b.getInt64(2)), [&](llvm::Value* k) {
        llvm::Value* p = list_item_pointer(list, lt, k);
        llvm::Value* q = list_item_pointer(list, lt, b.CreateSub(b.CreateSub(n, b.getInt64(1)), k));
        llvm::Value* x = b.CreateLoad(st, p);
        llvm::Value* y = b.CreateLoad(st, q);
        b.CreateStore(y, p);
        b.CreateStore(x, q);
    });
}

llvm::Value* FunctionLowering::list_copy(llvm::Value* list, const Type* lt, const Type* rt, SourceLoc loc) {
    llvm::Value* n = list_size(list);
    llvm::Value* out = new_list(rt, n, loc);
    counted_range(n, [&](llvm::Value* k) { list_store_new(out, rt, k, list_load(list, lt, k)); });
    b.CreateStore(n, list_payload(out));
    return out;
}

llvm::Value* FunctionLowering::list_method_call(const Call* e, BuiltinId id) {
    const Expr* receiver = cast<Attribute>(e->callee)->value;
    const Type* lt = type_of(receiver);
    llvm::Value* list = expr(receiver);
    const std::vector<const Type*>* ops = fn.operands_of(e);
    UJIT_INTERNAL_ASSERT(ops && ops->size() == e->args.size() + 1, e->loc, "a list method typed without operands");
    auto arg = [&](size_t i) { return expr(e->args[i]); };
    auto item_arg = [&](size_t i) { return expr_as(e->args[i], lt->item()); };
    switch (id) {
    case BuiltinId::ListAppend: list_append(list, lt, item_arg(0), e->loc); return nullptr;
    case BuiltinId::ListExtend: list_extend(list, lt, e->args[0]); return nullptr;
    case BuiltinId::ListInsert: {
        llvm::Value* i = expr_as(e->args[0], types::int64());
        llvm::Value* v = item_arg(1);
        llvm::Value* n = list_size(list);
        // list.insert clamps the index to [0, len] after counting a negative one from the end.
        llvm::Value* w = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, n), i);
        w = b.CreateSelect(b.CreateICmpSLT(w, b.getInt64(0)), b.getInt64(0), w);
        w = b.CreateSelect(b.CreateICmpSGT(w, n), n, w);
        llvm::Value* n1 = b.CreateAdd(n, b.getInt64(1));
        list_reserve(list, n1, e->loc);
        list_shift(list, lt, w, b.getInt64(1));
        list_store_new(list, lt, w, v);
        b.CreateStore(n1, list_payload(list));
        return nullptr;
    }
    case BuiltinId::ListPop: {
        llvm::Value* n = list_size(list);
        llvm::Value* i = nullptr;
        if (e->args.empty()) {
            raise_if(b.CreateICmpEQ(n, b.getInt64(0)), "IndexError", "pop from empty list", e->loc);
            i = b.CreateSub(n, b.getInt64(1));
        } else {
            raise_if(b.CreateICmpEQ(n, b.getInt64(0)), "IndexError", "pop from empty list", e->loc);
            i = list_index(list, expr_as(e->args[0], types::int64()), e->loc, "pop index out of range");
        }
        llvm::Value* v = list_load(list, lt, i);  // the list's reference goes with it
        list_shift(list, lt, b.CreateAdd(i, b.getInt64(1)), b.getInt64(-1));
        b.CreateStore(b.CreateSub(n, b.getInt64(1)), list_payload(list));
        own_temporary(v, lt->item());
        return v;
    }
    case BuiltinId::ListRemove: {
        llvm::Value* at = list_find(list, lt, arg(0), (*ops)[1], e->loc);
        raise_if(b.CreateICmpSLT(at, b.getInt64(0)), "ValueError", "list.remove(x): x not in list", e->loc);
        count_update(false, list_load(list, lt, at), lt->item());
        list_shift(list, lt, b.CreateAdd(at, b.getInt64(1)), b.getInt64(-1));
        b.CreateStore(b.CreateSub(list_size(list), b.getInt64(1)), list_payload(list));
        return nullptr;
    }
    case BuiltinId::ListIndex: {
        llvm::Value* at = list_find(list, lt, arg(0), (*ops)[1], e->loc);
        raise_if(b.CreateICmpSLT(at, b.getInt64(0)), "ValueError", "value not in list", e->loc);
        return at;
    }
    case BuiltinId::ListCount: {
        llvm::Value* v = arg(0);
        llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "list.count");
        b.CreateStore(b.getInt64(0), count);
        counted_range(list_size(list), [&](llvm::Value* k) {
            llvm::Value* eq = items_equal(list_load(list, lt, k), lt->item(), v, (*ops)[1], e->loc);
            b.CreateStore(b.CreateAdd(b.CreateLoad(b.getInt64Ty(), count), b.CreateZExt(eq, b.getInt64Ty())), count);
        });
        return b.CreateLoad(b.getInt64Ty(), count);
    }
    case BuiltinId::ListClear: list_clear(list, lt); return nullptr;
    case BuiltinId::ListCopy: return list_copy(list, lt, type_of(e), e->loc);
    case BuiltinId::ListReverse: list_reverse(list, lt); return nullptr;
    case BuiltinId::ListSort: list_sort(list, lt, e); return nullptr;
    default: syntax::internal_error(e->loc, fmt::format("{} has no lowering", types::builtin_name(id)));
    }
}

// list(), list(iterable), sorted(iterable[, reverse=])
llvm::Value* FunctionLowering::list_builtin_call(const Call* e, BuiltinId id) {
    const Type* rt = type_of(e);
    llvm::Value* out = new_list(rt, b.getInt64(0), e->loc);
    if (!e->args.empty()) list_extend(out, rt, e->args[0]);
    if (id == BuiltinId::Sorted) list_sort(out, rt, e);
    return out;
}

const Type* FunctionLowering::list_of_same(const Type* lt) { return types::list_of(lt->item()); }

// l + m, l * n, n * l
llvm::Value* FunctionLowering::list_binary(const Binary* e) {
    const Type* rt = type_of(e);
    const Type* lt = type_of(e->lhs);
    const Type* r = type_of(e->rhs);
    if (e->op == BinOp::Add) {
        llvm::Value* a = expr(e->lhs);
        llvm::Value* c = expr(e->rhs);
        llvm::Value* out = new_list(rt, b.CreateAdd(list_size(a), list_size(c)), e->loc);
        for (auto [src, st] : {std::pair{a, lt}, std::pair{c, r}})
            counted_range(list_size(src), [&](llvm::Value* k) { list_append(out, rt, list_load(src, st, k), e->loc); });
        return out;
    }
    const bool list_left = lt->is_list();
    llvm::Value* src = expr(list_left ? e->lhs : e->rhs);
    llvm::Value* times = expr_as(list_left ? e->rhs : e->lhs, types::int64());
    times = b.CreateSelect(b.CreateICmpSLT(times, b.getInt64(0)), b.getInt64(0), times);
    const Type* st = list_left ? lt : r;
    llvm::Value* n = list_size(src);
    llvm::Value* out = new_list(rt, b.CreateMul(n, times), e->loc);
    counted_range(times, [&](llvm::Value*) {
        counted_range(n, [&](llvm::Value* k) { list_append(out, rt, list_load(src, st, k), e->loc); });
    });
    return out;
}

// l += iterable (extends l in place, as Python), l *= n (repeats l in place)
void FunctionLowering::list_aug_assign(const AugAssign* s) {
    const Type* lt = type_of(s->target);
    llvm::Value* list = expr(s->target);
    if (s->op == BinOp::Add) return list_extend(list, lt, s->value);
    llvm::Value* times = expr_as(s->value, types::int64());
    llvm::Value* n = list_size(list);
    llvm::BasicBlock* clear = new_block("imul.clear");
    llvm::BasicBlock* repeat = new_block("imul.repeat");
    llvm::BasicBlock* done = new_block("imul.done");
    b.CreateCondBr(b.CreateICmpSLE(times, b.getInt64(0)), clear, repeat);
    b.SetInsertPoint(clear);
    list_clear(list, lt);
    b.CreateBr(done);
    b.SetInsertPoint(repeat);
    counted_range(b.CreateSub(times, b.getInt64(1)), [&](llvm::Value*) {
        counted_range(n, [&](llvm::Value* k) { list_append(list, lt, list_load(list, lt, k), s->loc); });
    });
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

namespace {

// The answer of an ordering when one list is a prefix of the other: their lengths decide.
llvm::Value* by_length(llvm::IRBuilder<>& b, CmpOp op, llvm::Value* n, llvm::Value* m) {
    switch (op) {
    case CmpOp::Lt: return b.CreateICmpSLT(n, m);
    case CmpOp::Le: return b.CreateICmpSLE(n, m);
    case CmpOp::Gt: return b.CreateICmpSGT(n, m);
    default: return b.CreateICmpSGE(n, m);
    }
}

}  // namespace

// x in l, l == m, l != m, l < m and the other orderings (i1)
llvm::Value* FunctionLowering::list_compare(CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r, const Type* rt,
                                            SourceLoc loc) {
    if (op == CmpOp::In || op == CmpOp::NotIn) {
        llvm::Value* found = b.CreateICmpSGE(list_find(r, rt, l, lt, loc), b.getInt64(0));
        return op == CmpOp::In ? found : b.CreateNot(found);
    }
    if (op != CmpOp::Eq && op != CmpOp::Ne) {
        // l < m (and <=, >, >=) as Python and Numba's listobj.py order lists: at the first
        // unequal pair of items, Lt/Le ask x < y and Gt/Ge x > y; with none, the lengths decide.
        const CmpOp strict = op == CmpOp::Lt || op == CmpOp::Le ? CmpOp::Lt : CmpOp::Gt;
        llvm::AllocaInst* decided = entry_alloca(b.getInt1Ty(), "list.ord.decided");
        llvm::AllocaInst* result = entry_alloca(b.getInt1Ty(), "list.ord.result");
        b.CreateStore(b.getFalse(), decided);
        b.CreateStore(b.getFalse(), result);
        llvm::Value* n = list_size(l);
        llvm::Value* m = list_size(r);
        llvm::Value* common = b.CreateSelect(b.CreateICmpSLT(n, m), n, m);
        counted_range(common, [&](llvm::Value* k) {
            llvm::Value* x = list_load(l, lt, k);
            llvm::Value* y = list_load(r, rt, k);
            llvm::Value* d = b.CreateLoad(b.getInt1Ty(), decided);
            llvm::Value* eq = items_equal(x, lt->item(), y, rt->item(), loc);
            llvm::Value* first = b.CreateAnd(b.CreateNot(d), b.CreateNot(eq));  // this pair decides
            llvm::Value* res = b.CreateLoad(b.getInt1Ty(), result);
            b.CreateStore(b.CreateSelect(first, compare_values(strict, x, lt->item(), y, rt->item(), loc), res),
                          result);
            b.CreateStore(b.CreateOr(d, first), decided);
        });
        return b.CreateSelect(b.CreateLoad(b.getInt1Ty(), decided), b.CreateLoad(b.getInt1Ty(), result),
                              by_length(b, op, n, m));
    }
    llvm::AllocaInst* same = entry_alloca(b.getInt1Ty(), "list.eq");
    llvm::Value* n = list_size(l);
    b.CreateStore(b.CreateICmpEQ(n, list_size(r)), same);
    llvm::BasicBlock* items = new_block("list.eq.items");
    llvm::BasicBlock* done = new_block("list.eq.done");
    b.CreateCondBr(b.CreateLoad(b.getInt1Ty(), same), items, done);
    b.SetInsertPoint(items);
    counted_range(n, [&](llvm::Value* k) {
        llvm::Value* eq = items_equal(list_load(l, lt, k), lt->item(), list_load(r, rt, k), rt->item(), loc);
        b.CreateStore(b.CreateAnd(b.CreateLoad(b.getInt1Ty(), same), eq), same);
    });
    b.CreateBr(done);
    b.SetInsertPoint(done);
    llvm::Value* eq = b.CreateLoad(b.getInt1Ty(), same);
    return op == CmpOp::Eq ? eq : b.CreateNot(eq);
}

}  // namespace ujit::codegen
