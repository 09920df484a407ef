// range values (types/infer_range.cpp): a range is {start, stop, step} in its integer type,
// made once by range(...) (the zero step raising there) and read by len, r[i], `x in r`,
// r.start/stop/step and loops. A for loop straight over range(...) keeps its own lowering
// (lower_stmt.cpp: prange, grid-stride loops, the known step's sign).
#include "codegen/lower_context.hpp"

#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

// A call of the range builtin itself (a module function returning a range is a callee).
const Call* FunctionLowering::range_call(const Expr* e) const {
    auto* c = dyn_cast<Call>(e);
    const Type* ct = c ? fn.type_of(c->callee) : nullptr;  // enumerate(...)'s callee is untyped
    return ct && ct->kind() == types::Kind::BuiltinFunc && ct->builtin() == types::BuiltinId::Range ? c : nullptr;
}

llvm::Value* FunctionLowering::range_value(const Call* range) {
    const Type* et = type_of(range)->range_item();
    RangeArgs r = range_args(range, et);
    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, type_of(range)));
    out = b.CreateInsertValue(out, r.start, 0);
    out = b.CreateInsertValue(out, r.stop, 1);
    return b.CreateInsertValue(out, r.step, 2);
}

FunctionLowering::RangeArgs FunctionLowering::range_parts(const Expr* e) {
    if (const Call* c = range_call(e)) return range_args(c, type_of(e)->range_item());
    llvm::Value* r = expr(e);
    return {b.CreateExtractValue(r, 0), b.CreateExtractValue(r, 1), b.CreateExtractValue(r, 2), std::nullopt};
}

llvm::Value* FunctionLowering::range_len(const Expr* e) {
    RangeArgs r = range_parts(e);
    return range_length(r.start, r.stop, r.step, type_of(e)->range_item()->is_signed());
}

// r[i] as CPython: i < 0 counts from the end; outside [0, len) raises IndexError.
llvm::Value* FunctionLowering::range_subscript(const Subscript* e) {
    const Type* et = type_of(e->value)->range_item();
    RangeArgs r = range_parts(e->value);
    llvm::Value* n = range_length(r.start, r.stop, r.step, et->is_signed());
    llvm::Value* i = index_value(e->index);
    i = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, n), i);
    raise_if(b.CreateICmpUGE(i, n), "IndexError", "range object index out of range", e->loc);
    llvm::Value* k = b.CreateIntCast(i, r.start->getType(), false);
    return b.CreateAdd(r.start, b.CreateMul(k, r.step));
}

// `x in r` (x an integer, typing checked): on the range's side of start, before stop,
// and a whole number of steps from start. Computed in 64 bits of the range's signedness,
// or 65 (i128) where an int64 meets a uint64 range, so no value wraps into the range.
llvm::Value* FunctionLowering::range_contains(llvm::Value* x, const Type* xt, llvm::Value* range, const Type* rt) {
    const Type* et = rt->range_item();
    RangeArgs r{b.CreateExtractValue(range, 0), b.CreateExtractValue(range, 1), b.CreateExtractValue(range, 2),
                std::nullopt};
    const bool mixed = (xt->is_int() && xt->is_signed() != et->is_signed() && xt->bits() == 64) ||
                       (!et->is_signed() && xt->is_int() && xt->is_signed());
    llvm::Type* wide = mixed ? b.getInt128Ty() : b.getInt64Ty();
    const bool x_signed = !xt->is_int() || xt->is_signed();  // bool: 0 or 1
    llvm::Value* v = b.CreateIntCast(x, wide, x_signed && !xt->is_bool());
    auto widen = [&](llvm::Value* p) { return b.CreateIntCast(p, wide, et->is_signed()); };
    llvm::Value *start = widen(r.start), *stop = widen(r.stop), *step = widen(r.step);
    const bool signed_cmp = mixed || et->is_signed();
    auto lt = [&](llvm::Value* a, llvm::Value* c) {
        return signed_cmp ? b.CreateICmpSLT(a, c) : b.CreateICmpULT(a, c);
    };
    auto le = [&](llvm::Value* a, llvm::Value* c) {
        return signed_cmp ? b.CreateICmpSLE(a, c) : b.CreateICmpULE(a, c);
    };
    llvm::Value* zero = llvm::ConstantInt::get(wide, 0);
    llvm::Value* up = b.CreateAnd(le(start, v), lt(v, stop));
    llvm::Value* inside = up;
    if (et->is_signed()) {
        llvm::Value* down = b.CreateAnd(lt(stop, v), le(v, start));
        inside = b.CreateSelect(b.CreateICmpSGT(step, zero), up, down);
    }
    // The distance from start, over |step|, unsigned: both are non-negative inside.
    llvm::Value* dist = b.CreateSelect(le(start, v), b.CreateSub(v, start), b.CreateSub(start, v));
    llvm::Value* by = et->is_signed() ? b.CreateSelect(b.CreateICmpSLT(step, zero), b.CreateNeg(step), step) : step;
    // Outside the range `by` may be anything but zero only if the range is empty: guard the remainder.
    llvm::Value* safe_by = b.CreateSelect(b.CreateICmpEQ(by, zero), llvm::ConstantInt::get(wide, 1), by);
    llvm::Value* whole = b.CreateICmpEQ(b.CreateURem(dist, safe_by), zero);
    return b.CreateAnd(inside, whole);
}

llvm::Value* FunctionLowering::range_attribute(const Attribute* e) {
    RangeArgs r = range_parts(e->value);
    return e->attr == "start" ? r.start : e->attr == "stop" ? r.stop : r.step;
}

FunctionLowering::IterSource FunctionLowering::range_iter_source(const Expr* e) {
    const Type* et = type_of(e)->range_item();
    RangeArgs r = range_parts(e);
    llvm::Value* start = r.start;
    llvm::Value* step = r.step;
    bool is_signed = et->is_signed();
    return {range_length(start, r.stop, step, is_signed), et, [this, start, step, is_signed](llvm::Value* k) {
                llvm::Value* i = b.CreateIntCast(k, start->getType(), is_signed);
                return b.CreateAdd(start, b.CreateMul(i, step));
            }};
}

}  // namespace ujit::codegen
