// np.append and np.kron (typed by nplib/combine_typing.cpp), and the dispatch of nplib7's
// combine_typing calls (np.cov and np.corrcoef: lower_covariance.cpp).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::combine_call(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                            SourceLoc loc) {
    switch (id) {
    case BuiltinId::NpAppend: return array_append(args[0], args[1], args[2].v, rt, loc);
    case BuiltinId::NpKron: return kron(args[0], args[1], rt, loc);
    default: return covariance(id, args, rt, loc);
    }
}

// np.append(arr, values): arr's items then values' (each raveled in C order, a number as one
// item) in a new 1-D array; with an axis, np.concatenate((arr, values), axis), as Numba's.
llvm::Value* FunctionLowering::array_append(TypedValue arr, TypedValue values, llvm::Value* axis, const Type* rt,
                                            SourceLoc loc) {
    if (axis) {
        const Type* pair = types::tuple({arr.t, values.t});
        llvm::Value* tup = llvm::UndefValue::get(value_type(mod.ctx, pair));
        tup = b.CreateInsertValue(b.CreateInsertValue(tup, arr.v, 0), values.v, 1);
        return join_arrays(BuiltinId::NpConcatenate, {tup, pair}, axis, rt, loc);
    }
    const Type* et = rt->dtype();
    llvm::Type* st = storage_type(mod.ctx, et);
    auto count = [&](TypedValue x) { return x.t->is_array() ? array_size(x.v, x.t) : b.getInt64(1); };
    llvm::Value* out = allocate_array(rt, {b.CreateAdd(count(arr), count(values))}, loc, "np.append()");
    llvm::AllocaInst* at = entry_alloca(b.getInt64Ty(), "append.at");
    b.CreateStore(b.getInt64(0), at);
    auto put = [&](llvm::Value* v, const Type* vt) {
        llvm::Value* k = b.CreateLoad(b.getInt64Ty(), at);
        b.CreateStore(to_storage(b, convert_or_fail(v, vt, et, loc), et), b.CreateGEP(st, array_data(b, out), k));
        b.CreateStore(b.CreateAdd(k, b.getInt64(1)), at);
    };
    for (TypedValue x : {arr, values}) {
        if (!x.t->is_array()) {
            put(x.v, x.t);
            continue;
        }
        const Type* dt = x.t->dtype();
        for_each_element(
            x, [&](llvm::Value* p) { put(from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), p), dt), dt); });
    }
    return out;
}

// np.kron(a, b) as Numba's: a 1-D operand is one row; out[i*bm + k, j*bn + l] = a[i, j] * b[k, l]
// (the product in the operands' promoted type, stored as a's dtype).
llvm::Value* FunctionLowering::kron(TypedValue x, TypedValue y, const Type* rt, SourceLoc loc) {
    struct Matrix {
        llvm::Value *rows, *cols, *s0, *s1, *data;
        const Type* dt;
    };
    auto matrix = [&](TypedValue a) {
        bool two = a.t->ndim() == 2;
        return Matrix{two ? array_dim(b, a.v, 0) : b.getInt64(1),
                      array_dim(b, a.v, two ? 1 : 0),
                      two ? array_stride(b, a.v, 0) : b.getInt64(0),
                      array_stride(b, a.v, two ? 1 : 0),
                      array_data(b, a.v),
                      a.t->dtype()};
    };
    Matrix A = matrix(x), B = matrix(y);
    llvm::Value* rows = b.CreateMul(A.rows, B.rows);
    llvm::Value* cols = b.CreateMul(A.cols, B.cols);
    std::vector<llvm::Value*> shape{rows, cols};
    if (rt->ndim() == 1) shape = {cols};
    llvm::Value* out = allocate_array(rt, shape, loc, "np.kron()");
    const Type* et = rt->dtype();
    llvm::Type* st = storage_type(mod.ctx, et);
    auto element = [&](const Matrix& m, llvm::Value* i, llvm::Value* j) {
        llvm::Value* row = b.CreateGEP(b.getInt8Ty(), m.data, b.CreateMul(i, m.s0));
        return lane_element(row, m.s1, j, m.dt, m.dt, loc);
    };
    counted_range(A.rows, [&](llvm::Value* i) {
        counted_range(B.rows, [&](llvm::Value* k) {
            llvm::Value* r = b.CreateAdd(b.CreateMul(i, B.rows), k);
            counted_range(A.cols, [&](llvm::Value* j) {
                llvm::Value* aij = element(A, i, j);
                counted_range(B.cols, [&](llvm::Value* l) {
                    TypedValue p = binary_values(BinOp::Mul, aij, A.dt, element(B, k, l), B.dt, nullptr, loc);
                    llvm::Value* c = b.CreateAdd(b.CreateMul(j, B.cols), l);
                    llvm::Value* at = b.CreateAdd(b.CreateMul(r, cols), c);
                    b.CreateStore(to_storage(b, convert_or_fail(p.v, p.t, et, loc), et),
                                  b.CreateGEP(st, array_data(b, out), at));
                });
            });
        });
    });
    return out;
}

}  // namespace ujit::codegen
