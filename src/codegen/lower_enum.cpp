// Enum members in generated code (types/enum_classes.cpp types them): a member is its value,
// so only identity and Color(value) need code of their own.
#include "codegen/convert.hpp"
#include "codegen/lower_context.hpp"

#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

llvm::Value* FunctionLowering::values_equal(llvm::Value* l, llvm::Value* r, const Type* t, SourceLoc loc) {
    if (!t->is_tuple()) return compare_values(CmpOp::Eq, l, t, r, t, loc);
    llvm::Value* all = b.getTrue();
    for (unsigned i = 0; i < t->elements().size(); ++i)
        all = b.CreateAnd(all,
                          values_equal(b.CreateExtractValue(l, i), b.CreateExtractValue(r, i), t->elements()[i], loc));
    return all;
}

llvm::Value* FunctionLowering::enum_compare(CmpOp op, llvm::Value* l, llvm::Value* r, const Type* operand) {
    const bool positive = op == CmpOp::Is || op == CmpOp::Eq;
    if (!operand || !(operand->is_none() || operand->is_enum())) return nullptr;
    if (operand->is_none()) return b.getInt1(!positive);  // members of other classes, other objects
    llvm::Value* same = values_equal(l, r, operand->enum_value(), {});
    return positive ? same : b.CreateNot(same);
}

// Color(v): v converted to the value type, checked to be some member's (Python's ValueError).
llvm::Value* FunctionLowering::enum_from_value(const Call* e) {
    const Type* member = type_of(e);
    const Type* vt = member->enum_value();
    llvm::Value* v = expr_as(e->args[0], vt);
    llvm::Value* found = b.getFalse();
    for (const types::ConstValue& value : fn.enum_values.at(e->id))
        found = b.CreateOr(found, values_equal(v, constant_value(b, value), vt, e->loc));
    raise_if(b.CreateNot(found), "ValueError", fmt::format("value is not a valid {}", member->enum_name()), e->loc);
    return v;
}

}  // namespace ujit::codegen
