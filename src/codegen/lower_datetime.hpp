// datetime64 / timedelta64 operators as Numba lowers them (numba/np/npdatetime.py): each
// operand's count converted to the result's unit, NaT (INT64_MIN) in, NaT out; comparisons
// with NaT are False (`!=` True). Branch-free, so one lowering serves both targets.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

namespace ujit::codegen {

// `l op r` where typing (types::datetime_binary_types) gave `result`.
llvm::Value* datetime_binary(llvm::IRBuilder<>& b, syntax::BinOp op, llvm::Value* l, const types::Type* lt,
                             llvm::Value* r, const types::Type* rt, const types::Type* result);
llvm::Value* datetime_compare(llvm::IRBuilder<>& b, syntax::CmpOp op, llvm::Value* l, const types::Type* lt,
                              llvm::Value* r, const types::Type* rt);
// -td, +td; abs(td)
llvm::Value* datetime_unary(llvm::IRBuilder<>& b, syntax::UnaryOp op, llvm::Value* v);
llvm::Value* timedelta_abs(llvm::IRBuilder<>& b, llvm::Value* v);
// np.isnat(x)
llvm::Value* is_nat(llvm::IRBuilder<>& b, llvm::Value* v);
// min(a, b) / max(a, b) of one datetime-like type: NaT loses to a value, as Numba's min_vararg
// compares (NaT < x and NaT > x are both False, so the first operand stays).
llvm::Value* datetime_min_max(llvm::IRBuilder<>& b, bool is_max, llvm::Value* x, llvm::Value* y);

}  // namespace ujit::codegen
