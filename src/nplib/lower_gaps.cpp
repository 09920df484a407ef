// Lowering of the calls typed by nplib/gaps_typing.cpp: np.iscomplexobj / isrealobj (constants),
// np.iscomplex / isreal, np.logspace / geomspace (Numba's: 10 ** linspace, geomspace's ends
// set exactly), np.take without an axis, np.broadcast_to, np.swapaxes / moveaxis (views through
// transposed()) and np.fill_diagonal (NumPy's walk of the flat array with one step); gaps2's
// np.ediff1d, vander, tri, triu_indices / tril_indices, rot90 (a view) and delete.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/int_tuples.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

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
    case BuiltinId::NpBroadcastTo: return broadcast_view(args[0], nplib::int64_items(b, args[1].v, args[1].t), rt, loc);
    case BuiltinId::NpSwapaxes:
    case BuiltinId::NpMoveaxis: return axes_moved(id, args[0], args[1].v, args[2].v, rt, loc);
    case BuiltinId::NpFillDiagonal: fill_diagonal(args[0], args[1], args[2].v, loc); return nullptr;
    case BuiltinId::NpEdiff1d: return ediff1d(args[0], rt, loc);
    case BuiltinId::NpVander: return vander(args[0], args[1].v, args[2].v, rt, loc);
    case BuiltinId::NpTri:
    case BuiltinId::NpTriuIndices:
    case BuiltinId::NpTrilIndices: return tri_positions(id, args, rt, loc);
    case BuiltinId::NpRot90: return rotated90(args[0], args[1].v ? args[1].v : b.getInt64(1), rt);
    case BuiltinId::NpDelete: return deleted(args[0], args[1], rt, loc);
    case BuiltinId::NpUnion1d:
    case BuiltinId::NpIntersect1d:
    case BuiltinId::NpSetdiff1d:
    case BuiltinId::NpSetxor1d: return set_operation(id, args[0], args[1], rt, loc);
    default: break;
    }
    syntax::internal_error(loc, fmt::format("no lowering for {}()", types::builtin_name(id)));
}

// The element at C-order position k (0 <= k < size) of `a`, any layout: a C array's k-th
// element, else k split into one index per axis.
llvm::Value* FunctionLowering::flat_item_pointer(TypedValue a, llvm::Value* k) {
    if (a.t->layout() == types::Layout::C)
        return b.CreateGEP(storage_type(mod.ctx, a.t->dtype()), array_data(b, a.v), k);
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
        std::vector<llvm::Value*> ks = nplib::int64_items(b, indices.v, indices.t);
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

// np.ediff1d(ary): the differences of consecutive items of the flattened array, in its dtype.
llvm::Value* FunctionLowering::ediff1d(TypedValue a, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::Value* n = array_size(a.v, a.t);
    llvm::Value* m = b.CreateSelect(b.CreateICmpSGT(n, b.getInt64(0)), b.CreateSub(n, b.getInt64(1)), b.getInt64(0));
    llvm::Value* out = allocate_array(rt, {m}, loc, "np.ediff1d()");
    counted_range(m, [&](llvm::Value* i) {
        llvm::Value* x = from_storage(b, b.CreateLoad(st, flat_item_pointer(a, i)), dt);
        llvm::Value* y = from_storage(b, b.CreateLoad(st, flat_item_pointer(a, b.CreateAdd(i, b.getInt64(1)))), dt);
        b.CreateStore(to_storage(b, ufunc_binary(BinOp::Sub, y, x, dt, loc), dt),
                      b.CreateGEP(st, array_data(b, out), i));
    });
    return out;
}

// np.vander(x, N=len(x), increasing=False): each row the powers of x[i], built by repeated
// multiplication as Numba's, in x's dtype promoted with int64.
llvm::Value* FunctionLowering::vander(TypedValue x, llvm::Value* columns, llvm::Value* increasing, const Type* rt,
                                      SourceLoc loc) {
    const Type* dt = rt->dtype();
    const Type* xt = x.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::Type* xst = storage_type(mod.ctx, xt);
    llvm::Value* n = array_dim(b, x.v, 0);
    llvm::Value* cols = columns ? columns : n;
    raise_if(b.CreateICmpSLT(cols, b.getInt64(0)), "ValueError", "Negative dimensions are not allowed", loc);
    llvm::Value* out = allocate_array(rt, {n, cols}, loc, "np.vander()");
    llvm::Value* one = convert_or_fail(b.getInt64(1), types::int64(), dt, loc);
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, dt), "vander.acc");
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* p = b.CreateGEP(b.getInt8Ty(), array_data(b, x.v), b.CreateMul(i, array_stride(b, x.v, 0)));
        llvm::Value* v = convert_or_fail(from_storage(b, b.CreateLoad(xst, p), xt), xt, dt, loc);
        b.CreateStore(one, acc);
        counted_range(cols, [&](llvm::Value* j) {
            llvm::Value* reversed = b.CreateSub(b.CreateSub(cols, b.getInt64(1)), j);
            llvm::Value* col = increasing ? b.CreateSelect(increasing, j, reversed) : reversed;
            llvm::Value* cur = b.CreateLoad(acc->getAllocatedType(), acc);
            b.CreateStore(to_storage(b, cur, dt),
                          b.CreateGEP(st, array_data(b, out), b.CreateAdd(b.CreateMul(i, cols), col)));
            b.CreateStore(ufunc_binary(BinOp::Mul, cur, v, dt, loc), acc);
        });
    });
    return out;
}

// np.tri(N, M=N, k=0): ones where j <= i + k; np.tril_indices(n, k=0, m=n) the positions of
// those ones, np.triu_indices(n, k=0, m=n) of j >= i + k (Numba's: np.nonzero of np.tri).
llvm::Value* FunctionLowering::tri_positions(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                             SourceLoc loc) {
    const bool tri = id == BuiltinId::NpTri;
    llvm::Value* rows = args[0].v;
    llvm::Value* given_m = tri ? args[1].v : args[2].v;
    llvm::Value* k = tri ? args[2].v : args[1].v;
    llvm::Value* cols = given_m ? given_m : rows;
    if (!k) k = b.getInt64(0);
    auto inside = [&](llvm::Value* i, llvm::Value* j) {
        llvm::Value* ik = b.CreateAdd(i, k);
        return id == BuiltinId::NpTriuIndices ? b.CreateICmpSGE(j, ik) : b.CreateICmpSLE(j, ik);
    };
    if (tri) {
        llvm::Value* out = allocate_array(rt, {rows, cols}, loc, "np.tri()");
        llvm::Type* f64 = b.getDoubleTy();
        counted_range(rows, [&](llvm::Value* i) {
            counted_range(cols, [&](llvm::Value* j) {
                llvm::Value* v =
                    b.CreateSelect(inside(i, j), llvm::ConstantFP::get(f64, 1.0), llvm::ConstantFP::get(f64, 0.0));
                b.CreateStore(v, b.CreateGEP(f64, array_data(b, out), b.CreateAdd(b.CreateMul(i, cols), j)));
            });
        });
        return out;
    }
    raise_if(b.CreateOr(b.CreateICmpSLT(rows, b.getInt64(0)), b.CreateICmpSLT(cols, b.getInt64(0))), "ValueError",
             "negative dimensions are not allowed", loc);
    llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "tri.count");
    b.CreateStore(b.getInt64(0), count);
    counted_range(rows, [&](llvm::Value* i) {
        counted_range(cols, [&](llvm::Value* j) {
            llvm::Value* c = b.CreateLoad(b.getInt64Ty(), count);
            b.CreateStore(b.CreateAdd(c, b.CreateZExt(inside(i, j), b.getInt64Ty())), count);
        });
    });
    const Type* at = rt->elements()[0];
    llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
    llvm::Value* is = allocate_array(at, {n}, loc, "np.tril_indices()");
    llvm::Value* js = allocate_array(at, {n}, loc, "np.tril_indices()");
    b.CreateStore(b.getInt64(0), count);
    counted_range(rows, [&](llvm::Value* i) {
        counted_range(cols, [&](llvm::Value* j) {
            llvm::BasicBlock* put = new_block("tri.put");
            llvm::BasicBlock* next = new_block("tri.next");
            b.CreateCondBr(inside(i, j), put, next);
            b.SetInsertPoint(put);
            llvm::Value* c = b.CreateLoad(b.getInt64Ty(), count);
            b.CreateStore(i, b.CreateGEP(b.getInt64Ty(), array_data(b, is), c));
            b.CreateStore(j, b.CreateGEP(b.getInt64Ty(), array_data(b, js), c));
            b.CreateStore(b.CreateAdd(c, b.getInt64(1)), count);
            b.CreateBr(next);
            b.SetInsertPoint(next);
        });
    });
    llvm::Value* pair = llvm::UndefValue::get(value_type(mod.ctx, rt));
    pair = b.CreateInsertValue(pair, is, 0);
    return b.CreateInsertValue(pair, js, 1);
}

// np.rot90(m, k=1): a view of m turned k quarter turns in the plane of its first two axes
// (k taken modulo 4, as NumPy), by flipped strides and swapped axes.
llvm::Value* FunctionLowering::rotated90(TypedValue m, llvm::Value* k, const Type* rt) {
    llvm::Value* turns = b.CreateSRem(k, b.getInt64(4));
    turns = b.CreateSelect(b.CreateICmpSLT(turns, b.getInt64(0)), b.CreateAdd(turns, b.getInt64(4)), turns);
    llvm::Value* d0 = array_dim(b, m.v, 0);
    llvm::Value* d1 = array_dim(b, m.v, 1);
    llvm::Value* s0 = array_stride(b, m.v, 0);
    llvm::Value* s1 = array_stride(b, m.v, 1);
    auto span = [&](llvm::Value* d, llvm::Value* s) {  // the offset of the last item along an axis
        return b.CreateSelect(b.CreateICmpSGT(d, b.getInt64(0)), b.CreateMul(b.CreateSub(d, b.getInt64(1)), s),
                              b.getInt64(0));
    };
    auto is = [&](int t) { return b.CreateICmpEQ(turns, b.getInt64(t)); };
    llvm::Value* odd = b.CreateOr(is(1), is(3));
    // turn 1: out[i, j] = m[j, d1-1-i]; 2: m[d0-1-i, d1-1-j]; 3: m[d0-1-j, i].
    llvm::Value* stride0 =
        b.CreateSelect(is(1), b.CreateNeg(s1), b.CreateSelect(is(2), b.CreateNeg(s0), b.CreateSelect(is(3), s1, s0)));
    llvm::Value* stride1 =
        b.CreateSelect(is(1), s0, b.CreateSelect(is(2), b.CreateNeg(s1), b.CreateSelect(is(3), b.CreateNeg(s0), s1)));
    llvm::Value* offset = b.CreateSelect(is(1), span(d1, s1),
                                         b.CreateSelect(is(2), b.CreateAdd(span(d0, s0), span(d1, s1)),
                                                        b.CreateSelect(is(3), span(d0, s0), b.getInt64(0))));
    std::vector<llvm::Value*> dims{b.CreateSelect(odd, d1, d0), b.CreateSelect(odd, d0, d1)};
    std::vector<llvm::Value*> strides{stride0, stride1};
    for (int j = 2; j < m.t->ndim(); ++j) {
        dims.push_back(array_dim(b, m.v, static_cast<unsigned>(j)));
        strides.push_back(array_stride(b, m.v, static_cast<unsigned>(j)));
    }
    return make_view(b, m.v, rt, b.CreateGEP(b.getInt8Ty(), array_data(b, m.v), offset), dims, strides);
}

// np.delete(arr, obj): the flattened array without the items at obj (an integer, or an array
// of them, each counted from the end when negative); Numba's IndexError when one is outside.
llvm::Value* FunctionLowering::deleted(TypedValue a, TypedValue obj, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::Value* n = array_size(a.v, a.t);
    const Type* mask_t = types::array(types::integer(8, false), 1, types::Layout::C);
    llvm::Value* keep = allocate_array(mask_t, {n}, loc, "np.delete()");
    llvm::Value* keep_data = array_data(b, keep);
    b.CreateMemSet(keep_data, b.getInt8(1), n, llvm::MaybeAlign(1));
    auto drop = [&](llvm::Value* pos, const char* message) {
        raise_if(b.CreateOr(b.CreateICmpSLT(pos, b.CreateNeg(n)), b.CreateICmpSGE(pos, n)), "IndexError", message, loc);
        pos = b.CreateSelect(b.CreateICmpSLT(pos, b.getInt64(0)), b.CreateAdd(pos, n), pos);
        b.CreateStore(b.getInt8(0), b.CreateGEP(b.getInt8Ty(), keep_data, pos));
    };
    if (obj.t->is_int()) {
        drop(obj.v, "obj must be less than the len(arr)");
    } else {
        const Type* it = obj.t->dtype();
        llvm::Type* ist = storage_type(mod.ctx, it);
        for_each_element(obj, [&](llvm::Value* p) {
            drop(convert_or_fail(from_storage(b, b.CreateLoad(ist, p), it), it, types::int64(), loc),
                 "index out of bounds");
        });
    }
    llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "delete.count");
    b.CreateStore(b.getInt64(0), count);
    counted_range(n, [&](llvm::Value* i) {
        llvm::Value* kept =
            b.CreateZExt(b.CreateLoad(b.getInt8Ty(), b.CreateGEP(b.getInt8Ty(), keep_data, i)), b.getInt64Ty());
        b.CreateStore(b.CreateAdd(b.CreateLoad(b.getInt64Ty(), count), kept), count);
    });
    llvm::Value* out = allocate_array(rt, {b.CreateLoad(b.getInt64Ty(), count)}, loc, "np.delete()");
    b.CreateStore(b.getInt64(0), count);
    counted_range(n, [&](llvm::Value* i) {
        llvm::BasicBlock* put = new_block("delete.put");
        llvm::BasicBlock* next = new_block("delete.next");
        llvm::Value* kept = b.CreateLoad(b.getInt8Ty(), b.CreateGEP(b.getInt8Ty(), keep_data, i));
        b.CreateCondBr(b.CreateICmpNE(kept, b.getInt8(0)), put, next);
        b.SetInsertPoint(put);
        llvm::Value* c = b.CreateLoad(b.getInt64Ty(), count);
        b.CreateStore(b.CreateLoad(st, flat_item_pointer(a, i)), b.CreateGEP(st, array_data(b, out), c));
        b.CreateStore(b.CreateAdd(c, b.getInt64(1)), count);
        b.CreateBr(next);
        b.SetInsertPoint(next);
    });
    return out;
}

}  // namespace ujit::codegen
