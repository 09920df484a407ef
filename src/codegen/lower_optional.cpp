// Numba's Optional(T) (numba/core/optional.py): a {payload, valid} pair whose payload is zero
// when it is None. Wrapping a T or None into one, and Optional(A) into Optional(B), is
// convert.cpp's; here what needs the function: unwrapping, which raises TypeError("expected T,
// got None") as Numba's optional_to_any does, and the comparisons with None.
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using syntax::CmpOp;
using types::Type;

llvm::Value* FunctionLowering::optional_payload(llvm::Value* v, const Type* t, syntax::SourceLoc loc) {
    llvm::Value* valid = b.CreateExtractValue(v, 1, "opt.valid");
    raise_if(b.CreateNot(valid), "TypeError", fmt::format("expected {}, got None", t->optional_of()->str()), loc);
    return b.CreateExtractValue(v, 0, "opt.value");
}

llvm::Value* FunctionLowering::optional_compare(CmpOp op, llvm::Value* l, const Type* lt, llvm::Value* r,
                                                const Type* rt, syntax::SourceLoc loc) {
    const bool identity = op == CmpOp::Is || op == CmpOp::IsNot || op == CmpOp::Eq || op == CmpOp::Ne;
    if (identity && (lt->is_none() || rt->is_none())) {
        // Numba's optional_is_none; `==` and `!=` with None are `is` and `is not` (none_equality).
        llvm::Value* valid = b.CreateExtractValue(lt->is_none() ? r : l, 1, "opt.valid");
        return op == CmpOp::Is || op == CmpOp::Eq ? b.CreateNot(valid) : valid;
    }
    if (lt->is_optional()) {
        l = optional_payload(l, lt, loc);
        lt = lt->optional_of();
    }
    if (rt->is_optional()) {
        r = optional_payload(r, rt, loc);
        rt = rt->optional_of();
    }
    return compare_values(op, l, lt, r, rt, loc);
}

}  // namespace ujit::codegen
