#include "nplib/library_typing.hpp"

#include <fmt/format.h>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

namespace {

struct Params {
    std::vector<const char*> names;  // a method's receiver is "self"
    size_t required;
};

const Params* params_of(BuiltinId id) {
    static const Params sort{{"self"}, 1};
    static const Params dot{{"a", "b", "out"}, 2};
    static const Params vdot{{"a", "b"}, 2};
    static const Params norm{{"x", "ord"}, 1};
    switch (id) {
    case BuiltinId::ArraySort: return &sort;
    case BuiltinId::NpDot: return &dot;
    case BuiltinId::NpVdot: return &vdot;
    case BuiltinId::NpLinalgNorm: return &norm;
    default: return nullptr;
    }
}

std::string name_of(BuiltinId id) {
    std::string n = types::builtin_name(id);
    return n.starts_with("array.") ? n.substr(6) : n;
}

// np.dot / np.vdot: Numba's dot_2_impl and vdot (linalg.py).
CallTyping dot_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = name_of(id) + "()";
    for (int i = 0; i < 2; ++i)
        if (!args[i]->is_array()) {
            t.error = fmt::format("{} of {} is not supported (it takes arrays)", what, args[i]->str());
            t.error_arg = i;
            return t;
        }
    const Type* a = args[0];
    const Type* b = args[1];
    if (id == BuiltinId::NpVdot && (a->ndim() != 1 || b->ndim() != 1)) {
        t.error = "np.vdot() only supported on 1-D arrays";
        return t;
    }
    if (a->dtype() != b->dtype()) {
        t.error = fmt::format("{} arguments must all have the same dtype ({} and {})", what, a->dtype()->str(),
                              b->dtype()->str());
        return t;
    }
    if (!a->dtype()->is_float() && !a->dtype()->is_complex()) {
        t.error =
            fmt::format("unsupported dtype for {}: {} (BLAS takes float and complex arrays)", what, a->dtype()->str());
        return t;
    }
    const Type* out = args.size() > 2 ? args[2] : nullptr;
    if (a->ndim() == 1 && b->ndim() == 1 && !out) {
        t.result = a->dtype();
        t.operands = {a, b};
        t.operands.resize(args.size(), nullptr);  // np.dot's out, not given
        return t;
    }
    if (a->ndim() > 2 || b->ndim() > 2 || (out && a->ndim() == 1 && b->ndim() == 1)) {
        t.error = fmt::format("{}: inputs must have compatible dimensions", what);
        return t;
    }
    if (!out) {
        t.error = fmt::format("{} of {}-D and {}-D arrays makes a new array, which ujit cannot allocate yet", what,
                              a->ndim(), b->ndim());
        return t;
    }
    // np.dot(a, b, out): out must be C-contiguous (NumPy's only case) with the product's ndim.
    int want = a->ndim() + b->ndim() - 2;
    if (!out->is_array() || out->dtype() != a->dtype() || out->ndim() != want || out->layout() != types::Layout::C) {
        t.error = fmt::format("{}'s out must be a C-contiguous {}-D array of {}, not {}", what, want, a->dtype()->str(),
                              out->str());
        t.error_arg = 2;
        return t;
    }
    t.result = out;
    t.operands = {a, b, out};
    return t;
}

// np.linalg.norm(x, ord=None): float and complex arrays of 1 or 2 dimensions, ord a number
// or None (Numba: "only non string values in ord"); the result is the dtype's float type.
CallTyping norm_type(const std::vector<const Type*>& args) {
    CallTyping t;
    const Type* x = args[0];
    if (!x->is_array()) {
        t.error = "np.linalg.norm() only supported for array types";
        t.error_arg = 0;
        return t;
    }
    if (x->ndim() > 2) {
        t.error = "np.linalg.norm() only supported on 1 and 2-D arrays";
        return t;
    }
    if (!x->dtype()->is_float() && !x->dtype()->is_complex()) {
        t.error = "np.linalg.norm() only supported on float and complex arrays.";
        return t;
    }
    const Type* ord = args[1];
    if (ord && !ord->is_none() && (!ord->is_number() || ord->is_complex())) {
        t.error = fmt::format("np.linalg.norm()'s ord must be a number or None, not {} (Numba takes no string "
                              "orders)",
                              ord->str());
        t.error_arg = 1;
        return t;
    }
    const Type* dt = x->dtype();
    t.result = dt->is_complex() ? types::floating(dt->bits() / 2) : dt;
    t.operands = {x, ord && !ord->is_none() ? types::float64() : nullptr};
    return t;
}

}  // namespace

bool is_library_call(BuiltinId id) { return params_of(id) != nullptr; }

std::vector<const syntax::Expr*> library_arguments(const syntax::Call* c, BuiltinId id, std::string* error,
                                                   syntax::SourceLoc* where) {
    const Params& p = *params_of(id);
    std::vector<const syntax::Expr*> out(p.names.size(), nullptr);
    const bool method = p.names[0] == std::string("self");
    size_t next = 0;
    if (method) out[next++] = syntax::cast<syntax::Attribute>(c->callee)->value;
    const std::string what = name_of(id) + "()";
    for (const syntax::Expr* a : c->args) {
        if (next == out.size()) {
            size_t most = out.size() - (method ? 1 : 0);
            *error = fmt::format("{} takes at most {} argument{} ({} given)", what, most, most == 1 ? "" : "s",
                                 c->args.size());
            *where = a->loc;
            return {};
        }
        out[next++] = a;
    }
    for (const syntax::Keyword& k : c->keywords) {
        size_t i = 0;
        while (i < p.names.size() && (p.names[i] != k.name || k.name == "self")) ++i;
        if (i == p.names.size()) {
            *error = fmt::format("{} got an unexpected keyword argument '{}'", what, k.name);
            *where = k.loc;
            return {};
        }
        if (out[i]) {
            *error = fmt::format("{} got multiple values for argument '{}'", what, k.name);
            *where = k.loc;
            return {};
        }
        out[i] = k.value;
    }
    for (size_t i = 0; i < p.required; ++i)
        if (!out[i]) {
            *error = fmt::format("{} missing required argument '{}'", what, p.names[i]);
            *where = c->loc;
            return {};
        }
    return out;
}

CallTyping library_call_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    switch (id) {
    case BuiltinId::ArraySort:
        // Numba's array.sort() takes no arguments; it sorts along the last axis, in place
        // (inference refuses read-only arrays, as for every store).
        if (!args[0]->is_array() || args[0]->ndim() == 0) {  // NumPy's AxisError for the last axis of a 0-d array
            t.error = "sort() of a 0-d array: axis -1 is out of bounds for array of dimension 0";
            return t;
        }
        t.result = types::none();
        t.operands = {args[0]};
        return t;
    case BuiltinId::NpDot:
    case BuiltinId::NpVdot: return dot_type(id, args);
    case BuiltinId::NpLinalgNorm: return norm_type(args);
    default: break;
    }
    t.error = fmt::format("{}() is not a library call of ujit's", types::builtin_name(id));
    return t;
}

}  // namespace ujit::nplib
