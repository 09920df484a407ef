// `raise` and `assert`: the exception class, resolved at compile time, and its arguments: a
// constant message (Numba's static exceptions) or values formatted when it raises (its
// dynamic ones, codegen/lower_raise.cpp); the CPU raises them through the error guard, CUDA
// code ends the raising thread (codegen/kernel_raise.hpp).
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/raise_arguments.hpp"

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

// A static exception's message: its one constant string argument.
std::string Inferrer::exception_message(const Expr* e) { return cast<StrLit>(e)->value; }

void Inferrer::raise_stmt(const Raise* r) {
    RaisedException raised;
    if (r->assertion) {
        raised.class_name = "AssertionError";
    } else if (auto* c = dyn_cast<Call>(r->exc)) {
        raised.class_name = exception_class(c->callee);
        if (!c->keywords.empty()) error(c->keywords.front().loc, "ujit raises exceptions without keyword arguments");
    } else {
        raised.class_name = exception_class(r->exc);
    }
    std::vector<const Expr*> args = raise_arguments(r);
    if (!raise_is_dynamic(args)) {
        if (!args.empty()) raised.message = exception_message(args[0]);
    } else if (cuda()) {
        // A kernel's raise sites are a constant table (codegen/kernel_raise.hpp).
        error(args[0]->loc, "in CUDA code ujit raises exceptions with a constant string message only (or none)");
    } else {
        // Numba boxes each value into the exception; ujit formats the ones print() writes as
        // str() and repr() alike.
        for (const Expr* a : args) {
            const Type* t = isa<StrLit>(a) ? unicode() : expr(a);
            if (!t || t->is_int() || t->is_float() || t->is_bool() || t->is_str() || t->is_none()) continue;
            error(a->loc, fmt::format("ujit raises exceptions with arguments that are numbers, bools, strings or "
                                      "None; this one is {}",
                                      t->str()));
        }
    }
    if (final_) fn_.raises[r->id] = std::move(raised);
}

}  // namespace ujit::types
