// Lowering of the NumPy library calls typed by nplib/library_typing: each is a call of the
// CPU runtime (cpu/helper_sort.hpp, helper_linalg.hpp, helper_matmul.hpp) with the array's data pointer,
// shape and strides, and Numba's errors raised where they are detected here.
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_linalg.hpp"
#include "nplib/library_typing.hpp"
#include "nplib/runtime_dtype.hpp"

#include <fmt/format.h>

#include "ujit/ujit.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {
int32_t dtype_code(const Type* t) { return nplib::runtime_dtype(t); }
}  // namespace

llvm::FunctionCallee FunctionLowering::runtime_call(const char* name, llvm::Type* result,
                                                    const std::vector<llvm::Type*>& params) {
    return mod.m.getOrInsertFunction(name, llvm::FunctionType::get(result, params, false));
}

void FunctionLowering::for_each_element(TypedValue a, const std::function<void(llvm::Value*)>& body) {
    if (a.t->ndim() == 0) return body(array_data(b, a.v));
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < a.t->ndim(); ++k) dims.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    elementwise_loop(dims, {a}, [&](const std::vector<llvm::Value*>& p) { body(p[0]); });
}

void FunctionLowering::raise_if(llvm::Value* cond, const char* class_name, const std::string& message, SourceLoc loc) {
    std::string where = fmt::format("{} at {}", fn.def->name, mod.source.file().position(loc));
    std::string payload = raised_payload(class_name, message, where);
    leave_by_raise(cond,
                   [&](llvm::Value* c) { mod.target.emit_error_check(b, c, int(RuntimeError::Raised), payload); });
}

llvm::Value* FunctionLowering::library_call(const Call* e, BuiltinId id) {
    std::string why;
    SourceLoc where;
    std::vector<const Expr*> args = nplib::library_arguments(e, id, &why, &where);
    const std::vector<const Type*>* ops = fn.operands_of(e);
    UJIT_INTERNAL_ASSERT(why.empty() && ops && ops->size() == args.size(), e->loc,
                         "a library call lowered with arguments that typing did not accept");
    auto value = [&](size_t i) -> TypedValue {
        if (!args[i] || !(*ops)[i]) return {};
        return {expr_as(args[i], (*ops)[i]), (*ops)[i]};
    };
    if (nplib::summary_params_of(id)) {  // nplib6
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        return summary_call(id, vals, type_of(e), e->loc);
    }
    if (nplib::combine_params_of(id) || nplib::decomp_params_of(id)) {  // nplib7
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        if (nplib::combine_params_of(id)) return combine_call(id, vals, type_of(e), e->loc);
        return linalg_decomp_call(id, vals, type_of(e), e->loc);
    }
    if (nplib::gaps_params_of(id)) {  // nplib/lower_gaps.cpp
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        return gaps_call(id, vals, type_of(e), e->loc);
    }
    if (nplib::arrangement_params_of(id)) {  // nparray
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        return arrangement_call(id, vals, type_of(e), e->loc);
    }
    if (nplib::random_params_of(id) || nplib::linalg_params_of(id)) {  // nplib5
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        if (nplib::random_params_of(id)) return random_extra(id, vals, type_of(e), e->loc);
        return linalg_call(id, vals, type_of(e), e->loc);
    }
    switch (id) {
    case BuiltinId::ArraySort: sort_rows(value(0)); return nullptr;
    case BuiltinId::NpDot: {
        TypedValue x = value(0), y = value(1);
        return dot_product(x, y, value(2), type_of(e), e->loc);
    }
    case BuiltinId::ArrayDot: return dot_product(value(0), value(1), {}, type_of(e), e->loc);
    case BuiltinId::NpVdot: return vector_dot(value(0), value(1), true, e->loc);
    case BuiltinId::NpLinalgNorm: return linalg_norm(value(0), value(1).v, type_of(e), e->loc);
    case BuiltinId::NpSort: return sorted_copy(value(0), type_of(e), e->loc);
    case BuiltinId::NpArgsort:
    case BuiltinId::ArrayArgsort: return argsort(value(0), type_of(e), e->loc);  // stable: any kind
    case BuiltinId::NpUnique: return unique(value(0), type_of(e), e->loc);
    case BuiltinId::NpCumsum:
    case BuiltinId::ArrayCumsum:
        if (args.size() > 1 && (*ops)[1]) return cumulative_axis(value(0), value(1).v, type_of(e), e->loc);
        return cumulative(value(0), true, type_of(e), e->loc);
    case BuiltinId::NpSum:
    case BuiltinId::ArraySum:
    case BuiltinId::NpProd:
    case BuiltinId::ArrayProd:
    case BuiltinId::NpMin:
    case BuiltinId::ArrayMin:
    case BuiltinId::NpMax:
    case BuiltinId::ArrayMax:
    case BuiltinId::NpMean:
    case BuiltinId::ArrayMean:
    case BuiltinId::NpArgmin:
    case BuiltinId::NpArgmax:
    case BuiltinId::ArrayArgmin:
    case BuiltinId::ArrayArgmax:
        if (!(*ops)[1]) return reduction(*nplib::reduction_of(id), args[0], type_of(e), e->loc);  // axis=None
        if ((*ops)[1]->is_tuple()) return axes_sum(value(0), value(1), type_of(e), e->loc);  // sum(axis=(0, 2))
        return axis_reduction(*nplib::reduction_of(id), value(0), value(1).v, type_of(e), e->loc);
    case BuiltinId::NpCumprod:
    case BuiltinId::ArrayCumprod: return cumulative(value(0), false, type_of(e), e->loc);
    case BuiltinId::NpOuter: return outer(value(0), value(1), type_of(e), e->loc);
    case BuiltinId::NpConcatenate:
    case BuiltinId::NpStack:
    case BuiltinId::NpHstack:
    case BuiltinId::NpVstack:
    case BuiltinId::NpColumnStack:
    case BuiltinId::NpDstack:
        return join_arrays(id, value(0), args.size() > 1 ? value(1).v : nullptr, type_of(e), e->loc);
    case BuiltinId::NpRandomNormal:
    case BuiltinId::NpRandomStdNormal:
    case BuiltinId::NpRandomRandn:
    case BuiltinId::NpRandomRandint:
    case BuiltinId::NpRandomRandom:
    case BuiltinId::NpRandomRand:
    case BuiltinId::NpRandomUniform: {
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        return random_draw(id, vals, type_of(e), e->loc);
    }
    default: {
        std::vector<TypedValue> vals;
        for (size_t i = 0; i < args.size(); ++i) vals.push_back(value(i));
        return search_call(e, id, vals, args);  // nplib4: lower_search.cpp, lower_stats.cpp
    }
    }
}

// np.dot(a, b[, out]) and a @ b (Numba's dot_2_impl / dot_3): a scalar for two vectors, else
// the product in `out` or a new C array of its shape.
llvm::Value* FunctionLowering::dot_product(TypedValue x, TypedValue y, TypedValue out, const Type* rt, SourceLoc loc) {
    if (!rt->is_array()) return vector_dot(x, y, false, loc);
    if (!out.v) {
        std::vector<llvm::Value*> shape;
        if (x.t->ndim() == 2) shape.push_back(array_dim(b, x.v, 0));
        if (y.t->ndim() == 2) shape.push_back(array_dim(b, y.v, 1));
        out = {allocate_array(rt, shape, loc, "np.dot()"), rt};
    }
    matrix_product(x, y, out, loc);
    return out.v;
}

// np.dot / np.vdot of two vectors (Numba's dot_2_vv): the sizes must agree.
llvm::Value* FunctionLowering::vector_dot(TypedValue x, TypedValue y, bool conjugate, SourceLoc loc) {
    llvm::Value* n = array_dim(b, x.v, 0);
    raise_if(b.CreateICmpNE(n, array_dim(b, y.v, 0)), "ValueError",
             "incompatible array sizes for np.dot(a, b) (vector * vector)", loc);
    const Type* dt = x.t->dtype();
    llvm::AllocaInst* out = entry_alloca(storage_type(mod.ctx, dt), "dot");
    llvm::FunctionCallee dot = runtime_call("ujit_rt_dot", b.getVoidTy(),
                                            {b.getInt32Ty(), b.getInt64Ty(), b.getPtrTy(), b.getInt64Ty(), b.getPtrTy(),
                                             b.getInt64Ty(), b.getInt32Ty(), b.getPtrTy()});
    b.CreateCall(dot, {b.getInt32(dtype_code(dt)), n, array_data(b, x.v), array_stride(b, x.v, 0), array_data(b, y.v),
                       array_stride(b, y.v, 0), b.getInt32(conjugate ? 1 : 0), out});
    return from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), out), dt);
}

// np.dot(a, b, out) of a matrix and a matrix or vector (Numba's dot_3_mm / dot_3_vm): every
// operand as a matrix (a vector as one row or one column) for the runtime's product.
void FunctionLowering::matrix_product(TypedValue x, TypedValue y, TypedValue out, SourceLoc loc) {
    const Type* dt = x.t->dtype();
    llvm::Value* is = b.getInt64(dt->itemsize());
    const char* form =
        x.t->ndim() == 2 ? (y.t->ndim() == 2 ? "matrix * matrix" : "matrix * vector") : "vector * matrix";
    // (rows, cols, row stride, column stride) of each operand.
    struct M {
        llvm::Value *rows, *cols, *s0, *s1;
    };
    auto matrix = [&](TypedValue v, bool as_row) -> M {
        if (v.t->ndim() == 2)
            return {array_dim(b, v.v, 0), array_dim(b, v.v, 1), array_stride(b, v.v, 0), array_stride(b, v.v, 1)};
        llvm::Value* n = array_dim(b, v.v, 0);
        llvm::Value* s = array_stride(b, v.v, 0);
        return as_row ? M{b.getInt64(1), n, b.CreateMul(n, is), s} : M{n, b.getInt64(1), s, is};
    };
    const bool vm = x.t->ndim() == 1;
    M ma = matrix(x, /*as_row=*/true), mb = matrix(y, /*as_row=*/false), mo = matrix(out, /*as_row=*/vm);
    raise_if(b.CreateICmpNE(ma.cols, mb.rows), "ValueError",
             fmt::format("incompatible array sizes for np.dot(a, b) ({})", form), loc);
    raise_if(b.CreateOr(b.CreateICmpNE(mo.rows, ma.rows), b.CreateICmpNE(mo.cols, mb.cols)), "ValueError",
             fmt::format("incompatible output array size for np.dot(a, b, out) ({})", form), loc);
    llvm::Type* i64 = b.getInt64Ty();
    llvm::FunctionCallee mm = runtime_call(
        "ujit_rt_matmul", b.getVoidTy(),
        {b.getInt32Ty(), i64, i64, i64, b.getPtrTy(), i64, i64, b.getPtrTy(), i64, i64, b.getPtrTy(), i64, i64});
    b.CreateCall(mm, {b.getInt32(dtype_code(dt)), ma.rows, ma.cols, mb.cols, array_data(b, x.v), ma.s0, ma.s1,
                      array_data(b, y.v), mb.s0, mb.s1, array_data(b, out.v), mo.s0, mo.s1});
}

// np.cumsum(a) / np.cumprod(a): the running sums (products) of the flattened array, in the
// result's dtype, into a new 1-D array.
llvm::Value* FunctionLowering::cumulative(TypedValue a, bool sum, const Type* rt, SourceLoc loc) {
    const Type* dt = rt->dtype();
    llvm::Value* out = allocate_array(rt, {array_size(a.v, a.t)}, loc, sum ? "np.cumsum()" : "np.cumprod()");
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, dt), "cum.acc");
    b.CreateStore(convert_or_fail(b.getInt64(sum ? 0 : 1), types::int64(), dt, loc), acc);
    llvm::AllocaInst* k = entry_alloca(b.getInt64Ty(), "cum.k");
    b.CreateStore(b.getInt64(0), k);
    llvm::Type* st = storage_type(mod.ctx, dt);
    for_each_element(a, [&](llvm::Value* p) {
        const Type* at = a.t->dtype();
        llvm::Value* v = convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, at), p), at), at, dt, loc);
        llvm::Value* cur =
            ufunc_binary(sum ? BinOp::Add : BinOp::Mul, b.CreateLoad(value_type(mod.ctx, dt), acc), v, dt, loc);
        b.CreateStore(cur, acc);
        llvm::Value* i = b.CreateLoad(b.getInt64Ty(), k);
        b.CreateStore(to_storage(b, cur, dt), b.CreateGEP(st, array_data(b, out), i));
        b.CreateStore(b.CreateAdd(i, b.getInt64(1)), k);
    });
    return out;
}

// np.outer(a, b): out[i, j] = a.flat[i] * b.flat[j], in the product's dtype.
llvm::Value* FunctionLowering::outer(TypedValue x, TypedValue y, const Type* rt, SourceLoc loc) {
    const Type* dt = rt->dtype();
    llvm::Value* n = array_size(y.v, y.t);
    llvm::Value* out = allocate_array(rt, {array_size(x.v, x.t), n}, loc, "np.outer()");
    llvm::Type* st = storage_type(mod.ctx, dt);
    llvm::AllocaInst* row = entry_alloca(b.getPtrTy(), "outer.row");
    b.CreateStore(array_data(b, out), row);
    auto element = [&](TypedValue a, llvm::Value* p) {
        const Type* at = a.t->dtype();
        return convert_or_fail(from_storage(b, b.CreateLoad(storage_type(mod.ctx, at), p), at), at, dt, loc);
    };
    for_each_element(x, [&](llvm::Value* px) {
        llvm::Value* vx = element(x, px);
        llvm::AllocaInst* j = entry_alloca(b.getInt64Ty(), "outer.j");
        b.CreateStore(b.getInt64(0), j);
        llvm::Value* r = b.CreateLoad(b.getPtrTy(), row);
        for_each_element(y, [&](llvm::Value* py) {
            llvm::Value* jv = b.CreateLoad(b.getInt64Ty(), j);
            llvm::Value* v = ufunc_binary(BinOp::Mul, vx, element(y, py), dt, loc);
            b.CreateStore(to_storage(b, v, dt), b.CreateGEP(st, r, jv));
            b.CreateStore(b.CreateAdd(jv, b.getInt64(1)), j);
        });
        b.CreateStore(b.CreateGEP(st, r, n), row);
    });
    return out;
}

// np.linalg.norm(x, ord): computed by the runtime in float64; a matrix order it does not
// take raises as Numba's does (ValueError), and ord=±2 of a matrix (an SVD) is refused.
llvm::Value* FunctionLowering::linalg_norm(TypedValue x, llvm::Value* ord, const Type* rt, SourceLoc loc) {
    const int nd = x.t->ndim();
    llvm::Type* dims_t = llvm::ArrayType::get(b.getInt64Ty(), 2);
    llvm::AllocaInst* shape = entry_alloca(dims_t, "norm.shape");
    llvm::AllocaInst* strides = entry_alloca(dims_t, "norm.strides");
    for (int k = 0; k < nd; ++k) {
        b.CreateStore(array_dim(b, x.v, k), b.CreateConstInBoundsGEP2_32(dims_t, shape, 0, k));
        b.CreateStore(array_stride(b, x.v, k), b.CreateConstInBoundsGEP2_32(dims_t, strides, 0, k));
    }
    llvm::AllocaInst* status = entry_alloca(b.getInt32Ty(), "norm.status");
    llvm::FunctionCallee norm = runtime_call("ujit_rt_norm", b.getDoubleTy(),
                                             {b.getPtrTy(), b.getInt32Ty(), b.getInt32Ty(), b.getPtrTy(), b.getPtrTy(),
                                              b.getInt32Ty(), b.getDoubleTy(), b.getPtrTy()});
    llvm::Value* v =
        b.CreateCall(norm, {array_data(b, x.v), b.getInt32(dtype_code(x.t->dtype())), b.getInt32(nd), shape, strides,
                            b.getInt32(ord ? 1 : 0), ord ? ord : llvm::ConstantFP::get(b.getDoubleTy(), 0.0), status});
    if (nd == 2) {
        llvm::Value* s = b.CreateLoad(b.getInt32Ty(), status);
        raise_if(b.CreateICmpEQ(s, b.getInt32(cpu::kNormInvalidMatrixOrder)), "ValueError",
                 "Invalid norm order for matrices.", loc);
        raise_if(b.CreateICmpEQ(s, b.getInt32(cpu::kNormNeedsSvd)), "NotImplementedError",
                 "np.linalg.norm() of a matrix with ord=2 or ord=-2 needs its singular values, which ujit does "
                 "not compute",
                 loc);
    }
    return convert_or_fail(v, types::float64(), rt, loc);
}

}  // namespace ujit::codegen
