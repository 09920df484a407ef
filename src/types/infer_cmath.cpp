// Typing of the cmath module, with Numba's signatures (cmathdecl.py and cmathimpl.py): each
// function takes a complex (complex64 stays complex64, complex128 stays complex128) and
// gives one of the same type; phase gives its float part type, polar a pair of them, the
// isnan/isinf/isfinite predicates a bool, rect(r, phi) complex64 for two float32s and
// complex128 otherwise, log(z, base) the wider of the two. A real argument is taken as the
// complex with a zero imaginary part (float16/32 as complex64, the others as complex128), as
// CPython's cmath and Numba's ConcreteTemplate cases (acosh, exp, tan, ...) take it.
#include "types/builtins.hpp"
#include "types/infer_impl.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::cmath_call(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = spelled(c->callee);
    const BuiltinInfo& info = builtin_info(id);
    if (args.size() < info.min_args || args.size() > info.max_args) {
        std::string n = info.min_args == info.max_args ? std::to_string(info.min_args)
                                                       : fmt::format("{} to {}", info.min_args, info.max_args);
        error(c->loc,
              fmt::format("{}() takes {} argument{} ({} given)", what, n, info.max_args == 1 ? "" : "s", args.size()));
    }
    // The complex type argument i is taken as.
    auto as_complex = [&](size_t i) {
        const Type* t = args[i];
        if (!t->is_number())
            error(c->args[i]->loc, fmt::format("{}() does not accept an argument of type {}", what, t->str()));
        if (t->is_complex()) return t;
        return complex(t->is_float() && t->bits() <= 32 ? 64 : 128);
    };
    switch (id) {
    case BuiltinId::CmathRect: {
        for (size_t i = 0; i < 2; ++i)
            if (!args[i]->is_number() || args[i]->is_complex())
                error(c->args[i]->loc, fmt::format("{}() needs real numbers, not {}", what, args[i]->str()));
        const Type* f = args[0] == float32() && args[1] == float32() ? float32() : float64();
        operands(c, {f, f});
        return complex(f->bits() == 32 ? 64 : 128);
    }
    case BuiltinId::CmathLog:
        if (args.size() == 2) {
            const Type* z = as_complex(0);
            const Type* base = as_complex(1);
            const Type* t = z->bits() == 128 || base->bits() == 128 ? complex(128) : complex(64);
            operands(c, {t, t});
            return t;
        }
        break;
    default: break;
    }
    const Type* z = as_complex(0);
    operands(c, {z});
    switch (id) {
    case BuiltinId::CmathIsnan:
    case BuiltinId::CmathIsinf:
    case BuiltinId::CmathIsfinite: return boolean();
    case BuiltinId::CmathPhase: return z->dtype();
    case BuiltinId::CmathPolar: return tuple({z->dtype(), z->dtype()});
    default: return z;
    }
}

}  // namespace ujit::types
