// `raise` and `assert`: the exception class and its constant message, resolved at compile
// time (Numba's static exceptions); the CPU raises them through the error guard, CUDA code
// ends the raising thread (codegen/kernel_raise.hpp).
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

// The class a raise names: a builtin exception class or one of the module's own subclasses.
std::string Inferrer::exception_class(const Expr* e) {
    auto* n = dyn_cast<Name>(e);
    if (!n) error(e->loc, "ujit raises only exception classes named directly (ValueError, or a module-level class)");
    if (locals_.count(n->id))
        error(n->loc, fmt::format("'{}' is a variable: exceptions must derive from BaseException", n->id));
    auto user = m_.exception_classes.find(n->id);
    auto host = m_.host_only.find(n->id);
    if (user != m_.exception_classes.end() && host != m_.host_only.end() &&
        host->second.loc.line == user->second.line && host->second.loc.col == user->second.col)
        return n->id;
    if (m_.find_global(n->id) || host != m_.host_only.end())
        error(n->loc, fmt::format("'{}' is not an exception class: exceptions must derive from BaseException", n->id));
    if (is_builtin_exception(n->id)) return n->id;
    if (m_.lookup(n->id))
        error(n->loc, fmt::format("'{}' is not an exception class: exceptions must derive from BaseException", n->id));
    m_.fail_undefined(n->loc, n->id);
}

std::string Inferrer::exception_message(const Expr* e) {
    if (auto* s = dyn_cast<StrLit>(e)) return s->value;
    error(e->loc, "ujit raises exceptions with a constant string message only (or none)");
}

void Inferrer::raise_stmt(const Raise* r) {
    RaisedException raised;
    if (r->assertion) {
        raised.class_name = "AssertionError";
        if (r->exc) raised.message = exception_message(r->exc);
    } else if (auto* c = dyn_cast<Call>(r->exc)) {
        raised.class_name = exception_class(c->callee);
        if (!c->keywords.empty()) error(c->keywords.front().loc, "ujit raises exceptions without keyword arguments");
        if (c->args.size() > 1)
            error(c->args[1]->loc, "ujit raises exceptions with one argument at most, a constant string");
        if (c->args.size() == 1) raised.message = exception_message(c->args[0]);
    } else {
        raised.class_name = exception_class(r->exc);
    }
    if (final_) fn_.raises[r->id] = std::move(raised);
}

}  // namespace ujit::types
