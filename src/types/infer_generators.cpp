// Generators (Numba's Generator type, numba/core/generators.py): a def whose body has a
// `yield` is a generator function. Calling it makes a generator object, typed
// "int64 generator(func=f, args=(int64,), has_finalizer=True)": the unification of what it
// yields, with the def and its argument types (the specialization that runs). Compiled code
// iterates it (for loops, list(), sum()) or takes one item with next(); it passes between
// compiled functions, and a host gets it as a generator object that each next() resumes
// (pipeline/generator_value.cpp). codegen/lower_generators.cpp lowers it.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

// `yield value` adds its type to the yielded ones; `return` ends the generator (Python's
// `return value` would hand the value to StopIteration, which Numba does not model).
void Inferrer::generator_return(const Return* r) {
    const FunctionDef& def = *fn_.def;
    if (cuda()) error(r->loc, fmt::format("'{}' is a generator: generators are not supported in CUDA code", def.name));
    if (!r->yields) {
        if (r->value && !isa<NoneLit>(r->value))
            error(r->value->loc, fmt::format("'return' with a value in generator '{}' is not supported by ujit (a "
                                             "generator ends with a bare 'return')",
                                             def.name));
        return;
    }
    const Type* t = expr(r->value);
    if (!t) return;
    if (!t->is_value() || t->is_none())
        error(r->value->loc, fmt::format("cannot yield {} from '{}'", t->str(), def.name));
    if (t->is_generator() || t->is_record())
        error(r->value->loc, fmt::format("yielding {} from '{}' is not supported by ujit", t->str(), def.name));
    if (!yielded_) {
        yielded_ = t;
        yielded_loc_ = r->value->loc;
        return;
    }
    const Type* u = unify(yielded_, t);
    if (!u)
        fail(r->value->loc, fmt::format("generator '{}' yields {} at {}:{} and {} here, which cannot be unified",
                                        def.name, yielded_->str(), yielded_loc_.line, yielded_loc_.col, t->str()));
    yielded_ = u;
}

void Inferrer::finish_generator() {
    const FunctionDef& def = *fn_.def;
    if (fn_.role == FunctionRole::Kernel)
        error(def.name_loc, fmt::format("CUDA kernel '{}' cannot be a generator", def.name));
    if (!yielded_)
        error(def.name_loc, fmt::format("cannot infer what generator '{}' yields (none of its yields is reached "
                                        "with a known type)",
                                        def.name));
    const Type* g = generator_of(fn_.def, yielded_, fn_.arg_types);
    if (fn_.return_type && fn_.return_type != g)
        error(def.name_loc, fmt::format("generator '{}' is declared to return {}, but it makes {}", def.name,
                                        fn_.return_type->str(), g->str()));
    fn_.return_type = g;
}

// next(g): the generator's next item; StopIteration when it has none (codegen).
const Type* Inferrer::next_call(const Call* c, const std::vector<const Type*>& args) {
    if (args.size() != 1)
        error(c->loc, fmt::format("next() takes one argument in ujit ({} given): next(g, default) is not supported",
                                  args.size()));
    if (!args[0]->is_generator())
        error(c->args[0]->loc,
              fmt::format("next() of {} is not supported by ujit (it takes a generator)", args[0]->str()));
    operands(c, args);
    return args[0]->yield_type();
}

}  // namespace ujit::types
