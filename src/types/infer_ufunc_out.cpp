// A NumPy ufunc given its output array: np.sin(x, out), np.add(a, b, out), np.less(a, b, out=o).
// Typed as Numba's Numpy_rules_ufunc types it (numba/core/typing/npydecl.py): the loop is
// chosen by the inputs alone (scalars or arrays), the output must be a writable array with as
// many dimensions as the widest operand, any loop result casts into it (NumPy casts unsafely
// there), and the call's value is the output array itself. Lowered by
// nplib/lower_ufunc_out.cpp: the inputs broadcast into the output in one loop.
#include "nplib/ufunc_typing.hpp"
#include "types/infer_impl.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

// The output argument of a ufunc call, positional or `out=`; null when the call has none.
const Expr* Inferrer::ufunc_output_arg(const Call* c, BuiltinId id) {
    // math.log(x, base) shares its builtin with np.log: only a NumPy spelling has an output.
    const std::string what = spelled(c->callee);
    if (builtin_info(id).group == BuiltinGroup::Python) return nullptr;  // abs(x) takes no output
    if (is_math_module(id) && !what.starts_with("np.") && !what.starts_with("numpy.")) return nullptr;
    const Expr* out = nplib::ufunc_output_of(c, id);
    if (!out) return nullptr;
    bool keyword = false;
    for (const Keyword& k : c->keywords) {
        if (k.name != "out")
            error(k.loc, fmt::format("keyword argument '{}' is not supported in calls to '{}'", k.name, what));
        keyword = true;
    }
    size_t nin = *nplib::ufunc_nin(id);
    if (keyword && c->args.size() != nin)
        error(c->loc, fmt::format("{}() takes {} input{} and 'out' ({} positional arguments given)", what, nin,
                                  nin == 1 ? "" : "s", c->args.size()));
    return out;
}

const Type* Inferrer::ufunc_into_output(const Call* c, BuiltinId id, const Expr* out_arg) {
    const std::string what = spelled(c->callee);
    size_t nin = *nplib::ufunc_nin(id);
    std::vector<const Type*> inputs;
    std::vector<const Type*> dtypes;
    int ndim = 0;
    for (size_t k = 0; k < nin; ++k) {
        const Type* t = expr(c->args[k]);
        if (!t) return nullptr;
        if (!t->is_number() && !(t->is_array() && t->dtype()->is_number()))
            error(c->args[k]->loc, fmt::format("{}() does not accept an argument of type {}", what, t->str()));
        if (t->is_array()) ndim = std::max(ndim, t->ndim());
        inputs.push_back(t);
        dtypes.push_back(t->is_array() ? t->dtype() : t);
    }
    const Type* out = expr(out_arg);
    if (!out) return nullptr;
    // Numba's messages (TypingError) for an output that cannot take the result.
    if (!out->is_array())
        error(out_arg->loc, fmt::format("ufunc '{}' called with an explicit output that is not an array", what));
    if (out->ndim() < ndim)
        error(out_arg->loc, fmt::format("ufunc '{}' called with unsuitable explicit output arrays.", what));
    if (out->is_readonly())
        error(out_arg->loc, fmt::format("ufunc '{}' called with an explicit output that is read-only", what));
    if (!out->dtype()->is_number())
        error(out_arg->loc, fmt::format("ufunc '{}' can't cast result to explicit result type", what));
    auto sig = nplib::builtin_ufunc(id);
    auto loop = nplib::find_loop(*sig, dtypes);
    if (!loop) {
        std::string listed;
        for (const Type* t : inputs) listed += (listed.empty() ? "" : ", ") + t->str();
        error(c->loc, fmt::format("ufunc '{}' is not supported for the input types ({})", sig->name, listed));
    }
    return out;
}

}  // namespace ujit::types
