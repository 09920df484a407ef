// An array expression (`a * 2 + b`, `np.sqrt(a * a + b * b)`, `m > 0`) as a tree, as Numba's
// array-expression rewrite sees it: leaves are arrays and scalars (each evaluated once, before
// the loop), inner nodes the ufuncs applied per element. Lowering walks the tree once per
// element inside one loop nest, so the whole expression needs no temporary arrays.
// FunctionLowering::lower_array_expr_into(dest, e) is the single entry point that stores an
// expression into an existing array (slice assignment, in-place operators); a new array
// made for the result (allocation) would be filled through it too.
#pragma once

#include "nplib/ufunc_typing.hpp"
#include "syntax/ast.hpp"
#include "types/builtins.hpp"
#include "types/type.hpp"

#include <llvm/IR/Value.h>

#include <memory>
#include <vector>

namespace ujit::types {
struct TypedFunction;
}

namespace ujit::nplib {

struct ArrayExpr {
    // Call: a @vectorize function of the module (its scalar specialization `callee`).
    enum class Kind { Array, Scalar, Binary, Compare, Unary, Builtin, Call };
    Kind kind = Kind::Scalar;
    const types::Type* type = nullptr;  // of one element of the result (Array: the array's type)
    syntax::SourceLoc loc;
    llvm::Value* value = nullptr;  // Array: the array struct; Scalar: the value
    int leaf = -1;                 // Array: its index among the expression's array leaves
    syntax::BinOp bin_op{};
    syntax::CmpOp cmp_op{};
    syntax::UnaryOp unary_op{};
    types::BuiltinId builtin{};
    const types::TypedFunction* callee = nullptr;
    UfuncLoop loop;  // inner nodes: the input types operands are converted to, the output type
    std::vector<std::unique_ptr<ArrayExpr>> args;

    const types::Type* elem_type() const { return kind == Kind::Array ? type->dtype() : type; }
};

}  // namespace ujit::nplib
