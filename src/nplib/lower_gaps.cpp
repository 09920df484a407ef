// Lowering of the calls typed by nplib/gaps_typing.cpp: np.iscomplexobj / isrealobj (constants),
// np.iscomplex / isreal, np.logspace / geomspace (Numba's: 10 ** linspace, geomspace's ends
// set exactly), np.take without an axis, np.broadcast_to, np.swapaxes / moveaxis (views through
// transposed()) and np.fill_diagonal (NumPy's walk of the flat array with one step).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

std::vector<llvm::Value*> tuple_items(llvm::IRBuilder<>& b, TypedValue v) {
    if (!v.t->is_tuple()) return {v.v};
    std::vector<llvm::Value*> out;
    for (unsigned k = 0; k < v.t->elements().size(); ++k) out.push_back(b.CreateExtractValue(v.v, k));
    return out;
}

}  // namespace

llvm::Value* FunctionLowering::gaps_call(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                         SourceLoc loc) {
    switch (id) {
    case BuiltinId::NpIscomplexobj:
    case BuiltinId::NpIsrealobj: {
        const Type* t = args[0].t;
        const bool complex = (t->is_array() ? t->dtype() : t)->is_complex();
        return b.getInt1(complex == (id == BuiltinId::NpIscomplexobj));
    }
    case BuiltinId::NpIscomplex:
    case BuiltinId::NpIsreal: return imag_test(args[0], id == BuiltinId::NpIscomplex, rt, loc);
    case BuiltinId::NpLogspace: return log_spaced(args[0].v, args[1].v, args[2].v, rt, loc);
    case BuiltinId::NpGeomspace: return geom_spaced(args[0].v, args[1].v, args[2].v, rt, loc);
    case BuiltinId::NpTake:
    case BuiltinId::ArrayTake: return taken(args[0], args[1], rt, loc);
    case BuiltinId::NpBroadcastTo: return broadcast_view(args[0], tuple_items(b, args[1]), rt, loc);
    case BuiltinId::NpSwapaxes:
    case BuiltinId::NpMoveaxis: return axes_moved(id, args[0], args[1].v, args[2].v, rt, loc);
    case BuiltinId::NpFillDiagonal: fill_diagonal(args[0], args[1], args[2].v, loc); return nullptr;
    default: break;
    }
    syntax::internal_error(loc, fmt::format("no lowering for {}()", types::builtin_name(id)));
}

// The element at C-order position k (0 <= k < size) of `a`, any layout.
llvm::Value* FunctionLowering::flat_item_pointer(TypedValue a, llvm::Value* k) {
    llvm::Value* offset = b.getInt64(0);
    for (int j = a.t->ndim(); j-- > 0;) {
        llvm::Value* d = array_dim(b, a.v, static_cast<unsigned>(j));
        llvm::Value* i = j == 0 ? k : b.CreateURem(k, d);
        if (j > 0) k = b.CreateUDiv(k, d);
        offset = b.CreateAdd(offset, b.CreateMul(i, array_stride(b, a.v, static_cast<unsigned>(j))));
    }
    return b.CreateGEP(b.getInt8Ty(), array_data(b, a.v), offset);
}

// np.iscomplex(x) / np.isreal(x): x.imag != 0 (== 0); of a real number, false (true).
llvm::Value* FunctionLowering::imag_test(TypedValue x, bool complex_test, const Type* rt, SourceLoc loc) {
    const Type* dt = x.t->is_array() ? x.t->dtype() : x.t;
    auto test = [&](llvm::Value* v) -> llvm::Value* {
        if (!dt->is_complex()) return b.getInt1(!complex_test);
        llvm::Value* im = b.CreateExtractValue(v, 1);
        llvm::Value* zero = llvm::ConstantFP::get(im->getType(), 0.0);
        return complex_test ? b.CreateFCmpUNE(im, zero) : b.CreateFCmpOEQ(im, zero);
    };
    if (!x.t->is_array()) return test(x.v);
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < x.t->ndim(); ++k) dims.push_back(array_dim(b, x.v, static_cast<unsigned>(k)));
    llvm::Value* out = allocate_array(rt, dims, loc, complex_test ? "np.iscomplex()" : "np.isreal()");
    llvm::Type* st = storage_type(mod.ctx, dt);
    elementwise_loop(dims, {x, {out, rt}}, [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* v = from_storage(b, b.CreateLoad(st, p[0]), dt);
        b.CreateStore(to_storage(b, test(v), types::boolean()), p[1]);
    });
    return out;
}

// np.logspace(start, stop, num): 10 ** np.linspace(start, stop, num), Numba's.
llvm::Value* FunctionLowering::log_spaced(llvm::Value* start, llvm::Value* stop, llvm::Value* num, const Type* rt,
                                          SourceLoc loc) {
    if (!num) num = b.getInt64(50);
    llvm::Value* a = allocate_array(rt, {num}, loc, "np.logspace()");
    llvm::Value* data = array_data(b, a);
    llvm::Type* f64 = b.getDoubleTy();
    llvm::Value* div = b.CreateSub(num, b.getInt64(1));
    llvm::Value* step = b.CreateFDiv(b.CreateFSub(stop, start), b.CreateSIToFP(div, f64));
    step = b.CreateSelect(b.CreateICmpSGT(div, b.getInt64(0)), step, llvm::ConstantFP::get(f64, 0.0));
    llvm::Value* ten = llvm::ConstantFP::get(f64, 10.0);
    auto power = [&](llvm::Value* x) { return math(BuiltinId::MathPow, {ten, x}, types::float64(), loc); };
    counted_range(num, [&](llvm::Value* i) {
        llvm::Value* x = b.CreateFAdd(start, b.CreateFMul(b.CreateSIToFP(i, f64), step));
        b.CreateStore(power(x), b.CreateGEP(f64, data, i));
    });
    llvm::BasicBlock* last = new_block("logspace.last");
    llvm::BasicBlock* done = new_block("logspace.done");
    b.CreateCondBr(b.CreateICmpSGT(num, b.getInt64(1)), last, done);
    b.SetInsertPoint(last);
    b.CreateStore(power(stop), b.CreateGEP(f64, data, div));  // linspace's last point is stop itself
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return a;
}

// np.geomspace(start, stop, num): Numba's for real numbers: both negative runs on their
// magnitudes and negates; the ends are start and stop themselves.
llvm::Value* FunctionLowering::geom_spaced(llvm::Value* start, llvm::Value* stop, llvm::Value* num, const Type* rt,
                                           SourceLoc loc) {
    if (!num) num = b.getInt64(50);
    llvm::Type* f64 = b.getDoubleTy();
    llvm::Value* zero = llvm::ConstantFP::get(f64, 0.0);
    raise_if(b.CreateOr(b.CreateFCmpOEQ(start, zero), b.CreateFCmpOEQ(stop, zero)), "ValueError",
             "Geometric sequence cannot include zero", loc);
    llvm::Value* negative = b.CreateAnd(b.CreateFCmpOLT(start, zero), b.CreateFCmpOLT(stop, zero));
    start = b.CreateSelect(negative, b.CreateFNeg(start), start);
    stop = b.CreateSelect(negative, b.CreateFNeg(stop), stop);
    auto log10 = [&](llvm::Value* x) { return math(BuiltinId::MathLog10, {x}, types::float64(), loc); };
    llvm::Value* a = log_spaced(log10(start), log10(stop), num, rt, loc);
    llvm::Value* data = array_data(b, a);
    llvm::BasicBlock* ends = new_block("geomspace.ends");
    llvm::BasicBlock* last = new_block("geomspace.last");
    llvm::BasicBlock* sign = new_block("geomspace.sign");
    b.CreateCondBr(b.CreateICmpSGT(num, b.getInt64(0)), ends, sign);
    b.SetInsertPoint(ends);
    b.CreateStore(start, data);
    b.CreateCondBr(b.CreateICmpSGT(num, b.getInt64(1)), last, sign);
    b.SetInsertPoint(last);
    b.CreateStore(stop, b.CreateGEP(f64, data, b.CreateSub(num, b.getInt64(1))));
    b.CreateBr(sign);
    b.SetInsertPoint(sign);
    llvm::Value* factor = b.CreateSelect(negative, llvm::ConstantFP::get(f64, -1.0), llvm::ConstantFP::get(f64, 1.0));
    counted_range(num, [&](llvm::Value* i) {
        llvm::Value* p = b.CreateGEP(f64, data, i);
        b.CreateStore(b.CreateFMul(factor, b.CreateLoad(f64, p)), p);
    });
    return a;
}

// np.take(a, indices) / a.take(indices): items of a's C-order flattening; Numba's IndexError
// for an index outside [-size, size).
llvm::Value* FunctionLowering::taken(TypedValue a, TypedValue indices, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::Value* size = array_size(a.v, a.t);
    auto item_at = [&](llvm::Value* k) {
        llvm::Value* outside =
            b.CreateOr(b.CreateICmpSGT(k, b.CreateSub(size, b.getInt64(1))), b.CreateICmpSLT(k, b.CreateNeg(size)));
        raise_if(outside, "IndexError", "Index out of bounds", loc);
        k = b.CreateSelect(b.CreateICmpSLT(k, b.getInt64(0)), b.CreateAdd(k, size), k);
        return b.CreateLoad(st, flat_item_pointer(a, k));
    };
    if (indices.t->is_int()) return from_storage(b, item_at(indices.v), dt);
    if (indices.t->is_tuple()) {
        std::vector<llvm::Value*> ks = tuple_items(b, indices);
        llvm::Value* out = allocate_array(rt, {b.getInt64(static_cast<int64_t>(ks.size()))}, loc, "np.take()");
        for (size_t j = 0; j < ks.size(); ++j)
            b.CreateStore(item_at(ks[j]), b.CreateGEP(st, array_data(b, out), b.getInt64(static_cast<int64_t>(j))));
        return out;
    }
    if (indices.t->is_list()) {
        const Type* at = types::array(indices.t->item(), 1, types::Layout::C);
        indices = {array_from_list(indices.v, indices.t, at, loc), at};
    }
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < indices.t->ndim(); ++k) dims.push_back(array_dim(b, indices.v, static_cast<unsigned>(k)));
    llvm::Value* out = allocate_array(rt, dims, loc, "np.take()");
    const Type* it = indices.t->dtype();
    llvm::Type* ist = storage_type(mod.ctx, it);
    elementwise_loop(dims, {indices, {out, rt}}, [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* k = convert_or_fail(from_storage(b, b.CreateLoad(ist, p[0]), it), it, types::int64(), loc);
        b.CreateStore(item_at(k), p[1]);
    });
    return out;
}

// np.broadcast_to(x, shape): a read-only view of x with stride 0 along the axes it repeats (a
// number: a one-item array first).
llvm::Value* FunctionLowering::broadcast_view(TypedValue x, const std::vector<llvm::Value*>& shape, const Type* rt,
                                              SourceLoc loc) {
    llvm::Value* negative = b.getFalse();
    for (llvm::Value* d : shape) negative = b.CreateOr(negative, b.CreateICmpSLT(d, b.getInt64(0)));
    raise_if(negative, "ValueError", "all elements of broadcast shape must be non-negative", loc);
    if (!x.t->is_array()) {
        const Type* one = types::array(x.t, 1, types::Layout::C);
        llvm::Value* a = allocate_array(one, {b.getInt64(1)}, loc, "np.broadcast_to()");
        b.CreateStore(to_storage(b, x.v, x.t), array_data(b, a));
        std::vector<llvm::Value*> zeros(shape.size(), b.getInt64(0));
        return make_view(b, a, rt, array_data(b, a), shape, zeros);
    }
    std::vector<llvm::Value*> strides;
    llvm::Value* bad = broadcast_strides(x, shape, loc, strides);
    raise_if(bad, "ValueError", "operands could not be broadcast together with remapped shapes", loc);
    return make_view(b, x.v, rt, array_data(b, x.v), shape, strides);
}

// np.swapaxes(a, i, j) / np.moveaxis(a, source, destination): the permutation of a's axes as
// run-time values, each axis counted from the end when negative; Numba's messages.
llvm::Value* FunctionLowering::axes_moved(BuiltinId id, TypedValue a, llvm::Value* first, llvm::Value* second,
                                          const Type* rt, SourceLoc loc) {
    const int nd = a.t->ndim();
    const bool swap = id == BuiltinId::NpSwapaxes;
    const char* what = swap ? "np.swapaxes" : "np.moveaxis";
    auto normalized = [&](llvm::Value* axis, const char* name) {
        llvm::Value* n = b.getInt64(nd);
        llvm::Value* k = b.CreateSelect(b.CreateICmpSLT(axis, b.getInt64(0)), b.CreateAdd(axis, n), axis);
        raise_if(b.CreateOr(b.CreateICmpSLT(k, b.getInt64(0)), b.CreateICmpSGE(k, n)), "ValueError",
                 fmt::format("{}: Argument {} out of bounds for dimensions of the array", what, name), loc);
        return k;
    };
    llvm::Value* i = normalized(first, swap ? "axis1" : "source");
    llvm::Value* j = normalized(second, swap ? "axis2" : "destination");
    std::vector<llvm::Value*> perm;
    for (int k = 0; k < nd; ++k) {
        llvm::Value* kv = b.getInt64(k);
        if (swap) {
            perm.push_back(b.CreateSelect(b.CreateICmpEQ(kv, i), j, b.CreateSelect(b.CreateICmpEQ(kv, j), i, kv)));
            continue;
        }
        // moveaxis: the other axes in order, with `i` inserted at position `j`.
        llvm::Value* rank = b.CreateSelect(b.CreateICmpSGT(kv, j), b.getInt64(k - 1), kv);
        llvm::Value* other = b.CreateSelect(b.CreateICmpSGE(rank, i), b.CreateAdd(rank, b.getInt64(1)), rank);
        perm.push_back(b.CreateSelect(b.CreateICmpEQ(kv, j), i, other));
    }
    return transposed(a, perm, rt, loc);
}

// np.fill_diagonal(a, val, wrap): NumPy's walk over a's C-order items from 0 by one step
// (ncols + 1 for 2-D; 1 + the sum of the leading cumulative products for equal N-D sides),
// to ncols * min(nrows, ncols) (2-D without wrap) or the size; an array val repeats.
void FunctionLowering::fill_diagonal(TypedValue a, TypedValue val, llvm::Value* wrap, SourceLoc loc) {
    const int nd = a.t->ndim();
    const Type* dt = a.t->dtype();
    llvm::Value* step;
    llvm::Value* end;
    if (nd == 2) {
        llvm::Value* m = array_dim(b, a.v, 0);
        llvm::Value* n = array_dim(b, a.v, 1);
        step = b.CreateAdd(n, b.getInt64(1));
        llvm::Value* square = b.CreateMul(n, b.CreateSelect(b.CreateICmpSLT(m, n), m, n));
        end = wrap ? b.CreateSelect(wrap, b.CreateMul(n, m), square) : square;
    } else {
        llvm::Value* unequal = b.getFalse();
        llvm::Value* d0 = array_dim(b, a.v, 0);
        llvm::Value* product = b.getInt64(1);
        step = b.getInt64(1);
        for (int k = 0; k < nd; ++k) {
            llvm::Value* d = array_dim(b, a.v, static_cast<unsigned>(k));
            unequal = b.CreateOr(unequal, b.CreateICmpNE(d, d0));
            product = b.CreateMul(product, d);
            if (k < nd - 1) step = b.CreateAdd(step, product);
        }
        raise_if(unequal, "ValueError", "All dimensions of input must be of equal length", loc);
        end = product;
    }
    llvm::Value* count =
        b.CreateSelect(b.CreateICmpSGT(end, b.getInt64(0)),
                       b.CreateUDiv(b.CreateAdd(end, b.CreateSub(step, b.getInt64(1))), step), b.getInt64(0));
    if (!val.t->is_array()) {
        llvm::Value* v = to_storage(b, convert_or_fail(val.v, val.t, dt, loc), dt);
        counted_range(count, [&](llvm::Value* r) { b.CreateStore(v, flat_item_pointer(a, b.CreateMul(r, step))); });
        return;
    }
    const Type* vt = val.t->dtype();
    llvm::Type* vst = storage_type(mod.ctx, vt);
    llvm::Value* vsize = array_size(val.v, val.t);
    raise_if(b.CreateAnd(b.CreateICmpEQ(vsize, b.getInt64(0)), b.CreateICmpSGT(count, b.getInt64(0))), "ValueError",
             "np.fill_diagonal() of an empty val", loc);
    counted_range(count, [&](llvm::Value* r) {
        llvm::Value* v = from_storage(b, b.CreateLoad(vst, flat_item_pointer(val, b.CreateURem(r, vsize))), vt);
        b.CreateStore(to_storage(b, convert_or_fail(v, vt, dt, loc), dt), flat_item_pointer(a, b.CreateMul(r, step)));
    });
}

}  // namespace ujit::codegen
