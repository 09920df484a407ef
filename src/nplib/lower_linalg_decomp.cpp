// np.linalg's factorizations (typed by nplib/decomp_typing.cpp): the results allocated here,
// the work done by the runtime through LAPACK (cpu/helper_lapack_decomp.hpp), whose status
// becomes Numba's error (raise_linalg_status, which np.linalg.solve/inv/det use too).
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_lapack_decomp.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using types::BuiltinId;
using types::Type;

namespace {

int32_t lapack_kind(const Type* dt) {
    if (dt->is_complex()) return dt->bits() == 64 ? UJIT_LINALG_C64 : UJIT_LINALG_C128;
    return dt->bits() == 32 ? UJIT_LINALG_F32 : UJIT_LINALG_F64;
}

}  // namespace

void FunctionLowering::raise_linalg_status(llvm::Value* status, const std::string& what, syntax::SourceLoc loc) {
    struct Outcome {
        UjitLinalgStatus status;
        const char* cls;
        std::string message;
    };
    std::string name = what.substr(what.rfind('.') + 1);  // "eig()" of "np.linalg.eig()"
    const Outcome outcomes[] = {
        {UJIT_LINALG_NOT_SQUARE, "LinAlgError", "Last 2 dimensions of the array must be square."},
        {UJIT_LINALG_NONFINITE, "LinAlgError", "Array must not contain infs or NaNs."},
        {UJIT_LINALG_EMPTY, "LinAlgError", "Arrays cannot be empty"},
        {UJIT_LINALG_INCOMPATIBLE, "LinAlgError", "Incompatible array sizes, system is not dimensionally valid."},
        {UJIT_LINALG_SINGULAR, "LinAlgError", "Matrix is singular to machine precision."},
        {UJIT_LINALG_NOT_POSITIVE_DEFINITE, "LinAlgError", "Matrix is not positive definite."},
        {UJIT_LINALG_NO_CONVERGENCE, "ValueError", "Internal algorithm failed to converge."},
        {UJIT_LINALG_DOMAIN_CHANGE, "ValueError", name + " argument must not cause a domain change."},
        {UJIT_LINALG_BAD_ORDER, "ValueError", "Invalid norm order for matrices."},
        {UJIT_LINALG_NO_LAPACK, "RuntimeError",
         what + " needs LAPACK, which ujit found in neither the OpenBLAS it loads for BLAS nor liblapack.so.3 "
                "(install libopenblas0 or liblapack3, or set UJIT_BLAS_LIBRARY)"},
        {UJIT_LINALG_TOO_LARGE, "ValueError", what + ": the matrix is too large for LAPACK's 32-bit sizes"},
    };
    for (const Outcome& o : outcomes) raise_if(b.CreateICmpEQ(status, b.getInt32(o.status)), o.cls, o.message, loc);
}

llvm::Value* FunctionLowering::linalg_decomp_call(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                                  syntax::SourceLoc loc) {
    const TypedValue& a = args[0];
    const std::string what = std::string(types::builtin_name(id)) + "()";
    const Type* dt = a.t->dtype();
    llvm::Type* i32 = b.getInt32Ty();
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Type* ptr = b.getPtrTy();
    if (id == BuiltinId::NpLinalgMatrixRank && a.t->ndim() == 1) {  // Numba's: 1 if any item is nonzero
        llvm::AllocaInst* any = entry_alloca(b.getInt1Ty(), "rank.any");
        b.CreateStore(b.getFalse(), any);
        for_each_element(a, [&](llvm::Value* p) {
            llvm::Value* v = from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), p), dt);
            b.CreateStore(b.CreateOr(b.CreateLoad(b.getInt1Ty(), any), truth(b, v, dt)), any);
        });
        return b.CreateZExt(b.CreateLoad(b.getInt1Ty(), any), i64);
    }
    llvm::Value* kind = b.getInt32(lapack_kind(dt));
    llvm::Value* m = array_dim(b, a.v, 0);
    llvm::Value* n = array_dim(b, a.v, 1);
    llvm::Value* s0 = array_stride(b, a.v, 0);
    llvm::Value* s1 = array_stride(b, a.v, 1);
    llvm::Value* data = array_data(b, a.v);
    llvm::Value* k = b.CreateSelect(b.CreateICmpSLT(m, n), m, n);
    auto element = [&](unsigned i) { return rt->is_tuple() ? rt->elements()[i] : rt; };
    auto square = [&]() {
        raise_linalg_status(b.CreateSelect(b.CreateICmpNE(m, n), b.getInt32(UJIT_LINALG_NOT_SQUARE), b.getInt32(0)),
                            what, loc);
    };
    auto call = [&](const char* name, std::vector<llvm::Type*> params, std::vector<llvm::Value*> values) {
        llvm::Value* status = b.CreateCall(runtime_call(name, i32, params), values);
        raise_linalg_status(status, what, loc);
    };
    auto pack = [&](const std::vector<llvm::Value*>& items) {
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, rt));
        for (unsigned i = 0; i < items.size(); ++i) out = b.CreateInsertValue(out, items[i], i);
        return out;
    };
    llvm::Value* null = llvm::ConstantPointerNull::get(b.getPtrTy());
    switch (id) {
    case BuiltinId::NpLinalgCholesky: {
        square();
        llvm::Value* out = allocate_array(rt, {n, n}, loc, what);
        call("ujit_rt_linalg_cholesky", {i32, i64, ptr, i64, i64, ptr}, {kind, n, data, s0, s1, array_data(b, out)});
        return out;
    }
    case BuiltinId::NpLinalgQr: {
        llvm::Value* q = allocate_array(element(0), {m, k}, loc, what);
        llvm::Value* r = allocate_array(element(1), {k, n}, loc, what);
        call("ujit_rt_linalg_qr", {i32, i64, i64, ptr, i64, i64, ptr, ptr},
             {kind, m, n, data, s0, s1, array_data(b, q), array_data(b, r)});
        return pack({q, r});
    }
    case BuiltinId::NpLinalgEigh:
    case BuiltinId::NpLinalgEigvalsh:
    case BuiltinId::NpLinalgEig:
    case BuiltinId::NpLinalgEigvals: {
        square();
        bool vectors = id == BuiltinId::NpLinalgEigh || id == BuiltinId::NpLinalgEig;
        llvm::Value* w = allocate_array(element(0), {n}, loc, what);
        llvm::Value* v = vectors ? allocate_array(element(1), {n, n}, loc, what) : nullptr;
        bool hermitian = id == BuiltinId::NpLinalgEigh || id == BuiltinId::NpLinalgEigvalsh;
        call(hermitian ? "ujit_rt_linalg_eigh" : "ujit_rt_linalg_eig", {i32, i64, ptr, i64, i64, ptr, ptr},
             {kind, n, data, s0, s1, array_data(b, w), v ? array_data(b, v) : null});
        return vectors ? pack({w, v}) : w;
    }
    case BuiltinId::NpLinalgSvd: {
        llvm::Value* full = args[1].v ? args[1].v : b.getTrue();
        llvm::Value* u = allocate_array(element(0), {m, b.CreateSelect(full, m, k)}, loc, what);
        llvm::Value* s = allocate_array(element(1), {k}, loc, what);
        llvm::Value* vh = allocate_array(element(2), {b.CreateSelect(full, n, k), n}, loc, what);
        call(
            "ujit_rt_linalg_svd", {i32, i64, i64, ptr, i64, i64, i32, ptr, ptr, ptr},
            {kind, m, n, data, s0, s1, b.CreateZExt(full, i32), array_data(b, u), array_data(b, s), array_data(b, vh)});
        return pack({u, s, vh});
    }
    case BuiltinId::NpLinalgLstsq: {
        const TypedValue& rhs = args[1];
        bool matrix = rhs.t->ndim() == 2;
        llvm::Value* nrhs = matrix ? array_dim(b, rhs.v, 1) : b.getInt64(1);
        llvm::Value* b1 = matrix ? array_stride(b, rhs.v, 1) : b.getInt64(0);
        std::vector<llvm::Value*> x_shape{n};
        if (matrix) x_shape.push_back(nrhs);
        llvm::Value* x = allocate_array(element(0), x_shape, loc, what);
        const Type* values_t = element(1);
        llvm::Value* scratch = allocate_array(values_t, {nrhs}, loc, what);  // the residuals, before their count
        llvm::Value* s = allocate_array(element(3), {k}, loc, what);
        llvm::AllocaInst* count = entry_alloca(i64, "lstsq.residuals");
        llvm::AllocaInst* rank = entry_alloca(i32, "lstsq.rank");
        llvm::Value* rcond = args[2].v ? args[2].v : llvm::ConstantFP::get(b.getDoubleTy(), -1.0);
        call("ujit_rt_linalg_lstsq",
             {i32, i64, i64, ptr, i64, i64, i64, i64, ptr, i64, i64, b.getDoubleTy(), ptr, ptr, ptr, ptr, ptr},
             {kind, m, n, data, s0, s1, array_dim(b, rhs.v, 0), nrhs, array_data(b, rhs.v), array_stride(b, rhs.v, 0),
              b1, rcond, array_data(b, x), array_data(b, scratch), count, rank, array_data(b, s)});
        llvm::Value* used = b.CreateLoad(i64, count);
        llvm::Value* residuals = allocate_array(values_t, {used}, loc, what);
        b.CreateMemCpy(array_data(b, residuals), llvm::MaybeAlign(), array_data(b, scratch), llvm::MaybeAlign(),
                       b.CreateMul(used, b.getInt64(values_t->dtype()->itemsize())));
        return pack({x, residuals, b.CreateLoad(i32, rank), s});
    }
    case BuiltinId::NpLinalgPinv: {
        llvm::Value* out = allocate_array(rt, {n, m}, loc, what);
        llvm::Value* rcond = args[1].v ? args[1].v : llvm::ConstantFP::get(b.getDoubleTy(), 1e-15);
        call("ujit_rt_linalg_pinv", {i32, i64, i64, ptr, i64, i64, b.getDoubleTy(), ptr},
             {kind, m, n, data, s0, s1, rcond, array_data(b, out)});
        return out;
    }
    case BuiltinId::NpLinalgMatrixRank: {
        llvm::AllocaInst* rank = entry_alloca(i64, "matrix_rank");
        llvm::Value* tol = args[1].v ? args[1].v : llvm::ConstantFP::get(b.getDoubleTy(), 0.0);
        call("ujit_rt_linalg_matrix_rank", {i32, i64, i64, ptr, i64, i64, i32, b.getDoubleTy(), ptr},
             {kind, m, n, data, s0, s1, b.getInt32(args[1].v != nullptr), tol, rank});
        return b.CreateLoad(i64, rank);
    }
    case BuiltinId::NpLinalgCond: {
        llvm::AllocaInst* out = entry_alloca(b.getDoubleTy(), "cond");
        llvm::Value* p = args[1].v ? args[1].v : llvm::ConstantFP::get(b.getDoubleTy(), 2.0);
        call("ujit_rt_linalg_cond", {i32, i64, i64, ptr, i64, i64, i32, b.getDoubleTy(), ptr},
             {kind, m, n, data, s0, s1, b.getInt32(args[1].v != nullptr), p, out});
        return b.CreateLoad(b.getDoubleTy(), out);
    }
    case BuiltinId::NpLinalgMatrixPower: {
        llvm::Value* power = args[1].v;
        raise_if(b.CreateAnd(b.CreateICmpNE(power, b.getInt64(0)), b.CreateICmpNE(m, n)), "ValueError",
                 "input must be a square array", loc);
        llvm::Value* out = allocate_array(rt, {m, n}, loc, what);
        call("ujit_rt_linalg_matrix_power", {i32, i64, i64, ptr, i64, i64, i64, ptr},
             {kind, m, n, data, s0, s1, power, array_data(b, out)});
        return out;
    }
    default: syntax::internal_error(loc, fmt::format("{} lowered as a factorization", what));
    }
}

}  // namespace ujit::codegen
