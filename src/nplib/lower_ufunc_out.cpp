// A NumPy ufunc given its output array (np.sin(x, out), np.add(a, b, out=o); typed by
// types/infer_ufunc_out.cpp): the inputs, scalars or arrays (array expressions fuse in), are
// broadcast into the output's shape and computed into it by the same single loop that stores
// an array expression (lower_array_expr.cpp), overlap with the output handled as there. The
// call's value is the output array, borrowed as a view is.
#include "codegen/lower_context.hpp"
#include "nplib/array_expr.hpp"

namespace ujit::codegen {

using nplib::ArrayExpr;
using syntax::Call;
using syntax::Expr;
using types::Type;

// Typing made the call's value its output array (types/infer_ufunc_out.cpp).
const Expr* FunctionLowering::ufunc_output(const Call* e) const {
    const Type* ct = fn.type_of(e->callee);
    const Type* t = fn.type_of(e);
    if (!ct || ct->kind() != types::Kind::BuiltinFunc || !t || !t->is_array()) return nullptr;
    return nplib::ufunc_output_of(e, ct->builtin());
}

llvm::Value* FunctionLowering::ufunc_into_output(const Call* e, types::BuiltinId id, const Expr* out) {
    size_t nin = *nplib::ufunc_nin(id);
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> node = array_expr_node(ArrayExpr::Kind::Builtin, nullptr, e->loc);
    node->builtin = id;
    std::vector<const Type*> dtypes;
    for (size_t k = 0; k < nin; ++k) {
        node->args.push_back(array_expr_tree(e->args[k], leaves));
        dtypes.push_back(node->args.back()->elem_type());
    }
    auto loop = nplib::find_loop(*nplib::builtin_ufunc(id), dtypes);
    UJIT_INTERNAL_ASSERT(loop.has_value(), e->loc, "a ufunc with an output typed without a loop");
    node->loop = *loop;
    node->type = loop->out;
    TypedValue dest{expr(out), type_of(out)};
    store_array_expr(dest, *node, leaves, e->loc);
    return dest.v;
}

}  // namespace ujit::codegen
