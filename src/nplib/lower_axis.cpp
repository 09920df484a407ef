// Reductions and running sums along one axis (np.sum(a, axis), a.argmax(axis=1),
// np.cumsum(a, axis)), as Numba's array_sum / _numpy_cumsum_axis /
// build_argmax_or_argmin_with_axis_impl: the axis is a run-time value, so each array is split
// into the lanes along it (a view of the other dimensions, one lane per element of it).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using namespace syntax;
using nplib::Reduction;
using types::Type;

// The axis in [0, ndim) (a negative one counts from the end), after Numba's check: sum raises
// NumPy's AxisError, cumsum a ValueError of the same words, argmin/argmax "axis is out of bounds".
llvm::Value* FunctionLowering::normalize_axis(llvm::Value* axis, int ndim, AxisCheck style, SourceLoc loc) {
    llvm::Value* n = b.getInt64(ndim);
    llvm::Value* at = b.CreateSelect(b.CreateICmpSLT(axis, b.getInt64(0)), b.CreateAdd(axis, n), axis);
    llvm::Value* bad = b.CreateOr(b.CreateICmpSLT(at, b.getInt64(0)), b.CreateICmpSGE(at, n));
    if (style == AxisCheck::Argextreme)
        raise_if(bad, "ValueError", "axis is out of bounds", loc);
    else
        check_error_values(bad, int(RuntimeError::AxisOutOfBounds), loc,
                           {axis, n, b.getInt64(style == AxisCheck::AxisError ? 1 : 0)});
    return at;
}

// body(lane start of each array, lane stride of each, lane length, lane number) for every
// lane along `axis` (normalized) of `arrays`, all of one shape, the lanes in C order of the
// other dimensions.
void FunctionLowering::for_each_lane(const std::vector<TypedValue>& arrays, llvm::Value* axis, const LaneBody& body) {
    const int nd = arrays[0].t->ndim();
    auto pick = [&](const std::function<llvm::Value*(unsigned)>& of, llvm::Value* k) {
        llvm::Value* v = of(0);
        for (int j = 1; j < nd; ++j) v = b.CreateSelect(b.CreateICmpEQ(k, b.getInt64(j)), of(unsigned(j)), v);
        return v;
    };
    llvm::Value* first = arrays[0].v;
    llvm::Value* n = pick([&](unsigned k) { return array_dim(b, first, k); }, axis);
    // The other dimensions: j keeps dimension j before the axis and j + 1 from it on.
    std::vector<llvm::Value*> dims;
    for (int j = 0; j + 1 < nd; ++j)
        dims.push_back(b.CreateSelect(b.CreateICmpSLT(b.getInt64(j), axis), array_dim(b, first, unsigned(j)),
                                      array_dim(b, first, unsigned(j + 1))));
    std::vector<TypedValue> views;
    std::vector<llvm::Value*> lane_strides;
    for (const TypedValue& a : arrays) {
        lane_strides.push_back(pick([&](unsigned k) { return array_stride(b, a.v, k); }, axis));
        std::vector<llvm::Value*> strides;
        for (int j = 0; j + 1 < nd; ++j)
            strides.push_back(b.CreateSelect(b.CreateICmpSLT(b.getInt64(j), axis), array_stride(b, a.v, unsigned(j)),
                                             array_stride(b, a.v, unsigned(j + 1))));
        const Type* vt = types::array(a.t->dtype(), nd - 1, types::Layout::A);
        views.push_back({make_view(b, a.v, vt, array_data(b, a.v), dims, strides), vt});
    }
    llvm::AllocaInst* lane = entry_alloca(b.getInt64Ty(), "lane");
    b.CreateStore(b.getInt64(0), lane);
    elementwise_loop(dims, views, [&](const std::vector<llvm::Value*>& starts) {
        llvm::Value* k = b.CreateLoad(b.getInt64Ty(), lane);
        body(starts, lane_strides, n, k);
        b.CreateStore(b.CreateAdd(k, b.getInt64(1)), lane);
    });
}

// The value at `start` + i * `stride` of an array of `dt`, converted to `to`.
llvm::Value* FunctionLowering::lane_element(llvm::Value* start, llvm::Value* stride, llvm::Value* i, const Type* dt,
                                            const Type* to, SourceLoc loc) {
    llvm::Value* p = b.CreateGEP(b.getInt8Ty(), start, b.CreateMul(i, stride));
    return convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), p), dt), dt, to, loc);
}

// np.sum(a, axis), np.argmin(a, axis), np.argmax(a, axis): a 1-D array gives the lane's
// scalar, others a new C array of the other dimensions.
llvm::Value* FunctionLowering::axis_reduction(Reduction kind, TypedValue a, llvm::Value* axis, const Type* rt,
                                              SourceLoc loc) {
    bool sum = kind == Reduction::Sum;
    bool arg = kind == Reduction::ArgMin || kind == Reduction::ArgMax;
    axis = normalize_axis(axis, a.t->ndim(), arg ? AxisCheck::Argextreme : AxisCheck::AxisError, loc);
    const Type* dt = a.t->dtype();
    const Type* et = rt->is_array() ? rt->dtype() : rt;
    auto reduce_lane = [&](llvm::Value* start, llvm::Value* stride, llvm::Value* n) -> llvm::Value* {
        if (sum) {  // in order along the lane, as Numba's (NumPy's pairwise runs only along contiguous rows)
            llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, et), "sum.acc");
            b.CreateStore(zero_value(b, et), acc);
            counted_range(n, [&](llvm::Value* i) {
                llvm::Value* v = lane_element(start, stride, i, dt, et, loc);
                b.CreateStore(ufunc_binary(BinOp::Add, b.CreateLoad(acc->getAllocatedType(), acc), v, et, loc), acc);
            });
            return b.CreateLoad(acc->getAllocatedType(), acc);
        }
        if (!arg) return lane_reduction(kind, start, stride, n, dt, et, loc);  // nplib4: prod, min, max, mean
        bool is_max = kind == Reduction::ArgMax;
        check_error(b.CreateICmpEQ(n, b.getInt64(0)),
                    int(is_max ? RuntimeError::EmptyArgmax : RuntimeError::EmptyArgmin), loc);
        const Type* vt = arg_extreme_type(dt);
        llvm::AllocaInst* best = entry_alloca(value_type(mod.ctx, vt), "arg.best");
        llvm::AllocaInst* best_at = entry_alloca(b.getInt64Ty(), "arg.at");
        b.CreateStore(arg_extreme_init(is_max, vt), best);
        b.CreateStore(b.getInt64(0), best_at);
        counted_range(n, [&](llvm::Value* i) {
            llvm::Value* cur = b.CreateLoad(best->getAllocatedType(), best);
            llvm::Value* v = lane_element(start, stride, i, dt, vt, loc);
            llvm::Value* take = arg_extreme_takes(is_max, vt, cur, v);
            b.CreateStore(b.CreateSelect(take, v, cur), best);
            b.CreateStore(b.CreateSelect(take, i, b.CreateLoad(b.getInt64Ty(), best_at)), best_at);
        });
        return b.CreateLoad(b.getInt64Ty(), best_at);
    };
    if (a.t->ndim() == 1) return reduce_lane(array_data(b, a.v), array_stride(b, a.v, 0), array_dim(b, a.v, 0));
    std::vector<llvm::Value*> out_shape;  // the array's without the axis
    for (int j = 0; j + 1 < a.t->ndim(); ++j)
        out_shape.push_back(b.CreateSelect(b.CreateICmpSLT(b.getInt64(j), axis), array_dim(b, a.v, unsigned(j)),
                                           array_dim(b, a.v, unsigned(j + 1))));
    llvm::Value* out = allocate_array(rt, out_shape, loc, "a reduction along an axis");
    llvm::Value* data = array_data(b, out);
    for_each_lane({a}, axis,
                  [&](const std::vector<llvm::Value*>& start, const std::vector<llvm::Value*>& stride, llvm::Value* n,
                      llvm::Value* lane) {
                      llvm::Value* v = reduce_lane(start[0], stride[0], n);
                      b.CreateStore(to_storage(b, v, et), b.CreateGEP(storage_type(mod.ctx, et), data, lane));
                  });
    return out;
}

// np.cumsum(a, axis): the running sums along each lane, in an array of a's shape (a 1-D
// array's are its flat running sums).
llvm::Value* FunctionLowering::cumulative_axis(TypedValue a, llvm::Value* axis, const Type* rt, SourceLoc loc) {
    axis = normalize_axis(axis, a.t->ndim(), AxisCheck::ValueError, loc);
    if (a.t->ndim() == 1) return cumulative(a, true, rt, loc);
    const Type* dt = a.t->dtype();
    const Type* et = rt->dtype();
    std::vector<llvm::Value*> shape;
    for (int k = 0; k < a.t->ndim(); ++k) shape.push_back(array_dim(b, a.v, unsigned(k)));
    TypedValue out{allocate_array(rt, shape, loc, "np.cumsum()"), rt};
    for_each_lane(
        {a, out}, axis,
        [&](const std::vector<llvm::Value*>& start, const std::vector<llvm::Value*>& stride, llvm::Value* n,
            llvm::Value*) {
            llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, et), "cum.acc");
            b.CreateStore(zero_value(b, et), acc);
            counted_range(n, [&](llvm::Value* i) {
                llvm::Value* v = lane_element(start[0], stride[0], i, dt, et, loc);
                llvm::Value* cur = ufunc_binary(BinOp::Add, b.CreateLoad(acc->getAllocatedType(), acc), v, et, loc);
                b.CreateStore(cur, acc);
                b.CreateStore(to_storage(b, cur, et), b.CreateGEP(b.getInt8Ty(), start[1], b.CreateMul(i, stride[1])));
            });
        });
    return out.v;
}

// prod, min, max or mean of one lane, in the result's dtype `et`, as NumPy's: min and max
// propagate NaN and raise on an empty lane; the mean of none is NaN.
llvm::Value* FunctionLowering::lane_reduction(Reduction kind, llvm::Value* start, llvm::Value* stride, llvm::Value* n,
                                              const Type* dt, const Type* et, SourceLoc loc) {
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, et), "lane.acc");
    llvm::Type* t = acc->getAllocatedType();
    if (kind == Reduction::Min || kind == Reduction::Max) {
        bool is_max = kind == Reduction::Max;
        check_error(b.CreateICmpEQ(n, b.getInt64(0)),
                    int(is_max ? RuntimeError::EmptyMaximum : RuntimeError::EmptyMinimum), loc);
        b.CreateStore(lane_element(start, stride, b.getInt64(0), dt, et, loc), acc);
        counted_range(n, [&](llvm::Value* i) {
            llvm::Value* cur = b.CreateLoad(t, acc);
            llvm::Value* v = lane_element(start, stride, i, dt, et, loc);
            llvm::Value* take = nullptr;
            if (et->is_float())  // a NaN wins, and stays
                take = b.CreateOr(is_max ? b.CreateFCmpOGT(v, cur) : b.CreateFCmpOLT(v, cur), b.CreateFCmpUNO(v, v));
            else if (et->is_bool() || !et->is_signed())
                take = is_max ? b.CreateICmpUGT(v, cur) : b.CreateICmpULT(v, cur);
            else
                take = is_max ? b.CreateICmpSGT(v, cur) : b.CreateICmpSLT(v, cur);
            b.CreateStore(b.CreateSelect(take, v, cur), acc);
        });
        return b.CreateLoad(t, acc);
    }
    const bool prod = kind == Reduction::Prod;
    b.CreateStore(convert_or_fail(b.getInt64(prod ? 1 : 0), types::int64(), et, loc), acc);
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* v = lane_element(start, stride, i, dt, et, loc);
        b.CreateStore(ufunc_binary(prod ? BinOp::Mul : BinOp::Add, b.CreateLoad(t, acc), v, et, loc), acc);
    });
    if (prod) return b.CreateLoad(t, acc);
    return ufunc_binary(BinOp::Div, b.CreateLoad(t, acc), convert_or_fail(n, types::int64(), et, loc), et, loc);
}

// np.sum(a, axis=(i, j, ...)) / a.sum(axis=...): the kept axes in order make the result (a
// number when every axis goes); each item of `a`, in C order, adds into the result element its
// kept indices name. Each axis may count from the end; NumPy's errors for one out of bounds or
// one given twice.
llvm::Value* FunctionLowering::axes_sum(TypedValue a, TypedValue axes, const Type* rt, SourceLoc loc) {
    const int nd = a.t->ndim();
    const Type* dt = a.t->dtype();
    const Type* et = rt->is_array() ? rt->dtype() : rt;
    llvm::Type* st = storage_type(mod.ctx, dt);
    std::vector<llvm::Value*> ax;
    for (unsigned i = 0; i < axes.t->elements().size(); ++i)
        ax.push_back(normalize_axis(b.CreateExtractValue(axes.v, i), nd, AxisCheck::AxisError, loc));
    llvm::Value* repeated = b.getFalse();
    for (size_t i = 0; i < ax.size(); ++i)
        for (size_t j = 0; j < i; ++j) repeated = b.CreateOr(repeated, b.CreateICmpEQ(ax[i], ax[j]));
    raise_if(repeated, "ValueError", "duplicate value in 'axis'", loc);
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, et), "sum.acc");
    if (!rt->is_array()) {  // every axis: the whole array, in C order
        b.CreateStore(zero_value(b, et), acc);
        for_each_element(a, [&](llvm::Value* p) {
            llvm::Value* v = convert_or_fail(from_storage(b, b.CreateLoad(st, p), dt), dt, et, loc);
            b.CreateStore(ufunc_binary(BinOp::Add, b.CreateLoad(acc->getAllocatedType(), acc), v, et, loc), acc);
        });
        return b.CreateLoad(acc->getAllocatedType(), acc);
    }
    // kept[j]: axis j stays; rank[j]: its position in the result.
    std::vector<llvm::Value*> kept, rank;
    llvm::Value* before = b.getInt64(0);
    for (int j = 0; j < nd; ++j) {
        llvm::Value* gone = b.getFalse();
        for (llvm::Value* x : ax) gone = b.CreateOr(gone, b.CreateICmpEQ(x, b.getInt64(j)));
        kept.push_back(b.CreateNot(gone));
        rank.push_back(before);
        before = b.CreateAdd(before, b.CreateZExt(kept.back(), b.getInt64Ty()));
    }
    const int left = rt->ndim();
    auto at_rank = [&](int p, const std::function<llvm::Value*(int)>& of_axis) {
        llvm::Value* v = b.getInt64(0);
        for (int j = 0; j < nd; ++j)
            v = b.CreateSelect(b.CreateAnd(kept[j], b.CreateICmpEQ(rank[j], b.getInt64(p))), of_axis(j), v);
        return v;
    };
    std::vector<llvm::Value*> out_shape;
    for (int p = 0; p < left; ++p)
        out_shape.push_back(at_rank(p, [&](int j) { return array_dim(b, a.v, static_cast<unsigned>(j)); }));
    std::vector<llvm::Value*> out_stride(left);  // in elements, C order
    llvm::Value* size = b.getInt64(1);
    for (int p = left; p-- > 0;) {
        out_stride[p] = size;
        size = b.CreateMul(size, out_shape[p]);
    }
    llvm::Value* out = allocate_array(rt, out_shape, loc, "np.sum() over axes");
    llvm::Type* ost = storage_type(mod.ctx, et);
    llvm::Value* data = array_data(b, out);
    counted_range(
        size, [&](llvm::Value* i) { b.CreateStore(to_storage(b, zero_value(b, et), et), b.CreateGEP(ost, data, i)); });
    std::vector<llvm::Value*> step(nd);  // the result's element stride for each axis of a (0: summed)
    for (int j = 0; j < nd; ++j) {
        llvm::Value* s = b.getInt64(0);
        for (int p = 0; p < left; ++p) s = b.CreateSelect(b.CreateICmpEQ(rank[j], b.getInt64(p)), out_stride[p], s);
        step[j] = b.CreateSelect(kept[j], s, b.getInt64(0));
    }
    for_each_index(a, [&](const std::vector<llvm::Value*>& index, llvm::Value* p) {
        llvm::Value* k = b.getInt64(0);
        for (int j = 0; j < nd; ++j) k = b.CreateAdd(k, b.CreateMul(index[j], step[j]));
        llvm::Value* slot = b.CreateGEP(ost, data, k);
        llvm::Value* v = convert_or_fail(from_storage(b, b.CreateLoad(st, p), dt), dt, et, loc);
        llvm::Value* cur = from_storage(b, b.CreateLoad(ost, slot), et);
        b.CreateStore(to_storage(b, ufunc_binary(BinOp::Add, cur, v, et, loc), et), slot);
    });
    return out;
}

}  // namespace ujit::codegen
