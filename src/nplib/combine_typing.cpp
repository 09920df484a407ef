// Typing of np.append, np.kron, np.cov and np.corrcoef (lowered by nplib/lower_combine.cpp and
// lower_covariance.cpp) with Numba's signatures and messages (numba/np/arrayobj.py np_append,
// numba/np/linalg.py kron_impl, numba/np/arraymath.py np_cov / np_corrcoef). ujit takes arrays
// (and np.append's scalars) where Numba takes any array-like; tuples and lists are refused,
// located.
#include "nplib/library_typing.hpp"

#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

const LibraryParams* combine_params_of(BuiltinId id) {
    static const LibraryParams append{{"arr", "values", "axis"}, 2};
    static const LibraryParams kron{{"a", "b"}, 2};
    static const LibraryParams cov{{"m", "y", "rowvar", "bias", "ddof"}, 1};
    static const LibraryParams corrcoef{{"x", "y", "rowvar"}, 1};
    switch (id) {
    case BuiltinId::NpAppend: return &append;
    case BuiltinId::NpKron: return &kron;
    case BuiltinId::NpCov: return &cov;
    case BuiltinId::NpCorrcoef: return &corrcoef;
    default: return nullptr;
    }
}

namespace {

// np.append(arr, values, axis=None): both raveled and joined (axis None), or np.concatenate of
// the two arrays along axis; the dtypes unified as np.concatenate's.
CallTyping append_type(const std::vector<const Type*>& args) {
    const Type* arr = args[0];
    const Type* values = args[1];
    if (!arr->is_array() && !arr->is_number())
        return fail(fmt::format("np.append()'s arr must be an array or a number in ujit, not {}", arr->str()), 0);
    if (!values->is_array() && !values->is_number())
        return fail(fmt::format("np.append()'s values must be an array or a number in ujit, not {}", values->str()), 1);
    const Type* a_dt = arr->is_array() ? arr->dtype() : arr;
    const Type* v_dt = values->is_array() ? values->dtype() : values;
    const Type* dt = a_dt == v_dt ? a_dt : types::unify(a_dt, v_dt);
    if (!dt) return fail("np.append(): input arrays must have compatible dtypes", -1);
    CallTyping t;
    t.operands = {arr, values, nullptr};
    if (absent(args[2])) {
        t.result = types::array(dt, 1, types::Layout::C);
        return t;
    }
    if (!args[2]->is_int()) return fail("The third argument \"axis\" must be an integer", 2);
    if (!arr->is_array() || !values->is_array() || arr->ndim() != values->ndim() || arr->ndim() == 0)
        return fail("np.append() with an axis: all the input arrays must have same number of dimensions", -1);
    t.operands[2] = types::int64();
    t.result = types::array(dt, arr->ndim(), types::Layout::C);
    return t;
}

// np.kron(a, b): arrays of 1 or 2 dimensions in C or F layout (Numba's kron reshapes them);
// the result has a's dtype and 2 dimensions unless both are 1-D.
CallTyping kron_type(const std::vector<const Type*>& args) {
    for (int i = 0; i < 2; ++i) {
        const Type* a = args[static_cast<size_t>(i)];
        if (!a->is_array())
            return fail(fmt::format("np.kron() of {} is not supported by ujit (it takes arrays)", a->str()), i);
        if (a->ndim() < 1 || a->ndim() > 2) return fail("np.kron() only supported on 1 and 2-D arrays ", i);
        if (a->layout() == types::Layout::A)
            return fail("np.linalg.kron only supports 'C' or 'F' layout input arrays. Received an input of layout "
                        "'A'.",
                        i);
        if (!a->dtype()->is_number()) return fail(fmt::format("np.kron() of {} is not supported", a->str()), i);
    }
    CallTyping t;
    t.operands = {args[0], args[1]};
    int nd = args[0]->ndim() == 2 || args[1]->ndim() == 2 ? 2 : 1;
    t.result = types::array(args[0]->dtype(), nd, types::Layout::C);
    return t;
}

// np.cov(m, y, rowvar, bias, ddof) / np.corrcoef(x, y, rowvar): float64 results, complex128
// where an input is complex (NumPy's result_type with float64); a 0-d array for a 1-D m
// without y, as Numba's single-variable case.
CallTyping covariance_type(BuiltinId id, const std::vector<const Type*>& args) {
    const char* names[] = {"m", "y"};
    for (size_t i = 0; i < 2; ++i) {
        const Type* a = args[i];
        if (i == 1 && absent(a)) continue;
        if (!a->is_array() || !a->dtype()->is_number())
            return fail(fmt::format("{}() of {} is not supported by ujit (it takes numeric arrays)",
                                    types::builtin_name(id), a->str()),
                        static_cast<int>(i));
        if (a->ndim() > 2) return fail(fmt::format("{} has more than 2 dimensions", names[i]), static_cast<int>(i));
    }
    bool complex = args[0]->dtype()->is_complex() || (!absent(args[1]) && args[1]->dtype()->is_complex());
    const Type* dt = complex ? types::complex(128) : types::float64();
    CallTyping t;
    t.operands.assign(args.size(), nullptr);
    t.operands[0] = args[0];
    if (!absent(args[1])) t.operands[1] = args[1];
    const char* flags[] = {"rowvar", "bias"};
    for (size_t i = 2; i < std::min<size_t>(args.size(), 4); ++i) {
        if (absent(args[i])) continue;
        if (!args[i]->is_bool() && !args[i]->is_int())
            return fail(
                fmt::format("{}()'s {} must be a bool, not {}", types::builtin_name(id), flags[i - 2], args[i]->str()),
                static_cast<int>(i));
        t.operands[i] = types::boolean();
    }
    if (args.size() > 4 && !absent(args[4])) {
        if (!args[4]->is_number() || args[4]->is_complex()) return fail("ddof must be a real numerical scalar type", 4);
        t.operands[4] = types::float64();
    }
    bool single = args[0]->ndim() <= 1 && absent(args[1]);
    t.result = types::array(dt, single ? 0 : 2, types::Layout::C);
    return t;
}

}  // namespace

CallTyping combine_call_type(BuiltinId id, const std::vector<const Type*>& args) {
    switch (id) {
    case BuiltinId::NpAppend: return append_type(args);
    case BuiltinId::NpKron: return kron_type(args);
    default: return covariance_type(id, args);
    }
}

}  // namespace ujit::nplib
