// Lowering of the library calls typed by nplib/search_typing.cpp that find positions or
// rearrange items: np.nonzero / a.nonzero() / np.where(cond), np.argwhere, np.flatnonzero,
// np.count_nonzero (two passes: count, then fill arrays of exactly that length), np.diff,
// np.searchsorted (a binary search per value, NaNs sorting last as NumPy's), np.flip /
// fliplr / flipud (views with negated strides), np.roll and np.repeat (new C arrays). The
// value computations (median, percentile, trace, isclose, bincount) are lower_stats.cpp's.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/library_typing.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::search_call(const Call* e, BuiltinId id, const std::vector<TypedValue>& args,
                                           const std::vector<const Expr*>& exprs) {
    const Type* rt = type_of(e);
    switch (id) {
    case BuiltinId::NpNonzero:
    case BuiltinId::ArrayNonzero:
    case BuiltinId::NpArgwhere:
    case BuiltinId::NpFlatnonzero:
    case BuiltinId::NpCountNonzero: return nonzero_indices(id, args[0], rt, e->loc);
    case BuiltinId::NpDiff: return diff(args[0], args[1].v ? args[1].v : b.getInt64(1), rt, e->loc);
    case BuiltinId::NpSearchsorted: {
        const auto* side = exprs[2] ? dyn_cast<StrLit>(exprs[2]) : nullptr;
        return searchsorted(args[0], args[1], side && side->value == "right", rt, e->loc);
    }
    case BuiltinId::NpFlip:
    case BuiltinId::NpFliplr:
    case BuiltinId::NpFlipud: return flipped(id, args[0], rt);
    case BuiltinId::NpRoll: return rolled(args[0], args[1].v, rt, e->loc);
    case BuiltinId::NpRepeat:
    case BuiltinId::ArrayRepeat:
        if (args[1].t->is_array()) return repeated_each(args[0], args[1], rt, e->loc);  // nplib6
        return repeated(args[0], args[1].v, rt, e->loc);
    case BuiltinId::NpMedian:
    case BuiltinId::NpNanmedian:
    case BuiltinId::NpPercentile:
    case BuiltinId::NpQuantile:
    case BuiltinId::NpNanpercentile:
    case BuiltinId::NpNanquantile: return quantile(id, args[0], args.size() > 1 ? args[1] : TypedValue{}, rt, e->loc);
    case BuiltinId::NpTrace: return trace(args[0], args[1].v ? args[1].v : b.getInt64(0), rt, e->loc);
    case BuiltinId::NpIsclose:
    case BuiltinId::NpAllclose: return isclose(id, args, rt, e->loc);
    case BuiltinId::NpInterp: return interp(args[0], args[1], args[2], rt, e->loc);
    case BuiltinId::NpConvolve: return convolve(args[0], args[1], rt, e->loc);
    case BuiltinId::NpBincount: return bincount(args[0], args[1], args[2].v ? args[2].v : b.getInt64(0), rt, e->loc);
    default: break;
    }
    syntax::internal_error(e->loc, fmt::format("no lowering for {}()", types::builtin_name(id)));
}

// body(index of each axis, element pointer) for every element of `a`, in C order.
void FunctionLowering::for_each_index(
    TypedValue a, const std::function<void(const std::vector<llvm::Value*>& index, llvm::Value* ptr)>& body) {
    const int nd = a.t->ndim();
    std::vector<llvm::Value*> index;
    std::function<void(int, llvm::Value*)> level = [&](int k, llvm::Value* p) {
        if (k == nd) return body(index, p);
        counted_range(array_dim(b, a.v, static_cast<unsigned>(k)), [&](llvm::Value* i) {
            index.push_back(i);
            level(k + 1, b.CreateGEP(b.getInt8Ty(), p, b.CreateMul(i, array_stride(b, a.v, static_cast<unsigned>(k)))));
            index.pop_back();
        });
    };
    level(0, array_data(b, a.v));
}

// np.nonzero(a): one int64 array per axis (a 0-d array: one, of index 0), the indices of the
// true items in C order; np.argwhere: the same as the rows of a (count, ndim) array;
// np.flatnonzero: their C-order positions; np.count_nonzero: their number.
llvm::Value* FunctionLowering::nonzero_indices(BuiltinId id, TypedValue a, const Type* rt, SourceLoc loc) {
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    auto is_true = [&](llvm::Value* p) { return truth(b, from_storage(b, b.CreateLoad(st, p), dt), dt); };
    llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "nz.count");
    b.CreateStore(b.getInt64(0), count);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
        b.CreateStore(b.CreateAdd(n, b.CreateZExt(is_true(p), b.getInt64Ty())), count);
    });
    llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
    if (id == BuiltinId::NpCountNonzero) return n;
    const int nd = a.t->ndim();
    const std::string what = types::builtin_name(id) + std::string("()");
    std::vector<llvm::Value*> outs;
    const Type* vec = types::array(types::int64(), 1, types::Layout::C);
    if (id == BuiltinId::NpArgwhere)
        outs.push_back(allocate_array(rt, {n, b.getInt64(nd)}, loc, what));
    else if (id == BuiltinId::NpFlatnonzero)
        outs.push_back(allocate_array(rt, {n}, loc, what));
    else
        for (int k = 0; k < std::max(nd, 1); ++k) outs.push_back(allocate_array(vec, {n}, loc, what));
    llvm::AllocaInst* j = entry_alloca(b.getInt64Ty(), "nz.j");
    llvm::AllocaInst* flat = entry_alloca(b.getInt64Ty(), "nz.flat");
    b.CreateStore(b.getInt64(0), j);
    b.CreateStore(b.getInt64(0), flat);
    llvm::Type* i64 = b.getInt64Ty();
    for_each_index(a, [&](const std::vector<llvm::Value*>& index, llvm::Value* p) {
        llvm::BasicBlock* take = new_block("nz.take");
        llvm::BasicBlock* next = new_block("nz.next");
        b.CreateCondBr(is_true(p), take, next);
        b.SetInsertPoint(take);
        llvm::Value* jv = b.CreateLoad(i64, j);
        if (id == BuiltinId::NpArgwhere) {
            for (int k = 0; k < nd; ++k)
                b.CreateStore(index[static_cast<size_t>(k)],
                              b.CreateGEP(i64, array_data(b, outs[0]),
                                          b.CreateAdd(b.CreateMul(jv, b.getInt64(nd)), b.getInt64(k))));
        } else if (id == BuiltinId::NpFlatnonzero) {
            b.CreateStore(b.CreateLoad(i64, flat), b.CreateGEP(i64, array_data(b, outs[0]), jv));
        } else {
            for (size_t k = 0; k < outs.size(); ++k)
                b.CreateStore(nd == 0 ? b.getInt64(0) : index[k], b.CreateGEP(i64, array_data(b, outs[k]), jv));
        }
        b.CreateStore(b.CreateAdd(jv, b.getInt64(1)), j);
        b.CreateBr(next);
        b.SetInsertPoint(next);
        b.CreateStore(b.CreateAdd(b.CreateLoad(i64, flat), b.getInt64(1)), flat);
    });
    if (outs.size() == 1 && !rt->is_tuple()) return outs[0];
    llvm::Value* tup = llvm::UndefValue::get(value_type(mod.ctx, rt));
    for (unsigned k = 0; k < outs.size(); ++k) tup = b.CreateInsertValue(tup, outs[k], k);
    return tup;
}

// np.diff(a, n): the n-th differences along the last axis, each lane worked in a scratch row
// (bool arrays: not_equal, as NumPy's diff of booleans).
llvm::Value* FunctionLowering::diff(TypedValue a, llvm::Value* n, const Type* rt, SourceLoc loc) {
    raise_if(b.CreateICmpSLT(n, b.getInt64(0)), "ValueError", "diff(): order must be non-negative", loc);
    const int nd = a.t->ndim();
    const unsigned last = static_cast<unsigned>(nd - 1);
    const Type* dt = a.t->dtype();
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::Value* len = array_dim(b, a.v, last);
    llvm::Value* kept = b.CreateSub(len, n);
    kept = b.CreateSelect(b.CreateICmpSLT(kept, b.getInt64(0)), b.getInt64(0), kept);
    std::vector<llvm::Value*> shape;
    for (unsigned k = 0; k < last; ++k) shape.push_back(array_dim(b, a.v, k));
    shape.push_back(kept);
    TypedValue out{allocate_array(rt, shape, loc, "np.diff()"), rt};
    const Type* row_t = types::array(dt, 1, types::Layout::C);
    llvm::Value* row = array_data(b, allocate_array(row_t, {len}, loc, "np.diff()"));
    llvm::Value* rounds = b.CreateSelect(b.CreateICmpSLT(n, len), n, len);
    for_each_lane({a, out}, b.getInt64(last),
                  [&](const std::vector<llvm::Value*>& start, const std::vector<llvm::Value*>& stride, llvm::Value* m,
                      llvm::Value*) {
                      counted_range(m, [&](llvm::Value* i) {
                          llvm::Value* p = b.CreateGEP(b.getInt8Ty(), start[0], b.CreateMul(i, stride[0]));
                          b.CreateStore(b.CreateLoad(st, p), b.CreateGEP(st, row, i));
                      });
                      counted_range(rounds, [&](llvm::Value* r) {
                          counted_range(b.CreateSub(b.CreateSub(m, r), b.getInt64(1)), [&](llvm::Value* i) {
                              llvm::Value* pi = b.CreateGEP(st, row, i);
                              llvm::Value* x = from_storage(b, b.CreateLoad(st, pi), dt);
                              llvm::Value* y = from_storage(
                                  b, b.CreateLoad(st, b.CreateGEP(st, row, b.CreateAdd(i, b.getInt64(1)))), dt);
                              llvm::Value* d =
                                  dt->is_bool() ? b.CreateXor(y, x) : ufunc_binary(BinOp::Sub, y, x, dt, loc);
                              b.CreateStore(to_storage(b, d, dt), pi);
                          });
                      });
                      counted_range(kept, [&](llvm::Value* i) {
                          llvm::Value* q = b.CreateGEP(b.getInt8Ty(), start[1], b.CreateMul(i, stride[1]));
                          b.CreateStore(b.CreateLoad(st, b.CreateGEP(st, row, i)), q);
                      });
                  });
    return out.v;
}

// np.searchsorted(a, v, side): for each value, the first index where it could be inserted
// keeping a sorted (left: before equal items; right: after them), compared in the promoted
// type with NaN greater than every number, as NumPy's sort order.
llvm::Value* FunctionLowering::searchsorted(TypedValue a, TypedValue v, bool right, const Type* rt, SourceLoc loc) {
    const Type* at = a.t->dtype();
    const Type* vt = v.t->is_array() ? v.t->dtype() : v.t;
    const Type* ct = types::promote(at->is_bool() ? types::int64() : at, vt->is_bool() ? types::int64() : vt);
    auto less = [&](llvm::Value* x, llvm::Value* y) -> llvm::Value* {
        if (!ct->is_float()) return ct->is_signed() ? b.CreateICmpSLT(x, y) : b.CreateICmpULT(x, y);
        llvm::Value* y_nan = b.CreateFCmpUNO(y, y);
        llvm::Value* x_num = b.CreateFCmpORD(x, x);
        return b.CreateOr(b.CreateFCmpOLT(x, y), b.CreateAnd(y_nan, x_num));
    };
    llvm::Value* n = array_dim(b, a.v, 0);
    llvm::Value* stride = array_stride(b, a.v, 0);
    llvm::Type* i64 = b.getInt64Ty();
    auto search = [&](llvm::Value* x) -> llvm::Value* {
        llvm::AllocaInst* lo = entry_alloca(i64, "ss.lo");
        llvm::AllocaInst* hi = entry_alloca(i64, "ss.hi");
        b.CreateStore(b.getInt64(0), lo);
        b.CreateStore(n, hi);
        llvm::BasicBlock* test = new_block("ss.test");
        llvm::BasicBlock* body = new_block("ss.body");
        llvm::BasicBlock* done = new_block("ss.done");
        b.CreateBr(test);
        b.SetInsertPoint(test);
        b.CreateCondBr(b.CreateICmpSLT(b.CreateLoad(i64, lo), b.CreateLoad(i64, hi)), body, done);
        b.SetInsertPoint(body);
        llvm::Value* l = b.CreateLoad(i64, lo);
        llvm::Value* h = b.CreateLoad(i64, hi);
        llvm::Value* mid = b.CreateAdd(l, b.CreateLShr(b.CreateSub(h, l), 1));
        llvm::Value* am = lane_element(array_data(b, a.v), stride, mid, at, ct, loc);
        llvm::Value* go_right = right ? b.CreateNot(less(x, am)) : less(am, x);
        b.CreateStore(b.CreateSelect(go_right, b.CreateAdd(mid, b.getInt64(1)), l), lo);
        b.CreateStore(b.CreateSelect(go_right, h, mid), hi);
        b.CreateBr(test);
        b.SetInsertPoint(done);
        return b.CreateLoad(i64, lo);
    };
    if (!v.t->is_array()) return search(convert_or_fail(v.v, vt, ct, loc));
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < v.t->ndim(); ++k) dims.push_back(array_dim(b, v.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, dims, loc, "np.searchsorted()"), rt};
    llvm::Type* vst = storage_type(mod.ctx, vt);
    elementwise_loop(dims, {v, out}, [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* x = convert_or_fail(from_storage(b, b.CreateLoad(vst, p[0]), vt), vt, ct, loc);
        b.CreateStore(search(x), p[1]);
    });
    return out.v;
}

// np.flip (every axis), np.fliplr (axis 1), np.flipud (axis 0): a view that starts at the
// last item of each flipped axis and walks it backwards, as NumPy's (and Numba's a[::-1]).
llvm::Value* FunctionLowering::flipped(BuiltinId id, TypedValue a, const Type* rt) {
    std::vector<llvm::Value*> dims, strides;
    llvm::Value* offset = b.getInt64(0);
    for (int k = 0; k < a.t->ndim(); ++k) {
        llvm::Value* d = array_dim(b, a.v, static_cast<unsigned>(k));
        llvm::Value* s = array_stride(b, a.v, static_cast<unsigned>(k));
        bool flip = id == BuiltinId::NpFlip || (id == BuiltinId::NpFliplr ? k == 1 : k == 0);
        dims.push_back(d);
        strides.push_back(flip ? b.CreateNeg(s) : s);
        if (flip) {
            llvm::Value* span = b.CreateMul(b.CreateSub(d, b.getInt64(1)), s);
            offset = b.CreateAdd(offset, b.CreateSelect(b.CreateICmpSGT(d, b.getInt64(0)), span, b.getInt64(0)));
        }
    }
    return make_view(b, a.v, rt, b.CreateGEP(b.getInt8Ty(), array_data(b, a.v), offset), dims, strides);
}

// np.roll(a, shift): the items in C order moved `shift` places along the flattened array
// (wrapping; a negative shift moves them back), in a new array of a's shape.
llvm::Value* FunctionLowering::rolled(TypedValue a, llvm::Value* shift, const Type* rt, SourceLoc loc) {
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < a.t->ndim(); ++k) dims.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, dims, loc, "np.roll()"), rt};
    llvm::Value* n = array_size(a.v, a.t);
    llvm::Value* safe = b.CreateSelect(b.CreateICmpSGT(n, b.getInt64(0)), n, b.getInt64(1));
    llvm::Value* s = b.CreateSRem(shift, safe);
    s = b.CreateSelect(b.CreateICmpSLT(s, b.getInt64(0)), b.CreateAdd(s, safe), s);
    llvm::Type* st = storage_type(mod.ctx, a.t->dtype());
    llvm::AllocaInst* at = entry_alloca(b.getInt64Ty(), "roll.at");
    b.CreateStore(s, at);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* i = b.CreateLoad(b.getInt64Ty(), at);
        b.CreateStore(b.CreateLoad(st, p), b.CreateGEP(st, array_data(b, out.v), i));
        llvm::Value* next = b.CreateAdd(i, b.getInt64(1));
        b.CreateStore(b.CreateSelect(b.CreateICmpEQ(next, safe), b.getInt64(0), next), at);
    });
    return out.v;
}

// np.repeat(a, repeats) / a.repeat(repeats): each item of the flattened array `repeats` times.
llvm::Value* FunctionLowering::repeated(TypedValue a, llvm::Value* repeats, const Type* rt, SourceLoc loc) {
    raise_if(b.CreateICmpSLT(repeats, b.getInt64(0)), "ValueError", "negative dimensions are not allowed", loc);
    llvm::Value* out = allocate_array(rt, {b.CreateMul(array_size(a.v, a.t), repeats)}, loc, "np.repeat()");
    llvm::Type* st = storage_type(mod.ctx, a.t->dtype());
    llvm::AllocaInst* at = entry_alloca(b.getInt64Ty(), "repeat.at");
    b.CreateStore(b.getInt64(0), at);
    for_each_element(a, [&](llvm::Value* p) {
        llvm::Value* item = b.CreateLoad(st, p);
        llvm::Value* first = b.CreateLoad(b.getInt64Ty(), at);
        counted_range(repeats, [&](llvm::Value* r) {
            b.CreateStore(item, b.CreateGEP(st, array_data(b, out), b.CreateAdd(first, r)));
        });
        b.CreateStore(b.CreateAdd(first, repeats), at);
    });
    return out;
}

}  // namespace ujit::codegen
