// Typing of np.linalg.solve, inv, det and slogdet (and np.triu/np.tril, matrices too) with Numba's checks and messages
// (numba/np/linalg.py: _check_linalg_matrix, _check_homogeneous_types): float32, float64,
// complex64 and complex128 arrays; inv's and solve's results are new C arrays (Numba's are
// Fortran-ordered: the values are the same), det a scalar of the dtype, slogdet the pair
// (sign of the dtype, log|det| of its real type).
#include "nplib/library_typing.hpp"

#include <fmt/format.h>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

const LibraryParams* linalg_params_of(BuiltinId id) {
    static const LibraryParams one{{"a"}, 1};
    static const LibraryParams solve{{"a", "b"}, 2};
    static const LibraryParams triangle{{"m", "k"}, 1};
    switch (id) {
    case BuiltinId::NpTriu:
    case BuiltinId::NpTril: return &triangle;
    case BuiltinId::NpLinalgInv:
    case BuiltinId::NpLinalgDet:
    case BuiltinId::NpLinalgSlogdet: return &one;
    case BuiltinId::NpLinalgSolve: return &solve;
    default: return nullptr;
    }
}

std::string linalg_matrix_error(const Type* a, const std::string& what, bool one_or_two) {
    if (!a->is_array()) return fmt::format("{} only supported for array types", what);
    if (one_or_two ? a->ndim() < 1 || a->ndim() > 2 : a->ndim() != 2)
        return fmt::format("{} only supported on {} arrays.", what, one_or_two ? "1 and 2-D" : "2-D");
    if (!a->dtype()->is_float() && !a->dtype()->is_complex())
        return fmt::format("{} only supported on float and complex arrays.", what);
    return "";
}

CallTyping linalg_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = std::string(types::builtin_name(id)) + "()";
    if (id == BuiltinId::NpTriu || id == BuiltinId::NpTril) {  // a new C copy of a 2-D array, any dtype
        if (!args[0]->is_array() || args[0]->ndim() != 2) {
            t.error = fmt::format("{} of {} is not supported by ujit (it takes a 2-D array)", what, args[0]->str());
            t.error_arg = 0;
            return t;
        }
        if (args[1] && !args[1]->is_int()) {
            t.error = fmt::format("{}'s k must be an integer, not {}", what, args[1]->str());
            t.error_arg = 1;
            return t;
        }
        t.operands = {args[0], args[1] ? types::int64() : nullptr};
        t.result = types::array(args[0]->dtype(), 2, types::Layout::C);
        return t;
    }
    for (size_t i = 0; i < args.size(); ++i) {
        t.error = linalg_matrix_error(args[i], what, i == 1);
        if (!t.error.empty()) {
            t.error_arg = static_cast<int>(i);
            return t;
        }
    }
    const Type* dt = args[0]->dtype();
    t.operands = args;
    switch (id) {
    case BuiltinId::NpLinalgInv: t.result = types::array(dt, 2, types::Layout::C); break;
    case BuiltinId::NpLinalgDet: t.result = dt; break;
    case BuiltinId::NpLinalgSlogdet:
        t.result = types::tuple({dt, dt->is_complex() ? types::floating(dt->bits() / 2) : dt});
        break;
    case BuiltinId::NpLinalgSolve:
        if (args[1]->dtype() != dt) {
            t.error = fmt::format("{} only supports inputs that have homogeneous dtypes.", what);
            return t;
        }
        t.result = types::array(dt, args[1]->ndim(), types::Layout::C);
        break;
    default: t.error = what + " is not a np.linalg function ujit types here"; break;
    }
    return t;
}

}  // namespace ujit::nplib
