// Typing of the NumPy library calls that search, select and summarize (nplib4): np.nonzero,
// a.nonzero(), np.where(cond), np.argwhere, np.flatnonzero, np.count_nonzero, np.diff,
// np.searchsorted, np.median / percentile / quantile (and their nan* forms), np.flip /
// fliplr / flipud, np.roll, np.trace, np.isclose / allclose, np.bincount, np.repeat, with
// Numba 0.68's signatures and messages (numba/np/arraymath.py, arrayobj.py). Lowered by
// lower_search.cpp (indices and views) and lower_stats.cpp (values).
#include "nplib/array_typing.hpp"
#include "nplib/library_typing.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

namespace {

std::string name_of(BuiltinId id) {
    std::string n = types::builtin_name(id);
    return n.starts_with("array.") ? n.substr(6) : n;
}

bool real(const Type* t) { return t->is_int() || t->is_float() || t->is_bool(); }

// A string literal argument (side='left'), or "" where it is not one.
std::string literal(const syntax::Expr* e) {
    const auto* lit = e ? syntax::dyn_cast<const syntax::StrLit>(e) : nullptr;
    return lit ? lit->value : "";
}

CallTyping indices_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const std::string what = name_of(id) + "()";
    if (!a->is_array()) return fail(fmt::format("{} of {} is not supported (it takes arrays)", what, a->str()), 0);
    CallTyping t;
    t.operands = {a};
    const Type* vec = types::array(types::int64(), 1, types::Layout::C);
    switch (id) {
    case BuiltinId::NpArgwhere: t.result = types::array(types::int64(), 2, types::Layout::C); break;
    case BuiltinId::NpFlatnonzero: t.result = vec; break;
    case BuiltinId::NpCountNonzero: t.result = types::int64(); break;
    default:  // np.nonzero, a.nonzero(), np.where(cond): one index array per axis (a 0-d array has one)
        t.result = types::tuple(std::vector<const Type*>(static_cast<size_t>(std::max(a->ndim(), 1)), vec));
    }
    return t;
}

CallTyping diff_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array()) return fail(fmt::format("np.diff() of {} is not supported (it takes arrays)", a->str()), 0);
    if (a->ndim() == 0) return fail("diff requires input that is at least one dimensional", 0);
    if (args[1] && !args[1]->is_int()) return fail("np.diff()'s n must be an integer, not " + args[1]->str(), 1);
    CallTyping t;
    t.operands = {a, args[1] ? types::int64() : nullptr};
    t.result = types::array(a->dtype(), a->ndim(), types::Layout::C);
    return t;
}

CallTyping searchsorted_type(const std::vector<const Type*>& args, const std::vector<const syntax::Expr*>& exprs) {
    const Type* a = args[0];
    const Type* v = args[1];
    if (!a->is_array() || a->ndim() != 1)
        return fail(fmt::format("np.searchsorted() needs a 1-D array to search, not {}", a->str()), 0);
    const Type* vt = v->is_array() ? v->dtype() : v;
    if (!real(a->dtype()) || !real(vt))
        return fail(fmt::format("np.searchsorted() of {} in {} is not supported by ujit (real numbers only)", v->str(),
                                a->str()));
    if (args[2]) {
        std::string side = literal(exprs[2]);
        if (side.empty()) return fail("np.searchsorted()'s side must be a string literal ('left' or 'right')", 2);
        if (side != "left" && side != "right") return fail(fmt::format("Invalid value given for 'side': {}", side), 2);
    }
    CallTyping t;
    t.operands = {a, v, nullptr};
    t.result = v->is_array() ? types::array(types::int64(), v->ndim(), types::Layout::C) : types::int64();
    return t;
}

CallTyping quantile_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const std::string what = name_of(id) + "()";
    if (!a->is_array()) return fail(fmt::format("{} of {} is not supported (it takes arrays)", what, a->str()), 0);
    if (!real(a->dtype()))
        return fail(
            fmt::format("{} of {} arrays is not supported (real numbers only, as Numba)", what, a->dtype()->str()), 0);
    CallTyping t;
    t.operands = {a};
    const bool median = id == BuiltinId::NpMedian || id == BuiltinId::NpNanmedian;
    if (median) {  // the middle value(s): a float array's dtype, float64 for integers
        t.result = a->dtype()->is_float() ? a->dtype() : types::float64();
        return t;
    }
    if (a->dtype()->is_bool())  // NumPy's interpolation subtracts booleans, which it refuses
        return fail(fmt::format("{} of a bool array is not supported (NumPy's interpolation cannot subtract "
                                "booleans)",
                                what),
                    0);
    const Type* q = args[1];
    const Type* qt = q->is_array() ? q->dtype() : q;
    if (!real(qt))
        return fail(fmt::format("{}'s q must be a real number or an array of them, not {}", what, q->str()), 1);
    t.operands.push_back(q->is_array() ? q : types::float64());
    t.result = q->is_array() ? types::array(types::float64(), q->ndim(), types::Layout::C) : types::float64();
    return t;
}

CallTyping flip_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const std::string what = name_of(id) + "()";
    if (!a->is_array()) return fail(fmt::format("{} of {} is not supported (it takes arrays)", what, a->str()), 0);
    if (id == BuiltinId::NpFliplr && a->ndim() < 2) return fail("Input must be >= 2-d.", 0);
    if (id == BuiltinId::NpFlipud && a->ndim() < 1) return fail("Input must be >= 1-d.", 0);
    CallTyping t;
    t.operands = {a};
    t.result = types::array(a->dtype(), a->ndim(), a->ndim() == 0 ? a->layout() : types::Layout::A, a->is_readonly());
    return t;
}

CallTyping roll_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array()) return fail(fmt::format("np.roll() of {} is not supported (it takes arrays)", a->str()), 0);
    if (!args[1]->is_int() && !args[1]->is_bool()) return fail("shift must be an integer", 1);
    CallTyping t;
    t.operands = {a, types::int64()};
    t.result = types::array(a->dtype(), a->ndim(), types::Layout::C);
    return t;
}

CallTyping trace_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array() || a->ndim() != 2) return fail("np.trace() only supported on 2-D arrays", 0);
    if (args[1] && !args[1]->is_int()) return fail("integer argument expected, got " + args[1]->str(), 1);
    CallTyping t;
    t.result = reduction_type(Reduction::Sum, a->dtype(), &t.error);
    t.operands = {a, args[1] ? types::int64() : nullptr};
    return t;
}

// np.isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) / np.allclose: numbers or arrays
// of real numbers, computed in float64.
CallTyping close_type(BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = name_of(id) + "()";
    int ndim = 0;
    bool any_array = false;
    for (int i = 0; i < 2; ++i) {
        const Type* x = args[i];
        const Type* xt = x->is_array() ? x->dtype() : x;
        if (!real(xt))
            return fail(
                fmt::format("{} of {} is not supported by ujit (real numbers and arrays of them)", what, x->str()), i);
        if (x->is_array()) ndim = std::max(ndim, x->ndim());
        any_array = any_array || x->is_array();
    }
    for (int i = 2; i < 4; ++i)
        if (args[i] && (!args[i]->is_number() || args[i]->is_complex()))
            return fail(
                fmt::format("{}'s {} must be a real number, not {}", what, i == 2 ? "rtol" : "atol", args[i]->str()),
                i);
    if (args[4] && !args[4]->is_bool()) return fail(fmt::format("{}'s equal_nan must be a boolean", what), 4);
    CallTyping t;
    t.operands = {args[0], args[1], args[2] ? types::float64() : nullptr, args[3] ? types::float64() : nullptr,
                  args[4] ? types::boolean() : nullptr};
    t.result = id == BuiltinId::NpIsclose && any_array ? types::array(types::boolean(), ndim, types::Layout::C)
                                                       : types::boolean();
    return t;
}

CallTyping bincount_type(const std::vector<const Type*>& args) {
    const Type* x = args[0];
    if (!x->is_array() || x->ndim() != 1 || !x->dtype()->is_int())
        return fail(fmt::format("np.bincount() needs a 1-D array of integers, not {}", x->str()), 0);
    const Type* w = args[1];
    if (w && !w->is_none() && (!w->is_array() || w->ndim() != 1 || !real(w->dtype())))
        return fail(fmt::format("np.bincount()'s weights must be a 1-D array of real numbers, not {}", w->str()), 1);
    if (args[2] && !args[2]->is_int()) return fail("'minlength' must be an integer", 2);
    CallTyping t;
    const bool weighted = w && !w->is_none();
    t.operands = {x, weighted ? w : nullptr, args[2] ? types::int64() : nullptr};
    t.result = types::array(weighted ? types::float64() : types::int64(), 1, types::Layout::C);
    return t;
}

CallTyping repeat_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const std::string what = name_of(id) + "()";
    if (!a->is_array())
        return fail(fmt::format("{} of {} is not supported by ujit (it takes arrays)", what, a->str()), 0);
    const Type* r = args[1];
    const bool each = r->is_array() && r->ndim() == 1 && r->dtype()->is_int();  // nplib6: a count per item
    if (!r->is_int() && !each)
        return fail(fmt::format("{}'s repeats must be an integer or a 1-D array of them, not {}", what, r->str()), 1);
    CallTyping t;
    t.operands = {a, each ? r : types::int64()};
    t.result = types::array(a->dtype(), 1, types::Layout::C);
    return t;
}

// np.interp(x, xp, fp): x a real number or array of them, xp and fp 1-D real arrays; float64.
CallTyping interp_type(const std::vector<const Type*>& args) {
    const Type* x = args[0];
    if (!real(x->is_array() ? x->dtype() : x))
        return fail(fmt::format("np.interp()'s x must be a real number or an array of them, not {}", x->str()), 0);
    for (int i = 1; i < 3; ++i)
        if (!args[i]->is_array() || args[i]->ndim() != 1 || !real(args[i]->dtype()))
            return fail(fmt::format("np.interp()'s {} must be a 1-D array of real numbers, not {}",
                                    i == 1 ? "xp" : "fp", args[i]->str()),
                        i);
    CallTyping t;
    t.operands = {x->is_array() ? x : types::float64(), args[1], args[2]};
    t.result = x->is_array() ? types::array(types::float64(), x->ndim(), types::Layout::C) : types::float64();
    return t;
}

// np.convolve(a, v): the full discrete convolution of two 1-D arrays, in their promoted dtype.
CallTyping convolve_type(const std::vector<const Type*>& args) {
    for (int i = 0; i < 2; ++i)
        if (!args[i]->is_array() || args[i]->ndim() != 1 || args[i]->dtype()->is_bool())
            return fail(fmt::format("np.convolve() takes 1-D numeric arrays, not {}", args[i]->str()), i);
    CallTyping t;
    t.operands = {args[0], args[1]};
    t.result = types::array(types::promote(args[0]->dtype(), args[1]->dtype()), 1, types::Layout::C);
    return t;
}

}  // namespace

const LibraryParams* search_params_of(BuiltinId id) {
    static const LibraryParams one{{"a"}, 1};
    static const LibraryParams self{{"self"}, 1};
    static const LibraryParams diff{{"a", "n"}, 1};
    static const LibraryParams searchsorted{{"a", "v", "side"}, 2};
    static const LibraryParams quantile{{"a", "q"}, 2};
    static const LibraryParams roll{{"a", "shift"}, 2};
    static const LibraryParams trace{{"a", "offset"}, 1};
    static const LibraryParams close{{"a", "b", "rtol", "atol", "equal_nan"}, 2};
    static const LibraryParams bincount{{"x", "weights", "minlength"}, 1};
    static const LibraryParams repeat{{"a", "repeats"}, 2};
    static const LibraryParams array_repeat{{"self", "repeats"}, 2};
    static const LibraryParams interp{{"x", "xp", "fp"}, 3};
    static const LibraryParams convolve{{"a", "v"}, 2};
    switch (id) {
    case BuiltinId::NpNonzero:
    case BuiltinId::NpArgwhere:
    case BuiltinId::NpFlatnonzero:
    case BuiltinId::NpCountNonzero:
    case BuiltinId::NpMedian:
    case BuiltinId::NpNanmedian:
    case BuiltinId::NpFlip:
    case BuiltinId::NpFliplr:
    case BuiltinId::NpFlipud: return &one;
    case BuiltinId::ArrayNonzero: return &self;
    case BuiltinId::NpDiff: return &diff;
    case BuiltinId::NpSearchsorted: return &searchsorted;
    case BuiltinId::NpPercentile:
    case BuiltinId::NpQuantile:
    case BuiltinId::NpNanpercentile:
    case BuiltinId::NpNanquantile: return &quantile;
    case BuiltinId::NpRoll: return &roll;
    case BuiltinId::NpTrace: return &trace;
    case BuiltinId::NpIsclose:
    case BuiltinId::NpAllclose: return &close;
    case BuiltinId::NpBincount: return &bincount;
    case BuiltinId::NpRepeat: return &repeat;
    case BuiltinId::ArrayRepeat: return &array_repeat;
    case BuiltinId::NpInterp: return &interp;
    case BuiltinId::NpConvolve: return &convolve;
    default: return nullptr;
    }
}

types::BuiltinId library_alias(const syntax::Call* c, BuiltinId id) {
    // np.where(cond) is np.nonzero(cond) (NumPy's documented equivalence; Numba's too).
    if (id == BuiltinId::NpWhere && c->args.size() == 1 && c->keywords.empty()) return BuiltinId::NpNonzero;
    return id;
}

CallTyping search_call_type(BuiltinId id, const std::vector<const Type*>& args,
                            const std::vector<const syntax::Expr*>& exprs) {
    switch (id) {
    case BuiltinId::NpNonzero:
    case BuiltinId::ArrayNonzero:
    case BuiltinId::NpArgwhere:
    case BuiltinId::NpFlatnonzero:
    case BuiltinId::NpCountNonzero: return indices_type(id, args);
    case BuiltinId::NpDiff: return diff_type(args);
    case BuiltinId::NpSearchsorted: return searchsorted_type(args, exprs);
    case BuiltinId::NpMedian:
    case BuiltinId::NpNanmedian:
    case BuiltinId::NpPercentile:
    case BuiltinId::NpQuantile:
    case BuiltinId::NpNanpercentile:
    case BuiltinId::NpNanquantile: return quantile_type(id, args);
    case BuiltinId::NpFlip:
    case BuiltinId::NpFliplr:
    case BuiltinId::NpFlipud: return flip_type(id, args);
    case BuiltinId::NpRoll: return roll_type(args);
    case BuiltinId::NpTrace: return trace_type(args);
    case BuiltinId::NpIsclose:
    case BuiltinId::NpAllclose: return close_type(id, args);
    case BuiltinId::NpBincount: return bincount_type(args);
    case BuiltinId::NpRepeat:
    case BuiltinId::ArrayRepeat: return repeat_type(id, args);
    case BuiltinId::NpInterp: return interp_type(args);
    case BuiltinId::NpConvolve: return convolve_type(args);
    default: return fail(fmt::format("{}() is not a library call of ujit's", types::builtin_name(id)));
    }
}

}  // namespace ujit::nplib
