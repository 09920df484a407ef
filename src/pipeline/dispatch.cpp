#include "pipeline/dispatch.hpp"

#include "types/overload_rating.hpp"

#include <fmt/format.h>

namespace ujit::pipeline {

namespace {

// Whether `value_type` can be passed where `param` is declared (same kind of thing,
// numeric conversions allowed for scalars, exact match for arrays).
bool accepts(const types::Type* param, const types::Type* value_type) {
    if (param == value_type) return true;
    if (param->is_number() && value_type->is_number()) return !(value_type->is_complex() && !param->is_complex());
    if (param->is_array() && value_type->is_array())
        return param->dtype() == value_type->dtype() && param->ndim() == value_type->ndim() &&
               (param->layout() == types::Layout::A || param->layout() == value_type->layout()) &&
               (param->is_readonly() || !value_type->is_readonly());  // Numba: no match for a mutable param
    return false;
}

std::string join_types(const std::vector<const types::Type*>& ts) {
    std::string s;
    for (auto* t : ts) s += (s.empty() ? "" : ", ") + t->str();
    return s;
}

}  // namespace

const types::Signature* choose_signature(const detail::ModuleState& m, const syntax::FunctionDef* def,
                                         const std::vector<const types::Type*>& arg_types) {
    const types::Decorator& d = m.typer->decorator_of(def);
    // Numbers and arrays: Numba's rating of the conversions each signature needs (the one a
    // call from compiled code makes too); a tie at the best is its ambiguity error.
    if (types::rateable(arg_types)) {
        size_t tied = 0;
        const types::Signature* sig = types::choose_declared(d.signatures, arg_types, &tied);
        if (sig && tied > 1)
            throw Error(Error::Kind::Argument,
                        fmt::format("{}: error: ambiguous overloading of '{}' for the argument types ({}): {} "
                                    "declared signatures need the same conversions",
                                    m.file->name(), def->name, join_types(arg_types), tied));
        if (sig) return sig;
    }
    for (int pass = 0; pass < 2; ++pass)
        for (const auto& sig : d.signatures) {
            if (sig.args.size() != arg_types.size()) continue;
            bool ok = true;
            for (size_t i = 0; i < arg_types.size() && ok; ++i)
                ok = pass == 0 ? sig.args[i] == arg_types[i] : accepts(sig.args[i], arg_types[i]);
            if (ok) return &sig;
        }
    if (!d.signatures.empty() && d.kind != types::Decorator::Kind::Jit)
        throw Error(Error::Kind::Argument,
                    fmt::format("{}: error: no matching signature of '{}' for the argument types ({})", m.file->name(),
                                def->name, join_types(arg_types)));
    return nullptr;
}

}  // namespace ujit::pipeline
