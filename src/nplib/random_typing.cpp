// Typing of np.random.exponential, standard_exponential, shuffle, permutation and choice with
// Numba's signatures (numba/cpython/randomimpl.py): a size gives a
// new C array; shuffle and permutation take a 1-D array (permutation an integer too); choice
// takes an integer or a 1-D array, size and replace, but not p (neither does Numba).
#include "nplib/library_typing.hpp"
#include "nplib/random_distributions.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

const LibraryParams* random_params_of(BuiltinId id) {
    static const LibraryParams exponential{{"scale", "size"}, 0};
    static const LibraryParams standard{{"size"}, 0};
    static const LibraryParams shuffle{{"x"}, 1};
    static const LibraryParams choice{{"a", "size", "replace", "p"}, 1};
    static const LibraryParams multinomial{{"n", "pvals", "size"}, 2};
    switch (id) {
    case BuiltinId::NpRandomExponential: return &exponential;
    case BuiltinId::NpRandomStdExponential: return &standard;
    case BuiltinId::NpRandomShuffle:
    case BuiltinId::NpRandomPermutation: return &shuffle;
    case BuiltinId::NpRandomChoice: return &choice;
    case BuiltinId::NpRandomMultinomial: return &multinomial;
    default: {
        const Distribution* d = distribution_of(id);
        return d ? &d->params : nullptr;
    }
    }
}

int random_size_dims(const Type* s, size_t at, const std::string& what, CallTyping& t) {
    if (!s || s->is_none()) return 0;
    std::vector<const Type*> parts = s->is_tuple() ? s->elements() : std::vector<const Type*>{s};
    for (const Type* d : parts)
        if (!d->is_int()) {
            t.error = fmt::format("{}'s size must be an integer or a tuple of integers, not {}", what, s->str());
            t.error_arg = static_cast<int>(at);
            return -1;
        }
    if (parts.empty()) {
        t.error = fmt::format("{} with size=() is not supported by ujit (a 0-d array)", what);
        t.error_arg = static_cast<int>(at);
        return -1;
    }
    t.operands[at] =
        s->is_tuple() ? types::tuple(std::vector<const Type*>(parts.size(), types::int64())) : types::int64();
    return static_cast<int>(parts.size());
}

namespace {

bool one_d_array(const Type* a) { return a && a->is_array() && a->ndim() == 1; }

}  // namespace

CallTyping random_extra_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = std::string(types::builtin_name(id)) + "()";
    t.operands.assign(args.size(), nullptr);
    switch (id) {
    case BuiltinId::NpRandomExponential:
    case BuiltinId::NpRandomStdExponential: {
        const bool scaled = id == BuiltinId::NpRandomExponential;
        if (scaled && args[0]) {
            if (!args[0]->is_number() || args[0]->is_complex() || args[0]->is_bool()) {
                t.error = fmt::format("{}'s scale must be a real number, not {}", what, args[0]->str());
                t.error_arg = 0;
                return t;
            }
            t.operands[0] = types::float64();
        }
        int nd = random_size_dims(args[scaled ? 1 : 0], scaled ? 1 : 0, what, t);
        if (nd < 0) return t;
        t.result = nd ? types::array(types::float64(), nd, types::Layout::C) : types::float64();
        return t;
    }
    case BuiltinId::NpRandomShuffle:
        if (!one_d_array(args[0])) {  // Numba's message
            t.error =
                fmt::format("{}: the argument must be a one-dimensional NumPy array, not {}", what, args[0]->str());
            t.error_arg = 0;
            return t;
        }
        t.operands[0] = args[0];
        t.result = types::none();
        return t;
    case BuiltinId::NpRandomPermutation:
        if (args[0]->is_int()) {
            t.operands[0] = types::int64();
            t.result = types::array(types::int64(), 1, types::Layout::C);
            return t;
        }
        if (!one_d_array(args[0])) {
            t.error = fmt::format("{} takes an integer or a one-dimensional array, not {}", what, args[0]->str());
            t.error_arg = 0;
            return t;
        }
        t.operands[0] = args[0];
        t.result = types::array(args[0]->dtype(), 1, types::Layout::C);
        return t;
    case BuiltinId::NpRandomChoice: {
        if (args[3]) {
            t.error =
                fmt::format("{} with p= is not supported (nor by Numba: its choice takes a, size and replace)", what);
            t.error_arg = 3;
            return t;
        }
        const Type* item = nullptr;
        if (args[0]->is_int()) {
            item = types::int64();
            t.operands[0] = types::int64();
        } else if (one_d_array(args[0])) {
            item = args[0]->dtype();
            t.operands[0] = args[0];
        } else {
            t.error = fmt::format("{}'s a must be an integer or a one-dimensional array, not {}", what, args[0]->str());
            t.error_arg = 0;
            return t;
        }
        if (args[2]) {
            if (!args[2]->is_bool() && !args[2]->is_int()) {
                t.error = fmt::format("{}'s replace must be a bool, not {}", what, args[2]->str());
                t.error_arg = 2;
                return t;
            }
            t.operands[2] = types::boolean();
        }
        int nd = random_size_dims(args[1], 1, what, t);
        if (nd < 0) return t;
        t.result = nd ? types::array(item, nd, types::Layout::C) : item;
        return t;
    }
    case BuiltinId::NpRandomMultinomial: {
        // Numba's: n an integer, pvals a 1-D array or a list or tuple of real numbers; int64
        // counts shaped size + (len(pvals),).
        if (!args[0]->is_int()) {
            t.error = fmt::format("{}: n should be an integer, got {}", what, args[0]->str());
            t.error_arg = 0;
            return t;
        }
        t.operands[0] = types::int64();
        const Type* p = args[1];
        auto real = [](const Type* x) { return x && (x->is_int() || x->is_float()); };
        if (one_d_array(p) && real(p->dtype())) {
            t.operands[1] = p;
        } else if (p->is_list() && real(p->item())) {
            t.operands[1] = p;
        } else if (p->is_tuple() && !p->elements().empty() &&
                   std::all_of(p->elements().begin(), p->elements().end(), real)) {
            t.operands[1] = types::tuple(std::vector<const Type*>(p->elements().size(), types::float64()));
        } else {
            t.error = fmt::format("{}: pvals should be an array or sequence of real numbers, got {}", what, p->str());
            t.error_arg = 1;
            return t;
        }
        int nd = random_size_dims(args[2], 2, what, t);
        if (nd < 0) return t;
        t.result = types::array(types::int64(), nd + 1, types::Layout::C);
        return t;
    }
    default:
        if (const Distribution* d = distribution_of(id)) return distribution_type(*d, args);
        break;
    }
    t.error = what + " is not a np.random function ujit types here";
    return t;
}

}  // namespace ujit::nplib
