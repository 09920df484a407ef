// Lowering of nplib6's shape helpers (typed by nplib/summary_typing.cpp): np.diag (a new
// array, as Numba's), np.expand_dims and np.atleast_1d / 2d / 3d (views adding unit axes, or
// the array itself when it has enough of them), and the dispatch of every nplib6 call.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::summary_call(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                            SourceLoc loc) {
    switch (id) {
    case BuiltinId::NpHistogram: return histogram(args[0], args[1], args[2], rt, loc);
    case BuiltinId::NpDigitize: return digitize(args[0], args[1], args[2].v, rt, loc);
    case BuiltinId::NpCorrelate: return correlate(args[0], args[1], rt, loc);
    case BuiltinId::NpTrapz:
    case BuiltinId::NpTrapezoid: return trapezoid(args[0], args[1], args[2].v, rt, loc);
    case BuiltinId::NpCross: return cross(args[0], args[1], rt, loc);
    case BuiltinId::NpPtp: return peak_to_peak(args[0], rt, loc);
    case BuiltinId::NpAverage: return average(args[0], args[2], rt, loc);
    case BuiltinId::NpArrayEqual: return array_equal(args[0], args[1], loc);
    case BuiltinId::NpDiag: return diagonal(args[0], args[1].v ? args[1].v : b.getInt64(0), rt, loc);
    case BuiltinId::NpExpandDims: {
        const int nd = args[0].t->ndim();
        // NumPy's AxisError, as a ValueError of the same words (Numba's normalize_axis).
        llvm::Value* axis = args[1].v;
        llvm::Value* at =
            b.CreateSelect(b.CreateICmpSLT(axis, b.getInt64(0)), b.CreateAdd(axis, b.getInt64(nd + 1)), axis);
        raise_if(b.CreateOr(b.CreateICmpSLT(at, b.getInt64(0)), b.CreateICmpSGT(at, b.getInt64(nd))), "ValueError",
                 "np.expand_dims: Argument axis out of bounds", loc);
        return with_unit_axis(args[0], at).v;
    }
    case BuiltinId::NpAtleast1d:
    case BuiltinId::NpAtleast2d:
    case BuiltinId::NpAtleast3d: return at_least(id, args[0], rt);
    default: return nan_reduction(id, args[0], rt, loc);
    }
}

// np.diag(v, k): a 1-D v placed on the k-th diagonal of a new (n + |k|)-square array of zeros;
// the k-th diagonal of a 2-D v copied into a new 1-D array (empty when k is past the edge).
llvm::Value* FunctionLowering::diagonal(TypedValue v, llvm::Value* k, const Type* rt, SourceLoc loc) {
    const Type* et = rt->dtype();
    llvm::Type* st = storage_type(mod.ctx, et);
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* above = b.CreateICmpSGE(k, zero);
    llvm::Value* row0 = b.CreateSelect(above, zero, b.CreateNeg(k));
    llvm::Value* col0 = b.CreateSelect(above, k, zero);
    if (v.t->ndim() == 1) {
        llvm::Value* n = array_dim(b, v.v, 0);
        llvm::Value* side = b.CreateAdd(n, b.CreateSelect(above, k, b.CreateNeg(k)));
        TypedValue out{allocate_array(rt, {side, side}, loc, "np.diag()"), rt};
        fill_array(out, zero_value(b, et), et, loc);
        counted_range(n, [&](llvm::Value* i) {
            llvm::Value* x = lane_element(array_data(b, v.v), array_stride(b, v.v, 0), i, v.t->dtype(), et, loc);
            llvm::Value* at = b.CreateAdd(b.CreateMul(b.CreateAdd(row0, i), side), b.CreateAdd(col0, i));
            b.CreateStore(to_storage(b, x, et), b.CreateGEP(st, array_data(b, out.v), at));
        });
        return out.v;
    }
    llvm::Value* r = b.CreateSub(array_dim(b, v.v, 0), row0);
    llvm::Value* c = b.CreateSub(array_dim(b, v.v, 1), col0);
    llvm::Value* count = b.CreateSelect(b.CreateICmpSLT(r, c), r, c);
    count = b.CreateSelect(b.CreateICmpSLT(count, zero), zero, count);
    TypedValue out{allocate_array(rt, {count}, loc, "np.diag()"), rt};
    llvm::Value* s0 = array_stride(b, v.v, 0);
    llvm::Value* s1 = array_stride(b, v.v, 1);
    llvm::Value* start =
        b.CreateGEP(b.getInt8Ty(), array_data(b, v.v), b.CreateAdd(b.CreateMul(row0, s0), b.CreateMul(col0, s1)));
    counted_range(count, [&](llvm::Value* i) {
        llvm::Value* x = lane_element(start, b.CreateAdd(s0, s1), i, v.t->dtype(), et, loc);
        b.CreateStore(to_storage(b, x, et), b.CreateGEP(st, array_data(b, out.v), i));
    });
    return out.v;
}

// np.repeat(a, repeats) with an array of counts, one for each item of a in C order (a single
// count repeats every item); Numba's ValueErrors for a negative count and a length mismatch.
llvm::Value* FunctionLowering::repeated_each(TypedValue a, TypedValue repeats, const Type* rt, SourceLoc loc) {
    llvm::Value* m = array_dim(b, repeats.v, 0);
    llvm::Value* rdata = array_data(b, repeats.v);
    llvm::Value* rstride = array_stride(b, repeats.v, 0);
    const Type* i64 = types::int64();
    auto count = [&](llvm::Value* i) { return lane_element(rdata, rstride, i, repeats.t->dtype(), i64, loc); };
    llvm::Value* n = array_size(a.v, a.t);
    llvm::Value* single = b.CreateICmpEQ(m, b.getInt64(1));
    raise_if(b.CreateAnd(b.CreateNot(single), b.CreateICmpNE(m, n)), "ValueError",
             "operands could not be broadcast together", loc);
    llvm::AllocaInst* total = entry_alloca(b.getInt64Ty(), "repeat.total");
    b.CreateStore(b.getInt64(0), total);
    counted_range(m, [&](llvm::Value* i) {
        llvm::Value* c = count(i);
        raise_if(b.CreateICmpSLT(c, b.getInt64(0)), "ValueError", "negative dimensions are not allowed", loc);
        b.CreateStore(b.CreateAdd(b.CreateLoad(b.getInt64Ty(), total), c), total);
    });
    llvm::Value* size =
        b.CreateSelect(single, b.CreateMul(n, count(b.getInt64(0))), b.CreateLoad(b.getInt64Ty(), total));
    llvm::Value* out = allocate_array(rt, {size}, loc, "np.repeat()");
    llvm::Type* st = storage_type(mod.ctx, a.t->dtype());
    llvm::AllocaInst* at = entry_alloca(b.getInt64Ty(), "repeat.at");
    llvm::AllocaInst* item = entry_alloca(b.getInt64Ty(), "repeat.item");
    b.CreateStore(b.getInt64(0), at);
    b.CreateStore(b.getInt64(0), item);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* k = b.CreateLoad(b.getInt64Ty(), item);
        llvm::Value* reps = count(b.CreateSelect(single, b.getInt64(0), k));
        llvm::Value* v = b.CreateLoad(st, p);
        llvm::Value* first = b.CreateLoad(b.getInt64Ty(), at);
        counted_range(reps, [&](llvm::Value* r) {
            b.CreateStore(v, b.CreateGEP(st, array_data(b, out), b.CreateAdd(first, r)));
        });
        b.CreateStore(b.CreateAdd(first, reps), at);
        b.CreateStore(b.CreateAdd(k, b.getInt64(1)), item);
    });
    return out;
}

// np.atleast_1d / 2d / 3d(a): NumPy's unit axes for an array with too few: (1,) for 0-d;
// (1, 1), (1, n) for 2d; (1, 1, 1), (1, n, 1), (m, n, 1) for 3d.
llvm::Value* FunctionLowering::at_least(BuiltinId id, TypedValue a, const Type* rt) {
    const int nd = a.t->ndim();
    if (nd >= rt->ndim()) return a.v;
    std::vector<llvm::Value*> dims, strides;
    auto keep = [&](unsigned k) {
        dims.push_back(array_dim(b, a.v, k));
        strides.push_back(array_stride(b, a.v, k));
    };
    auto unit = [&]() {
        dims.push_back(b.getInt64(1));
        strides.push_back(b.getInt64(0));
    };
    if (id == BuiltinId::NpAtleast3d) {
        if (nd == 0) unit();
        if (nd <= 1) unit();
        if (nd == 1) keep(0);
        if (nd == 2) {
            keep(0);
            keep(1);
        }
        unit();
    } else {
        for (int j = nd; j < rt->ndim(); ++j) unit();
        for (unsigned k = 0; k < static_cast<unsigned>(nd); ++k) keep(k);
    }
    return make_view(b, a.v, rt, array_data(b, a.v), dims, strides);
}

}  // namespace ujit::codegen
