// Typing of the NumPy library calls of nplib6, with Numba 0.68's signatures and messages
// (numba/np/arraymath.py, arrayobj.py): binning and integration (np.histogram, np.digitize,
// np.correlate, np.trapz / np.trapezoid, np.cross), NaN-skipping and other whole-array
// summaries (np.nansum / nanprod / nanmin / nanmax / nanmean / nanvar / nanstd, np.ptp,
// np.average, np.array_equal) and shape helpers (np.diag, np.expand_dims, np.atleast_1d /
// 2d / 3d). Lowered by lower_binning.cpp, lower_nan_reductions.cpp and lower_shape_helpers.cpp.
#include "nplib/array_typing.hpp"
#include "nplib/library_typing.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

namespace {

bool real(const Type* t) { return t->is_int() || t->is_float() || t->is_bool(); }

const Type* vector_of(const Type* dt) { return types::array(dt, 1, types::Layout::C); }

// np.histogram(a, bins=10, range=None): (counts, edges). Integer bins: equal-width bins over
// `range` (the data's extent without it), float64 edges; an array of edges: bisection, the
// edges returned in their own dtype.
CallTyping histogram_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array() || !real(a->dtype()) || a->dtype()->is_bool())
        return fail(fmt::format("np.histogram() takes an array of integers or floats, not {}", a->str()), 0);
    const Type* bins = args[1];
    const Type* counts = vector_of(types::int64());
    if (bins && bins->is_array()) {
        if (bins->ndim() != 1 || !real(bins->dtype()) || bins->dtype()->is_bool())
            return fail(
                fmt::format("np.histogram()'s bins must be an integer or a 1-D array of numbers, not {}", bins->str()),
                1);
        return typed(types::tuple({counts, vector_of(bins->dtype())}), {a, bins, nullptr});
    }
    if (bins && !bins->is_int())
        return fail(
            fmt::format("np.histogram()'s bins must be an integer or a 1-D array of numbers, not {}", bins->str()), 1);
    const Type* range = args[2];
    if (!absent(range)) {
        if (!range->is_tuple() || range->elements().size() != 2 || !real(range->elements()[0]) ||
            !real(range->elements()[1]))
            return fail(
                fmt::format("np.histogram()'s range must be a (min, max) tuple of numbers, not {}", range->str()), 2);
    }
    const Type* f64 = types::float64();
    return typed(types::tuple({counts, vector_of(f64)}),
                 {a, bins ? types::int64() : nullptr, absent(range) ? nullptr : range});
}

// np.digitize(x, bins, right=False): the bin of each x (np.searchsorted on increasing or
// decreasing bins), an int64 or an int64 array of x's shape.
CallTyping digitize_type(const std::vector<const Type*>& args) {
    const Type* x = args[0];
    const Type* xt = x->is_array() ? x->dtype() : x;
    if (xt->is_complex()) return fail("x may not be complex", 0);
    if (!real(xt)) return fail(fmt::format("np.digitize()'s x must be a number or an array, not {}", x->str()), 0);
    const Type* bins = args[1];
    if (!bins->is_array() || bins->ndim() != 1 || !real(bins->dtype()))
        return fail(fmt::format("np.digitize()'s bins must be a 1-D array of real numbers, not {}", bins->str()), 1);
    if (args[2] && !args[2]->is_bool() && !args[2]->is_int())
        return fail("np.digitize()'s right must be a boolean, not " + args[2]->str(), 2);
    const Type* result = x->is_array() ? types::array(types::int64(), x->ndim(), types::Layout::C) : types::int64();
    return typed(result, {x->is_array() ? x : types::float64(), bins, args[2] ? types::boolean() : nullptr});
}

// np.correlate(a, v): NumPy's 'valid' mode (Numba takes no mode), v conjugated.
CallTyping correlate_type(const std::vector<const Type*>& args) {
    for (int i = 0; i < 2; ++i)
        if (!args[i]->is_array() || args[i]->ndim() != 1 || args[i]->dtype()->is_bool())
            return fail(fmt::format("np.correlate() takes 1-D numeric arrays, not {}", args[i]->str()), i);
    return typed(vector_of(types::promote(args[0]->dtype(), args[1]->dtype())), {args[0], args[1]});
}

// np.trapz(y, x=None, dx=1.0) / np.trapezoid: along the last axis, float64 (complex128 for
// complex y); a 1-D y gives a number. x is 1-D (the last axis's sample points) or y's shape.
CallTyping trapz_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* y = args[0];
    if (!y->is_array()) return fail("y cannot be a scalar", 0);
    if (y->ndim() == 0) return fail("y cannot be 0D", 0);
    const Type* x = args[1];
    if (!absent(x)) {
        if (!x->is_array() || x->dtype()->is_complex() || (x->ndim() != 1 && x->ndim() != y->ndim()))
            return fail(fmt::format("{}()'s x must be a 1-D real array or one of y's shape, not {}",
                                    types::builtin_name(id), x->str()),
                        1);
    }
    if (args[2] && (!args[2]->is_number() || args[2]->is_complex()))
        return fail(fmt::format("{}()'s dx must be a real number, not {}", types::builtin_name(id), args[2]->str()), 2);
    const Type* et = y->dtype()->is_complex() ? types::complex(128) : types::float64();
    const Type* result = y->ndim() == 1 ? et : types::array(et, y->ndim() - 1, types::Layout::C);
    return typed(result, {y, absent(x) ? nullptr : x, args[2] ? types::float64() : nullptr});
}

// np.cross(a, b): vectors of 2 or 3 components along the last axis, the other axes broadcast.
CallTyping cross_type(const std::vector<const Type*>& args) {
    for (int i = 0; i < 2; ++i) {
        const Type* t = args[i];
        if (!t->is_array() || t->ndim() == 0) return fail("Inputs must be array-like.", i);
        if (t->dtype()->is_bool())
            return fail("np.cross() of boolean arrays is not supported (NumPy cannot subtract booleans)", i);
    }
    const int nd = std::max(args[0]->ndim(), args[1]->ndim());
    return typed(types::array(types::promote(args[0]->dtype(), args[1]->dtype()), nd, types::Layout::C),
                 {args[0], args[1]});
}

// np.nansum / nanprod / nanmin / nanmax / nanmean / nanvar / nanstd of a whole array.
CallTyping nan_reduction_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const std::string what = std::string(types::builtin_name(id)) + "()";
    if (!a->is_array()) return fail(fmt::format("{} of {} is not supported (it takes arrays)", what, a->str()), 0);
    const Type* dt = a->dtype();
    switch (id) {
    case BuiltinId::NpNansum:
    case BuiltinId::NpNanprod:
        if (!dt->is_number()) return fail(fmt::format("{} of {} arrays is not supported", what, dt->str()), 0);
        // As np.sum: integers and booleans add up in int64 (uint64 stays), floats in their own type.
        return typed(dt->is_bool() || (dt->is_int() && dt->is_signed()) ? types::int64()
                     : dt->is_int()                                     ? types::uint64()
                                                                        : dt,
                     {a});
    case BuiltinId::NpNanmin:
    case BuiltinId::NpNanmax:
        if (!dt->is_number()) return fail(fmt::format("{} of {} arrays is not supported", what, dt->str()), 0);
        return typed(dt, {a});
    case BuiltinId::NpNanargmin:
    case BuiltinId::NpNanargmax:  // the flat index of the extreme, NaNs skipped
        if (!real(dt))
            return fail(fmt::format("{} of {} arrays is not supported by ujit (real numbers only)", what, dt->str()),
                        0);
        return typed(types::int64(), {a});
    case BuiltinId::NpNancumsum:
    case BuiltinId::NpNancumprod: {
        // Numba's: integers and booleans hold no NaN, so np.cumsum's (np.cumprod's) dtype;
        // floats and complexes keep theirs. The flattened array's running values, 1-D.
        if (!dt->is_number()) return fail(fmt::format("{} of {} arrays is not supported", what, dt->str()), 0);
        std::string error;
        const Type* rt =
            dt->is_float() || dt->is_complex()
                ? dt
                : reduction_type(id == BuiltinId::NpNancumsum ? Reduction::Sum : Reduction::Prod, dt, &error);
        if (!rt) return fail(error, 0);
        return typed(types::array(rt, 1, types::Layout::C), {a});
    }
    default:  // nanmean, nanvar, nanstd: float64, as Numba's accumulators
        if (!real(dt))
            return fail(fmt::format("{} of {} arrays is not supported by ujit (real numbers only)", what, dt->str()),
                        0);
        return typed(types::float64(), {a});
    }
}

// np.ptp(a): max - min in a's dtype (Numba refuses booleans, as NumPy).
CallTyping ptp_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array()) return fail(fmt::format("np.ptp() of {} is not supported (it takes arrays)", a->str()), 0);
    if (a->dtype()->is_bool()) return fail("Boolean dtype is unsupported (as per NumPy)", 0);
    if (a->dtype()->is_complex()) return fail("np.ptp() of complex arrays is not supported by ujit", 0);
    return typed(a->dtype(), {a});
}

// np.average(a, axis=None, weights=None): np.mean(a), or sum(a * w) / sum(w) for weights of
// a's shape (Numba supports no axis).
CallTyping average_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array() || !a->dtype()->is_number())
        return fail(fmt::format("np.average() takes a numeric array, not {}", a->str()), 0);
    if (!absent(args[1])) return fail("Numba does not support average with axis.", 1);
    const Type* w = args[2];
    if (absent(w)) {
        std::string error;
        const Type* r = reduction_type(Reduction::Mean, a->dtype(), &error);
        if (!r) return fail(error, 0);
        return typed(r, {a, nullptr, nullptr});
    }
    if (!w->is_array() || !w->dtype()->is_number())
        return fail(fmt::format("np.average()'s weights must be a numeric array, not {}", w->str()), 2);
    if (w->ndim() != a->ndim()) return fail("Numba does not support average when shapes of a and weights differ.", 2);
    const Type* t = types::promote(a->dtype(), w->dtype());
    if (t->is_int() || t->is_bool()) t = types::float64();  // sum(a * w) / sum(w) divides integers
    return typed(t, {a, nullptr, w});
}

// np.array_equal(a1, a2): same shape and equal items (numbers compare as ==).
CallTyping array_equal_type(const std::vector<const Type*>& args) {
    for (int i = 0; i < 2; ++i)
        if (!args[i]->is_array() && !args[i]->is_number())
            return fail("Both arguments to \"array_equals\" must be array-like", i);
    return typed(types::boolean(), {args[0], args[1]});
}

// np.diag(v, k=0): a 1-D v on the k-th diagonal of a new square array; of a 2-D v, a copy of
// its k-th diagonal (Numba's copies, as NumPy's before 1.9).
CallTyping diag_type(const std::vector<const Type*>& args) {
    const Type* v = args[0];
    if (!v->is_array() || (v->ndim() != 1 && v->ndim() != 2)) return fail("Input must be 1- or 2-d.", 0);
    if (args[1] && !args[1]->is_int()) return fail("k must be an integer", 1);
    return typed(types::array(v->dtype(), v->ndim() == 1 ? 2 : 1, types::Layout::C),
                 {v, args[1] ? types::int64() : nullptr});
}

// np.expand_dims(a, axis): a view with a new axis of length 1.
CallTyping expand_dims_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array())
        return fail(fmt::format("np.expand_dims() of {} is not supported (it takes arrays)", a->str()), 0);
    if (!args[1]->is_int()) return fail("axis must be an integer", 1);
    return typed(types::array(a->dtype(), a->ndim() + 1, types::Layout::A, a->is_readonly()), {a, types::int64()});
}

// np.atleast_1d / 2d / 3d(a): a itself when it has enough axes, else a view with NumPy's
// unit axes added.
CallTyping atleast_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const int want = id == BuiltinId::NpAtleast1d ? 1 : id == BuiltinId::NpAtleast2d ? 2 : 3;
    if (!a->is_array())
        return fail(
            fmt::format("{}() of {} is not supported by ujit (it takes one array)", types::builtin_name(id), a->str()),
            0);
    if (a->ndim() >= want) return typed(a, {a});
    return typed(types::array(a->dtype(), want, types::Layout::A, a->is_readonly()), {a});
}

}  // namespace

const LibraryParams* summary_params_of(BuiltinId id) {
    static const LibraryParams one{{"a"}, 1};
    static const LibraryParams histogram{{"a", "bins", "range"}, 1};
    static const LibraryParams digitize{{"x", "bins", "right"}, 2};
    static const LibraryParams correlate{{"a", "v"}, 2};
    static const LibraryParams trapz{{"y", "x", "dx"}, 1};
    static const LibraryParams cross{{"a", "b"}, 2};
    static const LibraryParams average{{"a", "axis", "weights"}, 1};
    static const LibraryParams array_equal{{"a1", "a2"}, 2};
    static const LibraryParams diag{{"v", "k"}, 1};
    static const LibraryParams expand_dims{{"a", "axis"}, 2};
    switch (id) {
    case BuiltinId::NpHistogram: return &histogram;
    case BuiltinId::NpDigitize: return &digitize;
    case BuiltinId::NpCorrelate: return &correlate;
    case BuiltinId::NpTrapz:
    case BuiltinId::NpTrapezoid: return &trapz;
    case BuiltinId::NpCross: return &cross;
    case BuiltinId::NpAverage: return &average;
    case BuiltinId::NpArrayEqual: return &array_equal;
    case BuiltinId::NpDiag: return &diag;
    case BuiltinId::NpExpandDims: return &expand_dims;
    case BuiltinId::NpPtp:
    case BuiltinId::NpNansum:
    case BuiltinId::NpNanprod:
    case BuiltinId::NpNanmin:
    case BuiltinId::NpNanmax:
    case BuiltinId::NpNanargmin:
    case BuiltinId::NpNanargmax:
    case BuiltinId::NpNanmean:
    case BuiltinId::NpNanvar:
    case BuiltinId::NpNanstd:
    case BuiltinId::NpNancumsum:
    case BuiltinId::NpNancumprod:
    case BuiltinId::NpAtleast1d:
    case BuiltinId::NpAtleast2d:
    case BuiltinId::NpAtleast3d: return &one;
    default: return nullptr;
    }
}

CallTyping summary_call_type(BuiltinId id, const std::vector<const Type*>& args) {
    switch (id) {
    case BuiltinId::NpHistogram: return histogram_type(args);
    case BuiltinId::NpDigitize: return digitize_type(args);
    case BuiltinId::NpCorrelate: return correlate_type(args);
    case BuiltinId::NpTrapz:
    case BuiltinId::NpTrapezoid: return trapz_type(id, args);
    case BuiltinId::NpCross: return cross_type(args);
    case BuiltinId::NpPtp: return ptp_type(args);
    case BuiltinId::NpAverage: return average_type(args);
    case BuiltinId::NpArrayEqual: return array_equal_type(args);
    case BuiltinId::NpDiag: return diag_type(args);
    case BuiltinId::NpExpandDims: return expand_dims_type(args);
    case BuiltinId::NpAtleast1d:
    case BuiltinId::NpAtleast2d:
    case BuiltinId::NpAtleast3d: return atleast_type(id, args);
    default: return nan_reduction_type(id, args);
    }
}

}  // namespace ujit::nplib
