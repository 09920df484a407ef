#include "nplib/library_typing.hpp"

#include "nplib/array_typing.hpp"
#include "nplib/ufunc_typing.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::nplib {

using syntax::BinOp;
using types::BuiltinId;
using types::Type;

namespace {

using Params = LibraryParams;

const Params* params_of(BuiltinId id) {
    static const Params sort{{"self"}, 1};
    static const Params dot{{"a", "b", "out"}, 2};
    static const Params array_dot{{"self", "b"}, 2};  // a.dot(b): Numba has no out= there
    static const Params vdot{{"a", "b"}, 2};
    static const Params norm{{"x", "ord"}, 1};
    static const Params normal{{"loc", "scale", "size"}, 0};
    static const Params standard_normal{{"size"}, 0};
    static const Params randn{{"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"}, 0, true};
    static const Params randint{{"low", "high", "size"}, 1};
    static const Params random{{"size"}, 0};
    static const Params uniform{{"low", "high", "size"}, 0};
    static const Params np_sort{{"a"}, 1};
    static const Params np_argsort{{"a", "kind"}, 1};
    static const Params argsort{{"self", "kind"}, 1};
    static const Params np_unique{{"ar"}, 1};
    static const Params np_cumulative{{"a"}, 1};
    static const Params cumulative{{"self"}, 1};
    static const Params np_axis{{"a", "axis"}, 1};  // np.sum(a, axis), np.argmax, np.cumsum
    static const Params axis{{"self", "axis"}, 1};
    static const Params join_axis{{"arrays", "axis"}, 1};  // np.concatenate, np.stack
    static const Params join{{"tup"}, 1};                  // np.hstack, vstack, column_stack, dstack
    static const Params outer{{"a", "b"}, 2};
    switch (id) {
    case BuiltinId::ArraySort: return &sort;
    case BuiltinId::NpRandomRandom: return &random;
    case BuiltinId::NpRandomRand: return &randn;
    case BuiltinId::NpRandomUniform: return &uniform;
    case BuiltinId::NpSort: return &np_sort;
    case BuiltinId::NpUnique: return &np_unique;
    case BuiltinId::NpArgsort: return &np_argsort;
    case BuiltinId::ArrayArgsort: return &argsort;
    case BuiltinId::NpCumprod: return &np_cumulative;
    case BuiltinId::ArrayCumprod: return &cumulative;
    case BuiltinId::NpCumsum:
    case BuiltinId::NpSum:
    case BuiltinId::NpProd:
    case BuiltinId::NpMin:
    case BuiltinId::NpMax:
    case BuiltinId::NpMean:
    case BuiltinId::NpArgmin:
    case BuiltinId::NpArgmax: return &np_axis;
    case BuiltinId::ArrayCumsum:
    case BuiltinId::ArraySum:
    case BuiltinId::ArrayProd:
    case BuiltinId::ArrayMin:
    case BuiltinId::ArrayMax:
    case BuiltinId::ArrayMean:
    case BuiltinId::ArrayArgmin:
    case BuiltinId::ArrayArgmax: return &axis;
    case BuiltinId::NpOuter: return &outer;
    case BuiltinId::NpConcatenate:
    case BuiltinId::NpStack: return &join_axis;
    case BuiltinId::NpHstack:
    case BuiltinId::NpVstack:
    case BuiltinId::NpColumnStack:
    case BuiltinId::NpDstack: return &join;
    case BuiltinId::NpDot: return &dot;
    case BuiltinId::ArrayDot: return &array_dot;
    case BuiltinId::NpVdot: return &vdot;
    case BuiltinId::NpLinalgNorm: return &norm;
    case BuiltinId::NpRandomNormal: return &normal;
    case BuiltinId::NpRandomStdNormal: return &standard_normal;
    case BuiltinId::NpRandomRandn: return &randn;
    case BuiltinId::NpRandomRandint: return &randint;
    default:
        if (const Params* p = search_params_of(id)) return p;
        if (const Params* p = random_params_of(id)) return p;  // nplib5
        if (const Params* p = summary_params_of(id)) return p;  // nplib6
        if (const Params* p = combine_params_of(id)) return p;  // nplib7
        if (const Params* p = decomp_params_of(id)) return p;
        if (const Params* p = arrangement_params_of(id)) return p;  // nparray
        if (const Params* p = gaps_params_of(id)) return p;
        return linalg_params_of(id);
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
    if (a->ndim() == 0 || b->ndim() == 0) {  // Numba's dot_2 takes vectors and matrices only
        t.error = fmt::format("{} only supported on 1-D and 2-D arrays", what);
        return t;
    }
    if (a->ndim() > 2 || b->ndim() > 2 || (out && a->ndim() == 1 && b->ndim() == 1)) {
        t.error = fmt::format("{}: inputs must have compatible dimensions", what);
        return t;
    }
    int want = a->ndim() + b->ndim() - 2;
    if (!out) {  // a new C array of the product
        t.result = types::array(a->dtype(), want, types::Layout::C);
        t.operands = {a, b};
        t.operands.resize(args.size(), nullptr);  // np.dot's out, not given
        return t;
    }
    // np.dot(a, b, out): out must be C-contiguous (NumPy's only case) with the product's ndim.
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

// np.random.normal / standard_normal / randn / randint (numba/np/random/legacy.py): scalars
// without a size; loc and scale are numbers (float64 operands), low and high integers.
CallTyping random_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = name_of(id) + "()";
    const bool randint = id == BuiltinId::NpRandomRandint;
    // The size: the last parameter (randn: every argument is a dimension).
    std::vector<const Type*> dims;
    const bool dims_only = id == BuiltinId::NpRandomRandn || id == BuiltinId::NpRandomRand;
    size_t size_at = dims_only ? 0 : args.size() - 1;
    for (size_t i = size_at; i < args.size(); ++i) {
        const Type* s = args[i];
        if (!s || s->is_none()) continue;
        std::vector<const Type*> parts = s->is_tuple() ? s->elements() : std::vector<const Type*>{s};
        for (const Type* d : parts)
            if (!d->is_int()) {
                t.error = fmt::format("{}'s size must be an integer or a tuple of integers, not {}", what, s->str());
                t.error_arg = static_cast<int>(i);
                return t;
            }
        dims.insert(dims.end(), parts.begin(), parts.end());
        if (!dims_only && parts.empty()) {
            t.error = fmt::format("{} with size=() is not supported by ujit (a 0-d array)", what);
            t.error_arg = static_cast<int>(i);
            return t;
        }
    }
    t.operands.assign(args.size(), nullptr);
    const Type* scalar = types::float64();
    if (randint) {
        const Type* low = args[0];
        const Type* high = args[1];
        for (int i = 0; i < 2; ++i)
            if (args[i] && !args[i]->is_int()) {
                t.error = fmt::format("{}'s {} must be an integer, not {}", what, i ? "high" : "low", args[i]->str());
                t.error_arg = i;
                return t;
            }
        // Numba: the wider of the two widths, signed if either is (randint(n) is randint(0, n)).
        int bits = high ? std::max(low->bits(), high->bits()) : 64;
        bool is_signed = !high || low->is_signed() || high->is_signed();
        scalar = types::integer(bits, is_signed);
        t.operands[0] = scalar;
        if (high) t.operands[1] = scalar;
    } else if (id == BuiltinId::NpRandomNormal || id == BuiltinId::NpRandomUniform) {
        const bool normal = id == BuiltinId::NpRandomNormal;
        for (int i = 0; i < 2; ++i)
            if (args[i] && (!args[i]->is_number() || args[i]->is_complex() || args[i]->is_bool())) {
                t.error = fmt::format("{}'s {} must be a real number, not {}", what,
                                      normal ? (i ? "scale" : "loc") : (i ? "high" : "low"), args[i]->str());
                t.error_arg = i;
                return t;
            }
        for (int i = 0; i < 2; ++i)
            if (args[i]) t.operands[i] = types::float64();
    }
    if (!dims.empty()) {  // size=n or size=(m, n): a new C array filled in the order NumPy draws
        for (size_t i = size_at; i < args.size(); ++i)
            if (args[i] && !args[i]->is_none())
                t.operands[i] = args[i]->is_tuple()
                                    ? types::tuple(std::vector<const Type*>(args[i]->elements().size(), types::int64()))
                                    : types::int64();
        t.result = types::array(scalar, static_cast<int>(dims.size()), types::Layout::C);
        return t;
    }
    t.result = scalar;
    return t;
}

// np.sort(a) (a sorted copy, C order), np.argsort(a, kind) / a.argsort(kind) (1-D only in
// Numba, kind a string 'quicksort' or 'mergesort'), np.unique(ar) (sorted, 1-D).
CallTyping sorted_type(BuiltinId id, const std::vector<const Type*>& args,
                       const std::vector<const syntax::Expr*>& exprs) {
    CallTyping t;
    const std::string what = name_of(id) + "()";
    const Type* a = args[0];
    if (!a->is_array()) {
        t.error = fmt::format("{} of {} is not supported by ujit (it takes arrays)", what, a->str());
        t.error_arg = 0;
        return t;
    }
    if (a->ndim() == 0 && id != BuiltinId::NpUnique) {
        t.error = fmt::format("{} of a 0-d array: axis -1 is out of bounds for array of dimension 0", what);
        return t;
    }
    t.operands.assign(args.size(), nullptr);
    t.operands[0] = a;
    if (id == BuiltinId::NpSort) {
        t.result = types::array(a->dtype(), a->ndim(), types::Layout::C);
        return t;
    }
    if (id == BuiltinId::NpUnique) {
        t.result = types::array(a->dtype(), 1, types::Layout::C);
        return t;
    }
    if (a->ndim() != 1) {
        t.error = fmt::format("{} of a {}-D array is not supported (Numba sorts 1-D arrays only)", what, a->ndim());
        return t;
    }
    if (args[1]) {
        const auto* lit = exprs[1] ? syntax::dyn_cast<const syntax::StrLit>(exprs[1]) : nullptr;
        if (!lit) {
            t.error = "\"kind\" must be a string literal";
            t.error_arg = 1;
            return t;
        }
        if (lit->value != "quicksort" && lit->value != "mergesort") {
            t.error = fmt::format("{}'s kind must be 'quicksort' or 'mergesort' (Numba's), not '{}'", what, lit->value);
            t.error_arg = 1;
            return t;
        }
    }
    t.result = types::array(types::int64(), 1, types::Layout::C);
    return t;
}

// np.cumsum(a) / a.cumsum(), cumprod: the flattened array's running sums, in the sum's
// (product's) dtype (integers widen to 64 bits, as NumPy and Numba).
CallTyping cumulative_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = name_of(id) + "()";
    if (!args[0]->is_array()) {
        t.error = fmt::format("{} of {} is not supported by ujit (it takes arrays)", what, args[0]->str());
        t.error_arg = 0;
        return t;
    }
    bool sum = id == BuiltinId::NpCumsum || id == BuiltinId::ArrayCumsum;
    const Type* dt = reduction_type(sum ? Reduction::Sum : Reduction::Prod, args[0]->dtype(), &t.error);
    if (!dt) return t;
    t.operands = {args[0]};
    t.result = types::array(dt, 1, types::Layout::C);
    if (args.size() < 2 || !args[1] || args[1]->is_none()) {
        t.operands.resize(args.size(), nullptr);
        return t;
    }
    if (!args[1]->is_int()) {  // Numba's message (sic)
        t.error = "NumPy cumsum only suppports integer axis value";
        t.error_arg = 1;
        return t;
    }
    if (args[0]->ndim() == 0) {  // NumPy's AxisError, known here: no axis of a 0-d array exists
        t.error = fmt::format("{} of a 0-d array along an axis: axis is out of bounds for array of dimension 0", what);
        return t;
    }
    t.operands.push_back(types::int64());
    // Along an axis the running sums keep the array's shape (a 1-D array's is the flat form).
    t.result = types::array(dt, std::max(args[0]->ndim(), 1), types::Layout::C);
    return t;
}

// np.sum(a, axis) / a.sum(axis), np.argmin / np.argmax along an axis (Numba's array_sum and
// build_argmax_or_argmin_with_axis_impl): one dimension fewer, C order; a 1-D array reduces
// to a scalar. An axis of None is the whole-array reduction. prod, min, max and mean take an
// axis too (nplib4): Numba 0.68 does not, NumPy does, and the result follows NumPy's.
CallTyping axis_reduction_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = name_of(id) + "()";
    Reduction r = *reduction_of(id);
    const Type* a = args[0];
    if (!a->is_array()) {
        t.error = fmt::format("{} of {} is not supported by ujit (it reduces arrays)", what, a->str());
        t.error_arg = 0;
        return t;
    }
    const Type* dt = reduction_type(r, a->dtype(), &t.error);
    if (!dt) return t;
    t.operands = {a, nullptr};
    const Type* axis = args[1];
    if (!axis || axis->is_none()) {
        t.result = dt;
        return t;
    }
    if (r == Reduction::Sum && axis->is_tuple()) {  // several axes at once (NumPy's, Numba's)
        const size_t m = axis->elements().size();
        for (const Type* e : axis->elements())
            if (!e->is_int()) {
                t.error = "NumPy sum only supports integer axis value or tuple of integers";
                t.error_arg = 1;
                return t;
            }
        if (m == 0 || m > static_cast<size_t>(a->ndim())) {
            t.error = m == 0 ? "np.sum() over an empty tuple of axes is not supported by ujit"
                             : fmt::format("np.sum() over {} axes of a {}-D array: an axis repeats or is out of bounds",
                                           m, a->ndim());
            t.error_arg = 1;
            return t;
        }
        t.operands[1] = types::tuple(std::vector<const Type*>(m, types::int64()));
        const int left = a->ndim() - static_cast<int>(m);
        t.result = left == 0 ? dt : types::array(dt, left, types::Layout::C);
        return t;
    }
    if (!axis->is_int()) {
        t.error = r == Reduction::Sum ? "NumPy sum only supports integer axis value or tuple of integers"
                                      : fmt::format("{}'s axis must be an integer, not {}", what, axis->str());
        t.error_arg = 1;
        return t;
    }
    if (a->ndim() == 0) {  // NumPy's AxisError, known here: no axis of a 0-d array exists
        t.error = fmt::format("{} of a 0-d array along an axis: axis is out of bounds for array of dimension 0", what);
        return t;
    }
    t.operands[1] = types::int64();
    t.result = a->ndim() == 1 ? dt : types::array(dt, a->ndim() - 1, types::Layout::C);
    return t;
}

// np.outer(a, b): the flattened a times the flattened b, (a.size, b.size), in np.multiply's
// result dtype.
CallTyping outer_type(const std::vector<const Type*>& args) {
    CallTyping t;
    for (int i = 0; i < 2; ++i)
        if (!args[i]->is_array()) {
            t.error = fmt::format("np.outer() of {} is not supported by ujit (it takes arrays)", args[i]->str());
            t.error_arg = i;
            return t;
        }
    auto loop = find_loop(binary_ufunc(syntax::BinOp::Mul), {args[0]->dtype(), args[1]->dtype()});
    if (!loop) {
        t.error = fmt::format("np.outer() of {} and {} arrays is not supported", args[0]->dtype()->str(),
                              args[1]->dtype()->str());
        return t;
    }
    t.operands = {args[0], args[1]};
    t.result = types::array(loop->out, 2, types::Layout::C);
    return t;
}

// np.concatenate((a, b), axis), np.stack, np.hstack, np.vstack, np.column_stack, np.dstack
// (Numba's _sequence_of_arrays and NdStack_typer): a non-empty tuple of arrays of one ndim
// (column_stack: 1-D and 2-D mixed), the dtypes unified, a new array that is F only when
// every input is F.
CallTyping join_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = types::builtin_name(id);
    const Type* tup = args[0];
    if (!tup->is_tuple() || tup->elements().empty() ||
        !std::all_of(tup->elements().begin(), tup->elements().end(), [](const Type* a) { return a->is_array(); })) {
        t.error = fmt::format("{}(): expecting a non-empty tuple of arrays, got {}", what, tup->str());
        t.error_arg = 0;
        return t;
    }
    const std::vector<const Type*>& arrays = tup->elements();
    int ndim = arrays[0]->ndim();
    const Type* dt = arrays[0]->dtype();
    bool all_f = true;
    for (const Type* a : arrays) {
        if (id == BuiltinId::NpColumnStack) {
            if (a->ndim() < 1 || a->ndim() > 2) {
                t.error = "np.column_stack() is only defined on 1-d and 2-d arrays";
                return t;
            }
        } else if (a->ndim() != ndim) {
            t.error = fmt::format("{}(): all the input arrays must have same number of dimensions", what);
            return t;
        }
        dt = a->dtype() == dt ? dt : types::unify(dt, a->dtype());
        if (!dt) {
            t.error = fmt::format("{}(): input arrays must have compatible dtypes", what);
            return t;
        }
        all_f = all_f && a->layout() == types::Layout::F;
    }
    types::Layout layout = all_f ? types::Layout::F : types::Layout::C;
    t.operands = {tup};
    if (args.size() > 1) {
        t.operands.push_back(nullptr);
        if (args[1]) {
            if (!args[1]->is_int()) {
                t.error = fmt::format("{}()'s axis must be an integer, not {}", what, args[1]->str());
                t.error_arg = 1;
                return t;
            }
            t.operands[1] = types::int64();
        }
    }
    switch (id) {
    case BuiltinId::NpConcatenate:
        if (ndim == 0) {
            t.error = "zero-dimensional arrays cannot be concatenated";
            return t;
        }
        t.result = types::array(dt, ndim, layout);
        return t;
    case BuiltinId::NpStack: t.result = types::array(dt, ndim + 1, layout); return t;
    case BuiltinId::NpHstack: t.result = types::array(dt, std::max(ndim, 1), layout); return t;
    case BuiltinId::NpVstack: t.result = types::array(dt, std::max(ndim, 2), layout); return t;
    case BuiltinId::NpDstack: t.result = types::array(dt, std::max(ndim, 3), layout); return t;
    default: t.result = types::array(dt, 2, layout); return t;  // column_stack
    }
}

}  // namespace

bool is_library_call(BuiltinId id) { return params_of(id) != nullptr && !reduction_of(id); }

bool is_axis_reduction(const syntax::Call* c, BuiltinId id) {
    if (!reduction_of(id) || !params_of(id)) return false;
    size_t own = types::is_array_method(id) ? 0 : 1;  // np.sum's array is an argument
    return c->args.size() > own || !c->keywords.empty();
}

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
    if (p.positional_only && !c->keywords.empty()) {
        *error = fmt::format("{} takes no keyword arguments", what);
        *where = c->keywords[0].loc;
        return {};
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

CallTyping library_call_type(BuiltinId id, const std::vector<const Type*>& args,
                             const std::vector<const syntax::Expr*>& exprs) {
    CallTyping t;
    // dt64: NumPy's library over datetime64/timedelta64 is not implemented: refused rather than
    // computed on the counts (NaT would sort, sum and difference as INT64_MIN)
    for (const Type* a : args)
        if (a && (a->is_datetime_like() || (a->is_array() && a->dtype()->is_datetime_like()))) {
            t.error = fmt::format("{}() of {} is not supported by ujit yet", types::builtin_name(id), a->str());
            return t;
        }
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
    case BuiltinId::ArrayDot:
    case BuiltinId::NpVdot: return dot_type(id, args);
    case BuiltinId::NpLinalgNorm: return norm_type(args);
    case BuiltinId::NpRandomNormal:
    case BuiltinId::NpRandomStdNormal:
    case BuiltinId::NpRandomRandn:
    case BuiltinId::NpRandomRandint:
    case BuiltinId::NpRandomRandom:
    case BuiltinId::NpRandomRand:
    case BuiltinId::NpRandomUniform: return random_type(id, args);
    case BuiltinId::NpSort:
    case BuiltinId::NpArgsort:
    case BuiltinId::ArrayArgsort:
    case BuiltinId::NpUnique: return sorted_type(id, args, exprs);
    case BuiltinId::NpCumsum:
    case BuiltinId::NpCumprod:
    case BuiltinId::ArrayCumsum:
    case BuiltinId::ArrayCumprod: return cumulative_type(id, args);
    case BuiltinId::NpSum:
    case BuiltinId::ArraySum:
    case BuiltinId::NpProd:
    case BuiltinId::ArrayProd:
    case BuiltinId::NpMin:
    case BuiltinId::ArrayMin:
    case BuiltinId::NpMax:
    case BuiltinId::ArrayMax:
    case BuiltinId::NpMean:
    case BuiltinId::ArrayMean:
    case BuiltinId::NpArgmin:
    case BuiltinId::NpArgmax:
    case BuiltinId::ArrayArgmin:
    case BuiltinId::ArrayArgmax: return axis_reduction_type(id, args);
    case BuiltinId::NpOuter: return outer_type(args);
    case BuiltinId::NpConcatenate:
    case BuiltinId::NpStack:
    case BuiltinId::NpHstack:
    case BuiltinId::NpVstack:
    case BuiltinId::NpColumnStack:
    case BuiltinId::NpDstack: return join_type(id, args);
    default: break;
    }
    if (random_params_of(id)) return random_extra_type(id, args);  // nplib5
    if (linalg_params_of(id)) return linalg_type(id, args);
    if (summary_params_of(id)) return summary_call_type(id, args);  // nplib6
    if (combine_params_of(id)) return combine_call_type(id, args);  // nplib7
    if (decomp_params_of(id)) return decomp_call_type(id, args);
    if (arrangement_params_of(id)) return arrangement_call_type(id, args);  // nparray
    if (gaps_params_of(id)) return gaps_call_type(id, args);
    return search_call_type(id, args, exprs);
}

}  // namespace ujit::nplib
