// np.union1d / np.intersect1d / np.setxor1d / np.setdiff1d of real arrays (typed by
// nplib/gaps_typing.cpp), as NumPy computes them: the sorted distinct values (np.unique's
// runtime), union1d of both arrays together, intersect1d the values that appear twice in the
// sorted concatenation of each one's distinct values and setxor1d those that appear once there
// (a NaN never equals itself, as NumPy's), setdiff1d a's distinct values not in b, found by one
// walk along both sorted sequences, compared in the promoted dtype.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "types/rules.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

// A new 1-D C array of dtype dt holding the items of each array in turn, flattened in C order.
TypedValue FunctionLowering::concatenated(const std::vector<TypedValue>& parts, const Type* dt, SourceLoc loc) {
    llvm::Value* n = b.getInt64(0);
    for (const TypedValue& p : parts) n = b.CreateAdd(n, array_size(p.v, p.t));
    const Type* at = types::array(dt, 1, types::Layout::C);
    llvm::Value* out = allocate_array(at, {n}, loc, "np.union1d()");
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::AllocaInst* at_k = entry_alloca(b.getInt64Ty(), "concat.k");
    b.CreateStore(b.getInt64(0), at_k);
    for (const TypedValue& p : parts) {
        const Type* pt = p.t->dtype();
        llvm::Type* pst = storage_type(mod.ctx, pt);
        for_each_element(p, [&](llvm::Value* ptr) {
            llvm::Value* v = convert_or_fail(from_storage(b, b.CreateLoad(pst, ptr), pt), pt, dt, loc);
            llvm::Value* k = b.CreateLoad(b.getInt64Ty(), at_k);
            b.CreateStore(to_storage(b, v, dt), b.CreateGEP(st, array_data(b, out), k));
            b.CreateStore(b.CreateAdd(k, b.getInt64(1)), at_k);
        });
    }
    return {out, at};
}

// The sorted distinct values of `a` converted to dt, a new 1-D array.
llvm::Value* FunctionLowering::sorted_distinct(TypedValue a, const Type* dt, SourceLoc loc) {
    const Type* rt = types::array(dt, 1, types::Layout::C);
    if (a.t->dtype() == dt) return unique(a, rt, loc);
    return unique(concatenated({a}, dt, loc), rt, loc);
}

// A new 1-D array (type rt) of the items i < count of the 1-D C array `a` for which keep(i):
// counted first, then copied (the result of set operation `id`).
llvm::Value* FunctionLowering::kept_items(TypedValue a, llvm::Value* count, const Type* rt, BuiltinId id, SourceLoc loc,
                                          const std::function<llvm::Value*(llvm::Value*)>& keep) {
    const Type* dt = rt->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::AllocaInst* kept = entry_alloca(b.getInt64Ty(), "kept.count");
    b.CreateStore(b.getInt64(0), kept);
    counted_range(count, [&](llvm::Value* i) {
        llvm::Value* c = b.CreateLoad(b.getInt64Ty(), kept);
        b.CreateStore(b.CreateAdd(c, b.CreateZExt(keep(i), b.getInt64Ty())), kept);
    });
    llvm::Value* out =
        allocate_array(rt, {b.CreateLoad(b.getInt64Ty(), kept)}, loc, std::string(types::builtin_name(id)) + "()");
    b.CreateStore(b.getInt64(0), kept);
    counted_range(count, [&](llvm::Value* i) {
        llvm::BasicBlock* put = new_block("kept.put");
        llvm::BasicBlock* next = new_block("kept.next");
        b.CreateCondBr(keep(i), put, next);
        b.SetInsertPoint(put);
        llvm::Value* c = b.CreateLoad(b.getInt64Ty(), kept);
        b.CreateStore(b.CreateLoad(st, b.CreateGEP(st, array_data(b, a.v), i)), b.CreateGEP(st, array_data(b, out), c));
        b.CreateStore(b.CreateAdd(c, b.getInt64(1)), kept);
        b.CreateBr(next);
        b.SetInsertPoint(next);
    });
    return out;
}

llvm::Value* FunctionLowering::set_operation(BuiltinId id, TypedValue a, TypedValue other, const Type* rt,
                                             SourceLoc loc) {
    const Type* dt = rt->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    const Type* list_t = types::array(dt, 1, types::Layout::C);
    if (id == BuiltinId::NpUnion1d) return unique(concatenated({a, other}, dt, loc), rt, loc);
    if (id == BuiltinId::NpIntersect1d || id == BuiltinId::NpSetxor1d) {
        // Of the sorted concatenation of each one's distinct values: intersect1d keeps the
        // values equal to the next one (in both), setxor1d those equal to neither neighbour
        // (in one only), NumPy's flag walk; a NaN equals nothing, as in NumPy.
        TypedValue ua{sorted_distinct(a, dt, loc), list_t};
        TypedValue ub{sorted_distinct(other, dt, loc), list_t};
        llvm::Value* sorted = sorted_copy(concatenated({ua, ub}, dt, loc), list_t, loc);
        llvm::Value* n = array_size(sorted, list_t);
        auto item = [&](llvm::Value* i) {
            return from_storage(b, b.CreateLoad(st, b.CreateGEP(st, array_data(b, sorted), i)), dt);
        };
        auto equals_item = [&](llvm::Value* i, llvm::Value* j, llvm::Value* exists) {  // j in range when exists
            llvm::Value* safe = b.CreateSelect(exists, j, i);
            return b.CreateAnd(exists, compare_values(CmpOp::Eq, item(i), dt, item(safe), dt, loc));
        };
        if (id == BuiltinId::NpIntersect1d) {
            llvm::Value* pairs =
                b.CreateSelect(b.CreateICmpSGT(n, b.getInt64(0)), b.CreateSub(n, b.getInt64(1)), b.getInt64(0));
            return kept_items({sorted, list_t}, pairs, rt, id, loc, [&](llvm::Value* i) {
                return equals_item(i, b.CreateAdd(i, b.getInt64(1)), b.getTrue());
            });
        }
        return kept_items({sorted, list_t}, n, rt, id, loc, [&](llvm::Value* i) {
            llvm::Value* prev = equals_item(i, b.CreateSub(i, b.getInt64(1)), b.CreateICmpSGT(i, b.getInt64(0)));
            llvm::Value* next_i = b.CreateAdd(i, b.getInt64(1));
            llvm::Value* next = equals_item(i, next_i, b.CreateICmpSLT(next_i, n));
            return b.CreateNot(b.CreateOr(prev, next));
        });
    }
    // setdiff1d: a's distinct values (its dtype), b's in the promoted one.
    const Type* pt = types::promote(dt, other.t->dtype());
    llvm::Type* pst = storage_type(mod.ctx, pt);
    llvm::Value* ua = sorted_distinct(a, dt, loc);
    llvm::Value* ub = sorted_distinct(other, pt, loc);
    llvm::Value* na = array_size(ua, list_t);
    llvm::Value* nb = array_size(ub, types::array(pt, 1, types::Layout::C));
    llvm::AllocaInst* j = entry_alloca(b.getInt64Ty(), "setdiff.j");
    llvm::Value* keep =
        allocate_array(types::array(types::integer(8, false), 1, types::Layout::C), {na}, loc, "np.setdiff1d()");
    auto b_at = [&](llvm::Value* k) {
        return from_storage(b, b.CreateLoad(pst, b.CreateGEP(pst, array_data(b, ub), k)), pt);
    };
    b.CreateStore(b.getInt64(0), j);
    counted_range(na, [&](llvm::Value* i) {
        llvm::Value* x = from_storage(b, b.CreateLoad(st, b.CreateGEP(st, array_data(b, ua), i)), dt);
        llvm::Value* xp = convert_or_fail(x, dt, pt, loc);
        // Advance j past b's values below x (both ascending, NaNs last).
        llvm::BasicBlock* head = new_block("setdiff.head");
        llvm::BasicBlock* test = new_block("setdiff.test");
        llvm::BasicBlock* step = new_block("setdiff.step");
        llvm::BasicBlock* done = new_block("setdiff.done");
        b.CreateBr(head);
        b.SetInsertPoint(head);
        llvm::Value* jv = b.CreateLoad(b.getInt64Ty(), j);
        b.CreateCondBr(b.CreateICmpSLT(jv, nb), test, done);
        b.SetInsertPoint(test);
        b.CreateCondBr(compare_values(CmpOp::Lt, b_at(jv), pt, xp, pt, loc), step, done);
        b.SetInsertPoint(step);
        b.CreateStore(b.CreateAdd(jv, b.getInt64(1)), j);
        b.CreateBr(head);
        b.SetInsertPoint(done);
        llvm::Value* jd = b.CreateLoad(b.getInt64Ty(), j);
        llvm::Value* in_range = b.CreateICmpSLT(jd, nb);
        llvm::Value* safe = b.CreateSelect(in_range, jd, b.getInt64(0));
        llvm::Value* found = b.CreateAnd(in_range, b.CreateICmpSGT(nb, b.getInt64(0)));
        llvm::BasicBlock* look = new_block("setdiff.look");
        llvm::BasicBlock* decided = new_block("setdiff.decided");
        llvm::BasicBlock* from = b.GetInsertBlock();
        b.CreateCondBr(found, look, decided);
        b.SetInsertPoint(look);
        llvm::Value* equal = compare_values(CmpOp::Eq, b_at(safe), pt, xp, pt, loc);
        llvm::BasicBlock* looked = b.GetInsertBlock();
        b.CreateBr(decided);
        b.SetInsertPoint(decided);
        llvm::PHINode* in_b = b.CreatePHI(b.getInt1Ty(), 2);
        in_b->addIncoming(b.getFalse(), from);
        in_b->addIncoming(equal, looked);
        b.CreateStore(b.CreateZExt(b.CreateNot(in_b), b.getInt8Ty()),
                      b.CreateGEP(b.getInt8Ty(), array_data(b, keep), i));
    });
    return kept_items({ua, list_t}, na, rt, id, loc, [&](llvm::Value* i) {
        llvm::Value* kept = b.CreateLoad(b.getInt8Ty(), b.CreateGEP(b.getInt8Ty(), array_data(b, keep), i));
        return b.CreateICmpNE(kept, b.getInt8(0));
    });
}

}  // namespace ujit::codegen
