// Lowering of nplib6's whole-array summaries (typed by nplib/summary_typing.cpp): the
// NaN-skipping reductions np.nansum / nanprod / nanmin / nanmax / nanargmin / nanargmax / nanmean / nanvar / nanstd
// (Numba's loops: NaNs left out; all-NaN or empty: NaN for mean/var/std, ValueError for
// min/max of nothing), the running np.nancumsum / nancumprod, np.ptp, np.average (with
// weights) and np.array_equal.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

// Is `v` (a value of dtype t) a NaN: a float that is, a complex with a NaN part, never else.
llvm::Value* is_nan(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    if (t->is_float()) return b.CreateFCmpUNO(v, v);
    if (t->is_complex()) {
        llvm::Value* re = b.CreateExtractValue(v, 0);
        llvm::Value* im = b.CreateExtractValue(v, 1);
        return b.CreateOr(b.CreateFCmpUNO(re, re), b.CreateFCmpUNO(im, im));
    }
    return b.getFalse();
}

}  // namespace

// np.nansum .. np.nanstd of the whole array `a`.
llvm::Value* FunctionLowering::nan_reduction(BuiltinId id, TypedValue a, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    auto load = [&](llvm::Value* p) { return from_storage(b, b.CreateLoad(st, p), dt); };
    if (id == BuiltinId::NpNansum || id == BuiltinId::NpNanprod) {
        const bool sum = id == BuiltinId::NpNansum;
        llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, rt), "nan.acc");
        llvm::Value* one = convert_or_fail(b.getInt64(1), types::int64(), rt, loc);
        b.CreateStore(sum ? zero_value(b, rt) : one, acc);
        for_each_element(a, [&](llvm::Value* p) {
            llvm::Value* v = load(p);
            llvm::Value* cur = b.CreateLoad(acc->getAllocatedType(), acc);
            llvm::Value* next =
                ufunc_binary(sum ? BinOp::Add : BinOp::Mul, cur, convert_or_fail(v, dt, rt, loc), rt, loc);
            b.CreateStore(b.CreateSelect(is_nan(b, v, dt), cur, next), acc);
        });
        return b.CreateLoad(acc->getAllocatedType(), acc);
    }
    if (id == BuiltinId::NpNancumsum || id == BuiltinId::NpNancumprod)
        return nan_cumulative(a, id == BuiltinId::NpNancumsum, rt, loc);
    if ((id == BuiltinId::NpNanmin || id == BuiltinId::NpNanmax) && dt->is_complex())
        return complex_nan_extreme(a, id == BuiltinId::NpNanmax, loc);
    if (id == BuiltinId::NpNanmin || id == BuiltinId::NpNanmax) {
        const bool is_max = id == BuiltinId::NpNanmax;
        raise_if(b.CreateICmpEQ(array_size(a.v, a.t), b.getInt64(0)), "ValueError",
                 "zero-size array to reduction operation not possible", loc);
        // A NaN start that every number replaces: all NaN gives NaN, as NumPy's (with a warning).
        llvm::AllocaInst* best = entry_alloca(value_type(mod.ctx, dt), "nan.best");
        llvm::AllocaInst* have = entry_alloca(b.getInt1Ty(), "nan.have");
        b.CreateStore(dt->is_float() ? llvm::ConstantFP::getNaN(value_type(mod.ctx, dt)) : zero_value(b, dt), best);
        b.CreateStore(b.getFalse(), have);
        for_each_element(a, [&](llvm::Value* p) {
            llvm::Value* v = load(p);
            llvm::Value* cur = b.CreateLoad(best->getAllocatedType(), best);
            llvm::Value* better = compare_values(is_max ? CmpOp::Gt : CmpOp::Lt, v, dt, cur, dt, loc);
            llvm::Value* took = b.CreateLoad(b.getInt1Ty(), have);
            llvm::Value* take = b.CreateAnd(b.CreateNot(is_nan(b, v, dt)), b.CreateOr(b.CreateNot(took), better));
            b.CreateStore(b.CreateSelect(take, v, cur), best);
            b.CreateStore(b.CreateOr(took, take), have);
        });
        return b.CreateLoad(best->getAllocatedType(), best);
    }
    if (id == BuiltinId::NpNanargmin || id == BuiltinId::NpNanargmax) return nan_arg_extreme(a, id, loc);
    // nanmean, nanvar, nanstd: float64 sums of the numbers and their count.
    const Type* f64 = types::float64();
    llvm::Type* dbl = b.getDoubleTy();
    llvm::AllocaInst* total = entry_alloca(dbl, "nan.total");
    llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "nan.count");
    b.CreateStore(llvm::ConstantFP::get(dbl, 0.0), total);
    b.CreateStore(b.getInt64(0), count);
    auto accumulate = [&](const std::function<llvm::Value*(llvm::Value*)>& term) {
        for_each_element(a, [&](llvm::Value* p) {
            llvm::Value* v = load(p);
            llvm::Value* nan = is_nan(b, v, dt);
            llvm::Value* x = convert_or_fail(v, dt, f64, loc);
            llvm::Value* t = b.CreateLoad(dbl, total);
            b.CreateStore(b.CreateSelect(nan, t, b.CreateFAdd(t, term(x))), total);
            llvm::Value* c = b.CreateLoad(b.getInt64Ty(), count);
            b.CreateStore(b.CreateSelect(nan, c, b.CreateAdd(c, b.getInt64(1))), count);
        });
        return b.CreateFDiv(b.CreateLoad(dbl, total), b.CreateSIToFP(b.CreateLoad(b.getInt64Ty(), count), dbl));
    };
    llvm::Value* mean = accumulate([](llvm::Value* x) { return x; });
    if (id == BuiltinId::NpNanmean) return mean;
    b.CreateStore(llvm::ConstantFP::get(dbl, 0.0), total);
    b.CreateStore(b.getInt64(0), count);
    llvm::Value* var = accumulate([&](llvm::Value* x) {
        llvm::Value* d = b.CreateFSub(x, mean);
        return b.CreateFMul(d, d);
    });
    if (id == BuiltinId::NpNanvar) return var;
    return intrinsic(b, llvm::Intrinsic::sqrt, {var});
}

// np.nanargmin(a) / np.nanargmax(a): the C-order position of the first smallest (largest) item
// that is not NaN. Numba's errors: an empty array, and one of NaNs only ("All-NaN slice").
llvm::Value* FunctionLowering::nan_arg_extreme(TypedValue a, BuiltinId id, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    const bool is_max = id == BuiltinId::NpNanargmax;
    llvm::Type* st = storage_type(mod.ctx, dt);
    raise_if(b.CreateICmpEQ(array_size(a.v, a.t), b.getInt64(0)), "ValueError",
             is_max ? "attempt to get nanargmax of an empty sequence" : "attempt to get nanargmin of an empty sequence",
             loc);
    llvm::AllocaInst* best = entry_alloca(value_type(mod.ctx, dt), "nanarg.best");
    llvm::AllocaInst* where = entry_alloca(b.getInt64Ty(), "nanarg.where");  // -1: no number yet
    llvm::AllocaInst* k = entry_alloca(b.getInt64Ty(), "nanarg.k");
    b.CreateStore(zero_value(b, dt), best);
    b.CreateStore(b.getInt64(-1), where);
    b.CreateStore(b.getInt64(0), k);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* v = from_storage(b, b.CreateLoad(st, p), dt);
        llvm::Value* cur = b.CreateLoad(best->getAllocatedType(), best);
        llvm::Value* at = b.CreateLoad(b.getInt64Ty(), where);
        llvm::Value* i = b.CreateLoad(b.getInt64Ty(), k);
        llvm::Value* better = compare_values(is_max ? CmpOp::Gt : CmpOp::Lt, v, dt, cur, dt, loc);
        llvm::Value* first = b.CreateICmpSLT(at, b.getInt64(0));
        llvm::Value* take = b.CreateAnd(b.CreateNot(is_nan(b, v, dt)), b.CreateOr(first, better));
        b.CreateStore(b.CreateSelect(take, v, cur), best);
        b.CreateStore(b.CreateSelect(take, i, at), where);
        b.CreateStore(b.CreateAdd(i, b.getInt64(1)), k);
    });
    llvm::Value* at = b.CreateLoad(b.getInt64Ty(), where);
    raise_if(b.CreateICmpSLT(at, b.getInt64(0)), "ValueError", "All-NaN slice encountered", loc);
    return at;
}

// np.nancumsum(a) / np.nancumprod(a): np.cumsum (cumprod) with NaNs counted as 0 (1); a complex
// is NaN when either part is (NumPy's isnan). Integers and booleans hold no NaN: np.cumsum's.
llvm::Value* FunctionLowering::nan_cumulative(TypedValue a, bool sum, const Type* rt, SourceLoc loc) {
    const Type* dt = rt->dtype();
    if (!dt->is_float() && !dt->is_complex()) return cumulative(a, sum, rt, loc);
    llvm::Value* out = allocate_array(rt, {array_size(a.v, a.t)}, loc, sum ? "np.nancumsum()" : "np.nancumprod()");
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, dt), "nancum.acc");
    b.CreateStore(convert_or_fail(b.getInt64(sum ? 0 : 1), types::int64(), dt, loc), acc);
    llvm::AllocaInst* k = entry_alloca(b.getInt64Ty(), "nancum.k");
    b.CreateStore(b.getInt64(0), k);
    llvm::Type* st = storage_type(mod.ctx, dt);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* v = from_storage(b, b.CreateLoad(st, p), dt);
        llvm::Value* cur = b.CreateLoad(value_type(mod.ctx, dt), acc);
        llvm::Value* next = ufunc_binary(sum ? BinOp::Add : BinOp::Mul, cur, v, dt, loc);
        next = b.CreateSelect(is_nan(b, v, dt), cur, next);
        b.CreateStore(next, acc);
        llvm::Value* i = b.CreateLoad(b.getInt64Ty(), k);
        b.CreateStore(to_storage(b, next, dt), b.CreateGEP(st, array_data(b, out), i));
        b.CreateStore(b.CreateAdd(i, b.getInt64(1)), k);
    });
    return out;
}

// np.nanmin / np.nanmax of a complex array, as NumPy's fmin/fmax reduction: complexes order
// lexicographically (real part, then imaginary), one with a NaN part is skipped, and an
// all-NaN array gives its first item. Numba's ValueError for an empty array.
llvm::Value* FunctionLowering::complex_nan_extreme(TypedValue a, bool is_max, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    raise_if(b.CreateICmpEQ(array_size(a.v, a.t), b.getInt64(0)), "ValueError",
             "zero-size array to reduction operation not possible", loc);
    llvm::AllocaInst* best = entry_alloca(value_type(mod.ctx, dt), "nan.best");
    b.CreateStore(from_storage(b, b.CreateLoad(st, array_data(b, a.v)), dt), best);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* v = from_storage(b, b.CreateLoad(st, p), dt);
        llvm::Value* cur = b.CreateLoad(best->getAllocatedType(), best);
        llvm::Value* vr = b.CreateExtractValue(v, 0);
        llvm::Value* vi = b.CreateExtractValue(v, 1);
        llvm::Value* cr = b.CreateExtractValue(cur, 0);
        llvm::Value* ci = b.CreateExtractValue(cur, 1);
        llvm::Value* beyond =
            is_max ? b.CreateOr(b.CreateFCmpOGT(vr, cr), b.CreateAnd(b.CreateFCmpOEQ(vr, cr), b.CreateFCmpOGT(vi, ci)))
                   : b.CreateOr(b.CreateFCmpOLT(vr, cr), b.CreateAnd(b.CreateFCmpOEQ(vr, cr), b.CreateFCmpOLT(vi, ci)));
        llvm::Value* take = b.CreateAnd(b.CreateNot(is_nan(b, v, dt)), b.CreateOr(is_nan(b, cur, dt), beyond));
        b.CreateStore(b.CreateSelect(take, v, cur), best);
    });
    return b.CreateLoad(best->getAllocatedType(), best);
}

// np.ptp(a): max - min in a's dtype, NaN if there is one (Numba's early return); Numba's
// ValueError for an empty array.
llvm::Value* FunctionLowering::peak_to_peak(TypedValue a, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    raise_if(b.CreateICmpEQ(array_size(a.v, a.t), b.getInt64(0)), "ValueError",
             "zero-size array reduction not possible", loc);
    llvm::Value* first = from_storage(b, b.CreateLoad(st, array_data(b, a.v)), dt);
    llvm::AllocaInst* lo = entry_alloca(value_type(mod.ctx, dt), "ptp.lo");
    llvm::AllocaInst* hi = entry_alloca(value_type(mod.ctx, dt), "ptp.hi");
    llvm::AllocaInst* nan = entry_alloca(b.getInt1Ty(), "ptp.nan");
    b.CreateStore(first, lo);
    b.CreateStore(first, hi);
    b.CreateStore(b.getFalse(), nan);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* v = from_storage(b, b.CreateLoad(st, p), dt);
        llvm::Value* l = b.CreateLoad(lo->getAllocatedType(), lo);
        llvm::Value* h = b.CreateLoad(hi->getAllocatedType(), hi);
        b.CreateStore(b.CreateSelect(compare_values(CmpOp::Lt, v, dt, l, dt, loc), v, l), lo);
        b.CreateStore(b.CreateSelect(compare_values(CmpOp::Gt, v, dt, h, dt, loc), v, h), hi);
        b.CreateStore(b.CreateOr(b.CreateLoad(b.getInt1Ty(), nan), is_nan(b, v, dt)), nan);
    });
    llvm::Value* range = ufunc_binary(BinOp::Sub, b.CreateLoad(hi->getAllocatedType(), hi),
                                      b.CreateLoad(lo->getAllocatedType(), lo), rt, loc);
    if (!dt->is_float()) return range;
    return b.CreateSelect(b.CreateLoad(b.getInt1Ty(), nan), llvm::ConstantFP::getNaN(value_type(mod.ctx, dt)), range);
}

// np.average(a, weights=w): sum(a * w) / sum(w) in rt, ZeroDivisionError when the weights sum
// to zero and Numba's TypeError for weights of another shape; without weights, np.mean(a).
llvm::Value* FunctionLowering::average(TypedValue a, TypedValue w, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::AllocaInst* num = entry_alloca(value_type(mod.ctx, rt), "avg.num");
    llvm::AllocaInst* den = entry_alloca(value_type(mod.ctx, rt), "avg.den");
    b.CreateStore(zero_value(b, rt), num);
    b.CreateStore(zero_value(b, rt), den);
    auto add = [&](llvm::AllocaInst* slot, llvm::Value* v) {
        b.CreateStore(ufunc_binary(BinOp::Add, b.CreateLoad(slot->getAllocatedType(), slot), v, rt, loc), slot);
    };
    auto value = [&](llvm::Value* p, const Type* t) {
        return convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, t), p), t), t, rt, loc);
    };
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < a.t->ndim(); ++k) dims.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    if (!w.t) {
        for_each_element(a, [&](llvm::Value* p) { add(num, value(p, dt)); });
        llvm::Value* n = convert_or_fail(array_size(a.v, a.t), types::int64(), rt, loc);
        return ufunc_binary(BinOp::Div, b.CreateLoad(num->getAllocatedType(), num), n, rt, loc);
    }
    llvm::Value* differs = b.getFalse();
    for (unsigned k = 0; k < static_cast<unsigned>(a.t->ndim()); ++k)
        differs = b.CreateOr(differs, b.CreateICmpNE(array_dim(b, a.v, k), array_dim(b, w.v, k)));
    raise_if(differs, "TypeError", "Numba does not support average when shapes of a and weights differ.", loc);
    auto both = [&](llvm::Value* p, llvm::Value* q) {
        llvm::Value* wv = value(q, w.t->dtype());
        add(num, ufunc_binary(BinOp::Mul, value(p, dt), wv, rt, loc));
        add(den, wv);
    };
    if (a.t->ndim() == 0)
        both(array_data(b, a.v), array_data(b, w.v));
    else
        elementwise_loop(dims, {a, w}, [&](const std::vector<llvm::Value*>& p) { both(p[0], p[1]); });
    llvm::Value* scale = b.CreateLoad(den->getAllocatedType(), den);
    raise_if(compare_values(CmpOp::Eq, scale, rt, zero_value(b, rt), rt, loc), "ZeroDivisionError",
             "Weights sum to zero, can't be normalized", loc);
    return ufunc_binary(BinOp::Div, b.CreateLoad(num->getAllocatedType(), num), scale, rt, loc);
}

// np.array_equal(a1, a2): numbers compare as ==; arrays of different ndim are never equal,
// others when their shapes and all their items agree.
llvm::Value* FunctionLowering::array_equal(TypedValue x, TypedValue y, SourceLoc loc) {
    if (!x.t->is_array() && !y.t->is_array()) return compare_values(CmpOp::Eq, x.v, x.t, y.v, y.t, loc);
    auto as_array = [&](TypedValue v) -> TypedValue {
        if (v.t->is_array()) return v;
        const Type* t = types::array(v.t, 0, types::Layout::C);
        TypedValue out{allocate_array(t, {}, loc, "np.array_equal()"), t};
        fill_array(out, v.v, v.t, loc);
        return out;
    };
    x = as_array(x);
    y = as_array(y);
    if (x.t->ndim() != y.t->ndim()) return b.getFalse();
    llvm::Value* same_shape = b.getTrue();
    std::vector<llvm::Value*> dims;
    for (unsigned k = 0; k < static_cast<unsigned>(x.t->ndim()); ++k) {
        dims.push_back(array_dim(b, x.v, k));
        same_shape = b.CreateAnd(same_shape, b.CreateICmpEQ(array_dim(b, x.v, k), array_dim(b, y.v, k)));
    }
    llvm::AllocaInst* equal = entry_alloca(b.getInt1Ty(), "eq.all");
    b.CreateStore(same_shape, equal);
    llvm::BasicBlock* compare = new_block("eq.items");
    llvm::BasicBlock* done = new_block("eq.done");
    b.CreateCondBr(same_shape, compare, done);
    b.SetInsertPoint(compare);
    const Type* xt = x.t->dtype();
    const Type* yt = y.t->dtype();
    auto items = [&](llvm::Value* p, llvm::Value* q) {
        llvm::Value* l = from_storage(b, b.CreateLoad(storage_type(mod.ctx, xt), p), xt);
        llvm::Value* r = from_storage(b, b.CreateLoad(storage_type(mod.ctx, yt), q), yt);
        llvm::Value* eq = compare_values(CmpOp::Eq, l, xt, r, yt, loc);
        b.CreateStore(b.CreateAnd(b.CreateLoad(b.getInt1Ty(), equal), eq), equal);
    };
    if (x.t->ndim() == 0)
        items(array_data(b, x.v), array_data(b, y.v));
    else
        elementwise_loop(dims, {x, y}, [&](const std::vector<llvm::Value*>& p) { items(p[0], p[1]); });
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return b.CreateLoad(b.getInt1Ty(), equal);
}

}  // namespace ujit::codegen
