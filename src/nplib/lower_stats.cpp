// Lowering of the library calls typed by nplib/search_typing.cpp that compute values:
// np.median / percentile / quantile and their nan* forms (a float64 scratch copy ordered by
// the runtime, cpu/helper_stats.hpp), np.trace, np.isclose / np.allclose (NumPy's formula,
// broadcast as an array expression's leaves are) and np.bincount.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_stats.hpp"

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

// The items of `a` in C order as float64, in a new scratch array (its data pointer).
llvm::Value* FunctionLowering::float64_copy(TypedValue a, SourceLoc loc, const std::string& what) {
    const Type* f64 = types::float64();
    const Type* dt = a.t->dtype();
    llvm::Value* n = array_size(a.v, a.t);
    llvm::Value* scratch = array_data(b, allocate_array(types::array(f64, 1, types::Layout::C), {n}, loc, what));
    llvm::AllocaInst* k = entry_alloca(b.getInt64Ty(), "f64.k");
    b.CreateStore(b.getInt64(0), k);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* x = convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), p), dt), dt, f64, loc);
        llvm::Value* i = b.CreateLoad(b.getInt64Ty(), k);
        b.CreateStore(x, b.CreateGEP(b.getDoubleTy(), scratch, i));
        b.CreateStore(b.CreateAdd(i, b.getInt64(1)), k);
    });
    return scratch;
}

// np.median(a), np.percentile(a, q), np.quantile(a, q): q a number or an array of them
// (percentiles in [0, 100], quantiles in [0, 1], else ValueError as Numba's).
llvm::Value* FunctionLowering::quantile(BuiltinId id, TypedValue a, TypedValue q, const Type* rt, SourceLoc loc) {
    const bool skip_nan =
        id == BuiltinId::NpNanmedian || id == BuiltinId::NpNanpercentile || id == BuiltinId::NpNanquantile;
    const bool median = id == BuiltinId::NpMedian || id == BuiltinId::NpNanmedian;
    const bool percent = id == BuiltinId::NpPercentile || id == BuiltinId::NpNanpercentile;
    const std::string what = types::builtin_name(id) + std::string("()");
    const Type* f64 = types::float64();
    llvm::Value* n = array_size(a.v, a.t);
    llvm::Value* scratch = float64_copy(a, loc, what);
    int32_t flags = (skip_nan ? cpu::kQuantileSkipNan : 0) | (median ? cpu::kQuantileMedian : 0);
    llvm::FunctionCallee f = runtime_call("ujit_rt_quantile", b.getDoubleTy(),
                                          {b.getPtrTy(), b.getInt64Ty(), b.getDoubleTy(), b.getInt32Ty()});
    auto one = [&](llvm::Value* qv) -> llvm::Value* {
        if (!median) {
            llvm::Value* top = llvm::ConstantFP::get(b.getDoubleTy(), percent ? 100.0 : 1.0);
            llvm::Value* ok =
                b.CreateAnd(b.CreateFCmpOGE(qv, llvm::ConstantFP::get(b.getDoubleTy(), 0.0)), b.CreateFCmpOLE(qv, top));
            raise_if(b.CreateNot(ok), "ValueError",
                     percent ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]",
                     loc);
            if (percent) qv = b.CreateFDiv(qv, top);
        }
        return b.CreateCall(f, {scratch, n, qv ? qv : llvm::ConstantFP::get(b.getDoubleTy(), 0.5), b.getInt32(flags)});
    };
    if (median) return convert_or_fail(one(nullptr), f64, rt, loc);
    if (!q.t->is_array()) return one(q.v);
    std::vector<llvm::Value*> dims;
    for (int j = 0; j < q.t->ndim(); ++j) dims.push_back(array_dim(b, q.v, static_cast<unsigned>(j)));
    TypedValue out{allocate_array(rt, dims, loc, what), rt};
    const Type* qt = q.t->dtype();
    elementwise_loop(dims, {q, out}, [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* qv =
            convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, qt), p[0]), qt), qt, f64, loc);
        b.CreateStore(one(qv), p[1]);
    });
    return out.v;
}

// np.trace(a, offset): the sum of a[i, i + offset], in the sum's dtype.
llvm::Value* FunctionLowering::trace(TypedValue a, llvm::Value* offset, const Type* rt, SourceLoc loc) {
    llvm::Value* rows = array_dim(b, a.v, 0);
    llvm::Value* cols = array_dim(b, a.v, 1);
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* above = b.CreateICmpSGE(offset, zero);
    llvm::Value* row0 = b.CreateSelect(above, zero, b.CreateNeg(offset));
    llvm::Value* col0 = b.CreateSelect(above, offset, zero);
    llvm::Value* r = b.CreateSub(rows, row0);
    llvm::Value* c = b.CreateSub(cols, col0);
    llvm::Value* count = b.CreateSelect(b.CreateICmpSLT(r, c), r, c);
    count = b.CreateSelect(b.CreateICmpSLT(count, zero), zero, count);
    llvm::Value* step = b.CreateAdd(array_stride(b, a.v, 0), array_stride(b, a.v, 1));
    llvm::Value* start = b.CreateGEP(
        b.getInt8Ty(), array_data(b, a.v),
        b.CreateAdd(b.CreateMul(row0, array_stride(b, a.v, 0)), b.CreateMul(col0, array_stride(b, a.v, 1))));
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, rt), "trace.acc");
    b.CreateStore(zero_value(b, rt), acc);
    counted_range(count, [&](llvm::Value* i) {
        llvm::Value* v = lane_element(start, step, i, a.t->dtype(), rt, loc);
        b.CreateStore(ufunc_binary(BinOp::Add, b.CreateLoad(acc->getAllocatedType(), acc), v, rt, loc), acc);
    });
    return b.CreateLoad(acc->getAllocatedType(), acc);
}

// np.isclose(a, b, rtol, atol, equal_nan) elementwise, as NumPy's: |a - b| <= atol + rtol * |b|
// where both are finite, a == b otherwise (infinities of one sign), NaNs equal only with
// equal_nan; np.allclose: all of them.
llvm::Value* FunctionLowering::isclose(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                       SourceLoc loc) {
    const Type* f64 = types::float64();
    llvm::Value* rtol = args[2].v ? args[2].v : llvm::ConstantFP::get(b.getDoubleTy(), 1e-05);
    llvm::Value* atol = args[3].v ? args[3].v : llvm::ConstantFP::get(b.getDoubleTy(), 1e-08);
    llvm::Value* equal_nan = args[4].v ? args[4].v : b.getFalse();
    auto close = [&](llvm::Value* x, llvm::Value* y) -> llvm::Value* {
        auto finite = [&](llvm::Value* v) {
            return b.CreateFCmpOLT(intrinsic(b, llvm::Intrinsic::fabs, {v}),
                                   llvm::ConstantFP::getInfinity(b.getDoubleTy()));
        };
        llvm::Value* tol = b.CreateFAdd(atol, b.CreateFMul(rtol, intrinsic(b, llvm::Intrinsic::fabs, {y})));
        llvm::Value* within = b.CreateFCmpOLE(intrinsic(b, llvm::Intrinsic::fabs, {b.CreateFSub(x, y)}), tol);
        llvm::Value* both_finite = b.CreateAnd(finite(x), finite(y));
        llvm::Value* r = b.CreateSelect(both_finite, within, b.CreateFCmpOEQ(x, y));
        llvm::Value* both_nan = b.CreateAnd(b.CreateFCmpUNO(x, x), b.CreateFCmpUNO(y, y));
        return b.CreateOr(r, b.CreateAnd(equal_nan, both_nan));
    };
    auto element = [&](const TypedValue& v, llvm::Value* p) {
        const Type* t = v.t->is_array() ? v.t->dtype() : v.t;
        llvm::Value* x = p ? from_storage(b, b.CreateLoad(storage_type(mod.ctx, t), p), t) : v.v;
        return convert_or_fail(x, t, f64, loc);
    };
    if (!args[0].t->is_array() && !args[1].t->is_array())
        return close(element(args[0], nullptr), element(args[1], nullptr));
    // The array operands broadcast together, as an array expression's leaves.
    std::vector<std::unique_ptr<nplib::ArrayExpr>> nodes;
    std::vector<nplib::ArrayExpr*> leaves;
    int ndim = 0;
    for (int i = 0; i < 2; ++i) {
        if (!args[i].t->is_array()) continue;
        nodes.push_back(std::make_unique<nplib::ArrayExpr>());
        nodes.back()->kind = nplib::ArrayExpr::Kind::Array;
        nodes.back()->type = args[i].t;
        nodes.back()->value = args[i].v;
        nodes.back()->loc = loc;
        leaves.push_back(nodes.back().get());
        ndim = std::max(ndim, args[i].t->ndim());
    }
    std::vector<llvm::Value*> dims = broadcast_shape(leaves, ndim);
    std::vector<TypedValue> views = leaf_views(leaves, dims, loc, /*into=*/false);
    auto pair = [&](const std::vector<llvm::Value*>& p) {
        size_t next = 0;
        llvm::Value* x = args[0].t->is_array() ? element(args[0], p[next++]) : element(args[0], nullptr);
        llvm::Value* y = args[1].t->is_array() ? element(args[1], p[next++]) : element(args[1], nullptr);
        return close(x, y);
    };
    if (id == BuiltinId::NpIsclose) {
        TypedValue out{allocate_array(rt, dims, loc, "np.isclose()"), rt};
        views.push_back(out);
        elementwise_loop(dims, views, [&](const std::vector<llvm::Value*>& p) {
            b.CreateStore(to_storage(b, pair(p), types::boolean()), p.back());
        });
        return out.v;
    }
    llvm::AllocaInst* all = entry_alloca(b.getInt1Ty(), "allclose");
    b.CreateStore(b.getTrue(), all);
    elementwise_loop(dims, views, [&](const std::vector<llvm::Value*>& p) {
        b.CreateStore(b.CreateAnd(b.CreateLoad(b.getInt1Ty(), all), pair(p)), all);
    });
    return b.CreateLoad(b.getInt1Ty(), all);
}

// np.bincount(x, weights, minlength): how often each value 0..max(x) occurs (or the sum of
// its weights), at least minlength of them; Numba's ValueErrors for negative values, a
// negative minlength and weights of another length.
llvm::Value* FunctionLowering::bincount(TypedValue x, TypedValue w, llvm::Value* minlength, const Type* rt,
                                        SourceLoc loc) {
    raise_if(b.CreateICmpSLT(minlength, b.getInt64(0)), "ValueError", "'minlength' must not be negative", loc);
    const Type* xt = x.t->dtype();
    llvm::Value* n = array_dim(b, x.v, 0);
    llvm::Value* stride = array_stride(b, x.v, 0);
    if (w.v)
        raise_if(b.CreateICmpNE(array_dim(b, w.v, 0), n), "ValueError",
                 "bincount(): weights and list don't have the same length", loc);
    llvm::AllocaInst* top = entry_alloca(b.getInt64Ty(), "bc.len");
    b.CreateStore(minlength, top);
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* v = lane_element(array_data(b, x.v), stride, i, xt, types::int64(), loc);
        if (xt->is_signed())
            raise_if(b.CreateICmpSLT(v, b.getInt64(0)), "ValueError", "bincount(): first argument must be non-negative",
                     loc);
        llvm::Value* len = b.CreateAdd(v, b.getInt64(1));
        llvm::Value* cur = b.CreateLoad(b.getInt64Ty(), top);
        b.CreateStore(b.CreateSelect(b.CreateICmpUGT(len, cur), len, cur), top);
    });
    llvm::Value* len = b.CreateLoad(b.getInt64Ty(), top);
    TypedValue out{allocate_array(rt, {len}, loc, "np.bincount()"), rt};
    const Type* et = rt->dtype();
    fill_array(out, zero_value(b, et), et, loc);
    llvm::Type* st = storage_type(mod.ctx, et);
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* v = lane_element(array_data(b, x.v), stride, i, xt, types::int64(), loc);
        llvm::Value* p = b.CreateGEP(st, array_data(b, out.v), v);
        llvm::Value* add =
            w.v ? lane_element(array_data(b, w.v), array_stride(b, w.v, 0), i, w.t->dtype(), et, loc) : b.getInt64(1);
        b.CreateStore(ufunc_binary(BinOp::Add, from_storage(b, b.CreateLoad(st, p), et), add, et, loc), p);
    });
    return out.v;
}

// np.interp(x, xp, fp): NumPy's piecewise-linear interpolation (the runtime's, on float64
// copies of xp and fp); Numba's ValueErrors for sample arrays that are empty or differ in size.
llvm::Value* FunctionLowering::interp(TypedValue x, TypedValue xp, TypedValue fp, const Type* rt, SourceLoc loc) {
    llvm::Value* n = array_dim(b, xp.v, 0);
    raise_if(b.CreateICmpNE(n, array_dim(b, fp.v, 0)), "ValueError", "fp and xp are not of the same size.", loc);
    raise_if(b.CreateICmpEQ(n, b.getInt64(0)), "ValueError", "array of sample points is empty", loc);
    llvm::Value* xs = float64_copy(xp, loc, "np.interp()");
    llvm::Value* fs = float64_copy(fp, loc, "np.interp()");
    llvm::FunctionCallee f =
        runtime_call("ujit_rt_interp", b.getDoubleTy(), {b.getDoubleTy(), b.getPtrTy(), b.getPtrTy(), b.getInt64Ty()});
    if (!x.t->is_array()) return b.CreateCall(f, {x.v, xs, fs, n});
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < x.t->ndim(); ++k) dims.push_back(array_dim(b, x.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, dims, loc, "np.interp()"), rt};
    const Type* xt = x.t->dtype();
    elementwise_loop(dims, {x, out}, [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* v = convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, xt), p[0]), xt), xt,
                                         types::float64(), loc);
        b.CreateStore(b.CreateCall(f, {v, xs, fs, n}), p[1]);
    });
    return out.v;
}

// np.convolve(a, v): out[k] = sum over i of a[i] * v[k - i], len(a) + len(v) - 1 items in the
// promoted dtype; an empty operand is Numba's ValueError.
llvm::Value* FunctionLowering::convolve(TypedValue a, TypedValue v, const Type* rt, SourceLoc loc) {
    llvm::Value* n = array_dim(b, a.v, 0);
    llvm::Value* m = array_dim(b, v.v, 0);
    raise_if(b.CreateICmpEQ(n, b.getInt64(0)), "ValueError", "'a' cannot be empty", loc);
    raise_if(b.CreateICmpEQ(m, b.getInt64(0)), "ValueError", "'v' cannot be empty", loc);
    const Type* et = rt->dtype();
    TypedValue out{allocate_array(rt, {b.CreateSub(b.CreateAdd(n, m), b.getInt64(1))}, loc, "np.convolve()"), rt};
    fill_array(out, zero_value(b, et), et, loc);
    llvm::Type* st = storage_type(mod.ctx, et);
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* ai = lane_element(array_data(b, a.v), array_stride(b, a.v, 0), i, a.t->dtype(), et, loc);
        counted_range(m, [&](llvm::Value* j) {
            llvm::Value* vj = lane_element(array_data(b, v.v), array_stride(b, v.v, 0), j, v.t->dtype(), et, loc);
            llvm::Value* p = b.CreateGEP(st, array_data(b, out.v), b.CreateAdd(i, j));
            llvm::Value* sum = ufunc_binary(BinOp::Add, from_storage(b, b.CreateLoad(st, p), et),
                                            ufunc_binary(BinOp::Mul, ai, vj, et, loc), et, loc);
            b.CreateStore(to_storage(b, sum, et), p);
        });
    });
    return out.v;
}

}  // namespace ujit::codegen
