// np.linalg.solve, inv, det and slogdet (typed by nplib/linalg_typing.cpp): the shape checks
// here, with Numba's LinAlgError messages; the factorizations in the runtime
// (cpu/helper_lapack.hpp), whose status becomes Numba's errors (raise_linalg_status).
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_lapack.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using types::BuiltinId;
using types::Type;

namespace {

int32_t linalg_kind(const Type* dt) {
    if (dt->is_complex()) return dt->bits() == 64 ? UJIT_LINALG_C64 : UJIT_LINALG_C128;
    return dt->bits() == 32 ? UJIT_LINALG_F32 : UJIT_LINALG_F64;
}

}  // namespace

// np.triu(m, k) / np.tril(m, k): a C copy of m with the elements below (above) diagonal k zero.
llvm::Value* FunctionLowering::triangle(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                        syntax::SourceLoc loc) {
    const TypedValue& m = args[0];
    llvm::Value* rows = array_dim(b, m.v, 0);
    llvm::Value* cols = array_dim(b, m.v, 1);
    llvm::Value* out = allocate_array(rt, {rows, cols}, loc, fmt::format("{}()", types::builtin_name(id)));
    llvm::Type* i64 = b.getInt64Ty();
    llvm::FunctionCallee f = runtime_call("ujit_rt_triangle", b.getVoidTy(),
                                          {b.getPtrTy(), i64, i64, i64, i64, i64, b.getPtrTy(), i64, b.getInt32Ty()});
    b.CreateCall(f, {array_data(b, m.v), rows, cols, array_stride(b, m.v, 0), array_stride(b, m.v, 1),
                     b.getInt64(m.t->dtype()->itemsize()), array_data(b, out), args[1].v ? args[1].v : b.getInt64(0),
                     b.getInt32(id == BuiltinId::NpTriu)});
    return out;
}

llvm::Value* FunctionLowering::linalg_call(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                           syntax::SourceLoc loc) {
    if (id == BuiltinId::NpTriu || id == BuiltinId::NpTril) return triangle(id, args, rt, loc);
    const TypedValue& a = args[0];
    const Type* dt = a.t->dtype();
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Type* ptr = b.getPtrTy();
    llvm::Value* n = array_dim(b, a.v, 0);
    raise_if(b.CreateICmpNE(array_dim(b, a.v, 1), n), "LinAlgError", "Last 2 dimensions of the array must be square.",
             loc);
    llvm::Value* kind = b.getInt32(linalg_kind(dt));
    llvm::Value* s0 = array_stride(b, a.v, 0);
    llvm::Value* s1 = array_stride(b, a.v, 1);
    llvm::Value* status = nullptr;
    llvm::Value* result = nullptr;
    const Type* real = dt->is_complex() ? types::floating(dt->bits() / 2) : dt;
    llvm::AllocaInst *sign = nullptr, *logdet = nullptr, *det = nullptr;  // det and slogdet's results
    switch (id) {
    case BuiltinId::NpLinalgInv: {
        result = allocate_array(rt, {n, n}, loc, "np.linalg.inv()");
        llvm::FunctionCallee f =
            runtime_call("ujit_rt_linalg_inv", b.getInt32Ty(), {b.getInt32Ty(), i64, ptr, i64, i64, ptr});
        status = b.CreateCall(f, {kind, n, array_data(b, a.v), s0, s1, array_data(b, result)});
        break;
    }
    case BuiltinId::NpLinalgSolve: {
        const TypedValue& rhs = args[1];
        raise_if(b.CreateICmpNE(array_dim(b, rhs.v, 0), n), "LinAlgError",
                 "Incompatible array sizes, system is not dimensionally valid.", loc);
        bool matrix = rhs.t->ndim() == 2;
        llvm::Value* nrhs = matrix ? array_dim(b, rhs.v, 1) : b.getInt64(1);
        llvm::Value* b1 = matrix ? array_stride(b, rhs.v, 1) : b.getInt64(0);
        std::vector<llvm::Value*> shape{n};
        if (matrix) shape.push_back(nrhs);
        result = allocate_array(rt, shape, loc, "np.linalg.solve()");
        llvm::FunctionCallee f = runtime_call("ujit_rt_linalg_solve", b.getInt32Ty(),
                                              {b.getInt32Ty(), i64, ptr, i64, i64, i64, ptr, i64, i64, ptr});
        status = b.CreateCall(f, {kind, n, array_data(b, a.v), s0, s1, nrhs, array_data(b, rhs.v),
                                  array_stride(b, rhs.v, 0), b1, array_data(b, result)});
        break;
    }
    case BuiltinId::NpLinalgDet:
    case BuiltinId::NpLinalgSlogdet: {
        sign = entry_alloca(storage_type(mod.ctx, dt), "slogdet.sign");
        logdet = entry_alloca(storage_type(mod.ctx, real), "slogdet.logdet");
        det = entry_alloca(storage_type(mod.ctx, dt), "det");
        llvm::FunctionCallee f =
            runtime_call("ujit_rt_linalg_slogdet", b.getInt32Ty(), {b.getInt32Ty(), i64, ptr, i64, i64, ptr, ptr, ptr});
        status = b.CreateCall(f, {kind, n, array_data(b, a.v), s0, s1, sign, logdet, det});
        break;
    }
    default: syntax::internal_error(loc, fmt::format("{} lowered as np.linalg", types::builtin_name(id)));
    }
    raise_linalg_status(status, fmt::format("{}()", types::builtin_name(id)), loc);
    auto load = [&](llvm::AllocaInst* p, const Type* t) {
        return from_storage(b, b.CreateLoad(storage_type(mod.ctx, t), p), t);
    };
    if (id == BuiltinId::NpLinalgDet) return load(det, dt);
    if (id == BuiltinId::NpLinalgSlogdet) {
        llvm::Value* pair = llvm::UndefValue::get(value_type(mod.ctx, rt));
        pair = b.CreateInsertValue(pair, load(sign, dt), 0);
        return b.CreateInsertValue(pair, load(logdet, real), 1);
    }
    return result;
}

}  // namespace ujit::codegen
