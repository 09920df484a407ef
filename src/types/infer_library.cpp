// Calls of the NumPy library that take keywords (a.sort(), np.dot, np.vdot, np.linalg.norm):
// the arguments are put in parameter order and typed here, nplib/library_typing decides.
#include "types/infer_impl.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::library_call(const Call* c, BuiltinId id) {
    const std::string what = spelled(c->callee);
    if (cuda() && is_cpu_only(id)) error(c->loc, fmt::format("'{}' is not available in CUDA code", what));
    std::string why;
    SourceLoc where;
    std::vector<const Expr*> args = nplib::library_arguments(c, id, &why, &where);
    if (!why.empty()) error(where, why);
    std::vector<const Type*> types;
    bool unknown = false;
    bool method = is_array_method(id);  // the receiver was typed with the callee
    for (const Expr* a : args) {
        // A string (norm's ord='fro') is typed as one, for library_call_type to refuse by name.
        const Type* t = !a                            ? nullptr
                        : method && types.empty()     ? fn_.type_of(a)
                        : a->kind == ExprKind::StrLit ? unicode()
                                                      : expr(a);
        unknown |= a && !t;
        types.push_back(t);
    }
    if (unknown) return nullptr;
    if (id == BuiltinId::ArraySort) require_writable(args[0], types[0]);
    if (id == BuiltinId::NpDot && args[2]) require_writable(args[2], types[2]);
    if (cuda() && id == BuiltinId::NpRavel && types[0] && types[0]->is_array() &&
        types[0]->layout() != Layout::C)  // nparray: a copy, as a.ravel()'s (infer_call.cpp)
        error(c->loc, fmt::format("np.ravel() of a {} copies it, which CUDA code cannot do (it cannot allocate)",
                                  types[0]->str()));
    nplib::CallTyping t = nplib::library_call_type(id, types, args);
    if (!t.result) error(t.error_arg >= 0 && args[t.error_arg] ? args[t.error_arg]->loc : c->loc, t.error);
    operands(c, t.operands);
    return t.result;
}

}  // namespace ujit::types
