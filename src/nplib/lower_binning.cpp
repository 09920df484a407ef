// Lowering of nplib6's binning and integration calls (typed by nplib/summary_typing.cpp):
// np.histogram and np.digitize (float64 copies handed to cpu/helper_binning), np.correlate
// ('valid' mode), np.trapz / np.trapezoid along the last axis, np.cross of 2- and
// 3-vectors with the other axes broadcast.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_binning.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

// np.histogram(a, bins, range): (counts, edges). Numba's messages for bad bins and ranges;
// NumPy's values (an empty array or one of equal items gets NumPy's range).
llvm::Value* FunctionLowering::histogram(TypedValue a, TypedValue bins, TypedValue range, const Type* rt,
                                         SourceLoc loc) {
    const std::string what = "np.histogram()";
    const Type* counts_t = rt->elements()[0];
    const Type* edges_t = rt->elements()[1];
    llvm::Value* n = array_size(a.v, a.t);
    llvm::Value* data = float64_copy(a, loc, what);
    llvm::Value* counts = nullptr;
    llvm::Value* edges = nullptr;
    llvm::Value* status = nullptr;
    if (bins.t && bins.t->is_array()) {
        llvm::Value* m = array_dim(b, bins.v, 0);
        raise_if(b.CreateICmpEQ(m, b.getInt64(0)), "ValueError", "histogram(): bins must not be empty", loc);
        llvm::Value* edge_values = float64_copy(bins, loc, what);
        counts = allocate_array(counts_t, {b.CreateSub(m, b.getInt64(1))}, loc, what);
        fill_array({counts, counts_t}, b.getInt64(0), types::int64(), loc);
        llvm::FunctionCallee f =
            runtime_call("ujit_rt_histogram_edges", b.getInt32Ty(),
                         {b.getPtrTy(), b.getInt64Ty(), b.getPtrTy(), b.getInt64Ty(), b.getPtrTy()});
        status = b.CreateCall(f, {data, n, edge_values, m, array_data(b, counts)});
        edges = allocate_array(edges_t, {m}, loc, what);
        copy_array({edges, edges_t}, bins, loc);
    } else {
        llvm::Value* nb = bins.v ? bins.v : b.getInt64(10);
        raise_if(b.CreateICmpSLE(nb, b.getInt64(0)), "ValueError", "histogram(): `bins` should be a positive integer",
                 loc);
        llvm::Value* lo = llvm::ConstantFP::get(b.getDoubleTy(), 0.0);
        llvm::Value* hi = lo;
        if (range.t) {
            const Type* f64 = types::float64();
            const Type* lt = range.t->elements()[0];
            const Type* ht = range.t->elements()[1];
            lo = convert_or_fail(b.CreateExtractValue(range.v, 0), lt, f64, loc);
            hi = convert_or_fail(b.CreateExtractValue(range.v, 1), ht, f64, loc);
            raise_if(b.CreateNot(b.CreateFCmpOLE(lo, hi)), "ValueError",
                     "histogram(): max must be larger than min in range parameter", loc);
        }
        counts = allocate_array(counts_t, {nb}, loc, what);
        fill_array({counts, counts_t}, b.getInt64(0), types::int64(), loc);
        edges = allocate_array(edges_t, {b.CreateAdd(nb, b.getInt64(1))}, loc, what);
        llvm::FunctionCallee f = runtime_call("ujit_rt_histogram_uniform", b.getInt32Ty(),
                                              {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getInt32Ty(),
                                               b.getDoubleTy(), b.getDoubleTy(), b.getPtrTy(), b.getPtrTy()});
        status = b.CreateCall(
            f, {data, n, nb, b.getInt32(range.t ? 1 : 0), lo, hi, array_data(b, counts), array_data(b, edges)});
    }
    raise_if(b.CreateICmpEQ(status, b.getInt32(cpu::kHistogramNotFinite)), "ValueError",
             range.t ? "supplied range of histogram() is not finite"
                     : "autodetected range of histogram() is not finite",
             loc);
    raise_if(b.CreateICmpEQ(status, b.getInt32(cpu::kHistogramNotMonotonic)), "ValueError",
             "histogram(): bins must increase monotonically", loc);
    llvm::Value* tup = llvm::UndefValue::get(value_type(mod.ctx, rt));
    tup = b.CreateInsertValue(tup, counts, 0);
    return b.CreateInsertValue(tup, edges, 1);
}

// np.digitize(x, bins, right): Numba's ValueError for bins neither increasing nor decreasing.
llvm::Value* FunctionLowering::digitize(TypedValue x, TypedValue bins, llvm::Value* right, const Type* rt,
                                        SourceLoc loc) {
    llvm::Value* m = array_dim(b, bins.v, 0);
    llvm::Value* edges = float64_copy(bins, loc, "np.digitize()");
    llvm::FunctionCallee mono_f = runtime_call("ujit_rt_monotonicity", b.getInt32Ty(), {b.getPtrTy(), b.getInt64Ty()});
    llvm::Value* mono = b.CreateCall(mono_f, {edges, m});
    raise_if(b.CreateICmpEQ(mono, b.getInt32(0)), "ValueError", "bins must be monotonically increasing or decreasing",
             loc);
    llvm::Value* flags = right ? b.CreateZExt(right, b.getInt32Ty()) : b.getInt32(0);
    llvm::FunctionCallee f =
        runtime_call("ujit_rt_digitize", b.getInt64Ty(),
                     {b.getDoubleTy(), b.getPtrTy(), b.getInt64Ty(), b.getInt32Ty(), b.getInt32Ty()});
    if (!x.t->is_array()) return b.CreateCall(f, {x.v, edges, m, mono, flags});
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < x.t->ndim(); ++k) dims.push_back(array_dim(b, x.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, dims, loc, "np.digitize()"), rt};
    const Type* xt = x.t->dtype();
    auto one = [&](llvm::Value* p, llvm::Value* q) {
        llvm::Value* v =
            convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, xt), p), xt), xt, types::float64(), loc);
        b.CreateStore(b.CreateCall(f, {v, edges, m, mono, flags}), q);
    };
    if (x.t->ndim() == 0)
        one(array_data(b, x.v), array_data(b, out.v));
    else
        elementwise_loop(dims, {x, out}, [&](const std::vector<llvm::Value*>& p) { one(p[0], p[1]); });
    return out.v;
}

// The complex conjugate of `v` (type t); other numbers are their own.
llvm::Value* FunctionLowering::conjugate(llvm::Value* v, const Type* t) {
    if (!t->is_complex()) return v;
    return b.CreateInsertValue(v, b.CreateFNeg(b.CreateExtractValue(v, 1)), 1);
}

// np.correlate(a, v), NumPy's 'valid' mode: out[j] = sum over i of a[i + k] * conj(v[i]),
// k = j + min(0, len(a) - len(v)), over the i where both exist.
llvm::Value* FunctionLowering::correlate(TypedValue a, TypedValue v, const Type* rt, SourceLoc loc) {
    llvm::Value* n = array_dim(b, a.v, 0);
    llvm::Value* m = array_dim(b, v.v, 0);
    raise_if(b.CreateICmpEQ(n, b.getInt64(0)), "ValueError", "'a' cannot be empty", loc);
    raise_if(b.CreateICmpEQ(m, b.getInt64(0)), "ValueError", "'v' cannot be empty", loc);
    const Type* et = rt->dtype();
    llvm::Value* shift = b.CreateSub(n, m);
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* negative = b.CreateICmpSLT(shift, zero);
    llvm::Value* kmin = b.CreateSelect(negative, shift, zero);
    llvm::Value* len = b.CreateAdd(b.CreateSelect(negative, b.CreateNeg(shift), shift), b.getInt64(1));
    TypedValue out{allocate_array(rt, {len}, loc, "np.correlate()"), rt};
    llvm::Type* st = storage_type(mod.ctx, et);
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, et), "corr.acc");
    counted_range(len, [&](llvm::Value* j) {
        llvm::Value* k = b.CreateAdd(j, kmin);
        // i in [max(0, -k), min(m, n - k))
        llvm::Value* first = b.CreateSelect(b.CreateICmpSLT(k, zero), b.CreateNeg(k), zero);
        llvm::Value* stop = b.CreateSub(n, k);
        stop = b.CreateSelect(b.CreateICmpSLT(m, stop), m, stop);
        b.CreateStore(zero_value(b, et), acc);
        counted_range(b.CreateSub(stop, first), [&](llvm::Value* t) {
            llvm::Value* i = b.CreateAdd(first, t);
            llvm::Value* ai =
                lane_element(array_data(b, a.v), array_stride(b, a.v, 0), b.CreateAdd(i, k), a.t->dtype(), et, loc);
            llvm::Value* vi = lane_element(array_data(b, v.v), array_stride(b, v.v, 0), i, v.t->dtype(), et, loc);
            llvm::Value* prod = ufunc_binary(BinOp::Mul, ai, conjugate(vi, et), et, loc);
            b.CreateStore(ufunc_binary(BinOp::Add, b.CreateLoad(acc->getAllocatedType(), acc), prod, et, loc), acc);
        });
        b.CreateStore(to_storage(b, b.CreateLoad(acc->getAllocatedType(), acc), et),
                      b.CreateGEP(st, array_data(b, out.v), j));
    });
    return out.v;
}

// np.trapz(y, x, dx) / np.trapezoid: sum of d[i] * (y[i] + y[i + 1]) / 2 along the last axis,
// d the differences of x (1-D: shared by every lane; else x's own lane) or dx.
llvm::Value* FunctionLowering::trapezoid(TypedValue y, TypedValue x, llvm::Value* dx, const Type* rt, SourceLoc loc) {
    const int nd = y.t->ndim();
    const unsigned last = static_cast<unsigned>(nd - 1);
    const Type* et = rt->is_array() ? rt->dtype() : rt;
    const Type* f64 = types::float64();
    if (!dx) dx = llvm::ConstantFP::get(b.getDoubleTy(), 1.0);
    llvm::Value* n = array_dim(b, y.v, last);
    const bool shared_x = x.t && x.t->ndim() == 1;
    if (shared_x)
        raise_if(b.CreateICmpNE(array_dim(b, x.v, 0), n), "ValueError",
                 "operands could not be broadcast together (x and y differ in length along the last axis)", loc);
    if (x.t && !shared_x) {
        llvm::Value* differs = b.getFalse();
        for (unsigned k = 0; k < static_cast<unsigned>(nd); ++k)
            differs = b.CreateOr(differs, b.CreateICmpNE(array_dim(b, x.v, k), array_dim(b, y.v, k)));
        raise_if(differs, "ValueError", "operands could not be broadcast together (x and y differ in shape)", loc);
    }
    llvm::Value* half = convert_or_fail(llvm::ConstantFP::get(b.getDoubleTy(), 0.5), f64, et, loc);
    auto lane_sum = [&](llvm::Value* ys, llvm::Value* ystride, llvm::Value* xs, llvm::Value* xstride) {
        llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, et), "trapz.acc");
        b.CreateStore(zero_value(b, et), acc);
        llvm::Value* steps = b.CreateSub(n, b.getInt64(1));
        steps = b.CreateSelect(b.CreateICmpSLT(steps, b.getInt64(0)), b.getInt64(0), steps);
        counted_range(steps, [&](llvm::Value* i) {
            llvm::Value* next = b.CreateAdd(i, b.getInt64(1));
            llvm::Value* d = dx;
            if (xs)
                d = b.CreateFSub(lane_element(xs, xstride, next, x.t->dtype(), f64, loc),
                                 lane_element(xs, xstride, i, x.t->dtype(), f64, loc));
            llvm::Value* pair = ufunc_binary(BinOp::Add, lane_element(ys, ystride, i, y.t->dtype(), et, loc),
                                             lane_element(ys, ystride, next, y.t->dtype(), et, loc), et, loc);
            llvm::Value* term = ufunc_binary(BinOp::Mul, convert_or_fail(d, f64, et, loc),
                                             ufunc_binary(BinOp::Mul, pair, half, et, loc), et, loc);
            b.CreateStore(ufunc_binary(BinOp::Add, b.CreateLoad(acc->getAllocatedType(), acc), term, et, loc), acc);
        });
        return b.CreateLoad(acc->getAllocatedType(), acc);
    };
    llvm::Value* xs0 = x.t ? array_data(b, x.v) : nullptr;
    llvm::Value* xstride0 = x.t ? array_stride(b, x.v, x.t->ndim() - 1) : nullptr;
    if (nd == 1) return lane_sum(array_data(b, y.v), array_stride(b, y.v, 0), xs0, xstride0);
    std::vector<llvm::Value*> dims;
    for (unsigned k = 0; k < last; ++k) dims.push_back(array_dim(b, y.v, k));
    TypedValue out{allocate_array(rt, dims, loc, types::builtin_name(BuiltinId::NpTrapz) + std::string("()")), rt};
    std::vector<TypedValue> arrays{y};
    if (x.t && !shared_x) arrays.push_back(x);
    llvm::Type* st = storage_type(mod.ctx, et);
    for_each_lane(arrays, b.getInt64(last),
                  [&](const std::vector<llvm::Value*>& start, const std::vector<llvm::Value*>& stride, llvm::Value*,
                      llvm::Value* lane) {
                      llvm::Value* s = shared_x || !x.t ? lane_sum(start[0], stride[0], xs0, xstride0)
                                                        : lane_sum(start[0], stride[0], start[1], stride[1]);
                      b.CreateStore(to_storage(b, s, et), b.CreateGEP(st, array_data(b, out.v), lane));
                  });
    return out.v;
}

// np.cross(a, b): a and b hold vectors of 2 or 3 components along their last axis (a missing
// third one is 0), the other axes broadcast; the result holds 3-vectors (Numba sends two
// 2-vector inputs to numba.np.extensions.cross2d).
llvm::Value* FunctionLowering::cross(TypedValue x, TypedValue y, const Type* rt, SourceLoc loc) {
    const Type* et = rt->dtype();
    llvm::Value* xn = array_dim(b, x.v, static_cast<unsigned>(x.t->ndim() - 1));
    llvm::Value* yn = array_dim(b, y.v, static_cast<unsigned>(y.t->ndim() - 1));
    auto bad = [&](llvm::Value* c) {
        return b.CreateAnd(b.CreateICmpNE(c, b.getInt64(2)), b.CreateICmpNE(c, b.getInt64(3)));
    };
    raise_if(b.CreateOr(bad(xn), bad(yn)), "ValueError",
             "Incompatible dimensions for cross product\n(dimension must be 2 or 3)", loc);
    raise_if(b.CreateAnd(b.CreateICmpEQ(xn, b.getInt64(2)), b.CreateICmpEQ(yn, b.getInt64(2))), "ValueError",
             "Dimensions for both inputs is 2.\nPlease replace your numpy.cross(a, b) call with "
             "numba.numpy_extensions.cross2d(a, b).",
             loc);
    // The vectors' arrays without their last axis, broadcast as an array expression's leaves.
    const int nd = rt->ndim() - 1;
    std::vector<std::unique_ptr<nplib::ArrayExpr>> nodes;
    std::vector<nplib::ArrayExpr*> leaves;
    for (const TypedValue* in : {&x, &y}) {
        const int ind = in->t->ndim() - 1;
        std::vector<llvm::Value*> dims, strides;
        for (unsigned k = 0; k < static_cast<unsigned>(ind); ++k) {
            dims.push_back(array_dim(b, in->v, k));
            strides.push_back(array_stride(b, in->v, k));
        }
        const Type* vt = types::array(in->t->dtype(), ind, types::Layout::A);
        nodes.push_back(std::make_unique<nplib::ArrayExpr>());
        nodes.back()->kind = nplib::ArrayExpr::Kind::Array;
        nodes.back()->type = vt;
        nodes.back()->value = make_view(b, in->v, vt, array_data(b, in->v), dims, strides);
        nodes.back()->loc = loc;
        leaves.push_back(nodes.back().get());
    }
    std::vector<llvm::Value*> dims = nd > 0 ? broadcast_shape(leaves, nd) : std::vector<llvm::Value*>{};
    std::vector<llvm::Value*> out_dims = dims;
    out_dims.push_back(b.getInt64(3));
    TypedValue out{allocate_array(rt, out_dims, loc, "np.cross()"), rt};
    llvm::Value* xs = array_stride(b, x.v, static_cast<unsigned>(x.t->ndim() - 1));
    llvm::Value* ys = array_stride(b, y.v, static_cast<unsigned>(y.t->ndim() - 1));
    llvm::Type* st = storage_type(mod.ctx, et);
    auto one = [&](llvm::Value* xp, llvm::Value* yp, llvm::Value* op) {
        auto component = [&](llvm::Value* p, llvm::Value* stride, llvm::Value* count, const Type* dt, int i) {
            if (i < 2) return lane_element(p, stride, b.getInt64(i), dt, et, loc);
            // The third component of a 2-vector is 0 (the load stays in bounds: index 0).
            llvm::Value* three = b.CreateICmpEQ(count, b.getInt64(3));
            llvm::Value* v = lane_element(p, stride, b.CreateSelect(three, b.getInt64(2), b.getInt64(0)), dt, et, loc);
            return b.CreateSelect(three, v, zero_value(b, et));
        };
        llvm::Value* a[3];
        llvm::Value* c[3];
        for (int i = 0; i < 3; ++i) {
            a[i] = component(xp, xs, xn, x.t->dtype(), i);
            c[i] = component(yp, ys, yn, y.t->dtype(), i);
        }
        for (int i = 0; i < 3; ++i) {
            int j = (i + 1) % 3, k = (i + 2) % 3;
            llvm::Value* v = ufunc_binary(BinOp::Sub, ufunc_binary(BinOp::Mul, a[j], c[k], et, loc),
                                          ufunc_binary(BinOp::Mul, a[k], c[j], et, loc), et, loc);
            b.CreateStore(to_storage(b, v, et), b.CreateGEP(st, op, b.getInt64(i)));
        }
    };
    if (nd == 0) {
        one(array_data(b, x.v), array_data(b, y.v), array_data(b, out.v));
        return out.v;
    }
    std::vector<TypedValue> views = leaf_views(leaves, dims, loc, /*into=*/false);
    std::vector<llvm::Value*> out_strides;
    for (unsigned k = 0; k < static_cast<unsigned>(nd); ++k) out_strides.push_back(array_stride(b, out.v, k));
    const Type* ot = types::array(et, nd, types::Layout::A);
    views.push_back({make_view(b, out.v, ot, array_data(b, out.v), dims, out_strides), ot});
    elementwise_loop(dims, views, [&](const std::vector<llvm::Value*>& p) { one(p[0], p[1], p[2]); });
    return out.v;
}

}  // namespace ujit::codegen
