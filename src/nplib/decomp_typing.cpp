// Typing of np.linalg's factorizations (lowered by nplib/lower_linalg_decomp.cpp) with Numba's
// checks and messages (numba/np/linalg.py): 2-D float or complex arrays (matrix_rank takes 1-D
// too); results keep the dtype (float32 stays float32), eigenvalues and singular values are
// of its real type. Numba returns some results Fortran-ordered; ujit's are C arrays of the
// same values. eig/eigvals of a real matrix stay real, as Numba's for NumPy before 2.5.
#include "nplib/library_typing.hpp"

#include <fmt/format.h>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

const LibraryParams* decomp_params_of(BuiltinId id) {
    static const LibraryParams one{{"a"}, 1};
    static const LibraryParams svd{{"a", "full_matrices"}, 1};
    static const LibraryParams lstsq{{"a", "b", "rcond"}, 2};
    static const LibraryParams pinv{{"a", "rcond"}, 1};
    static const LibraryParams rank{{"A", "tol"}, 1};
    static const LibraryParams power{{"a", "n"}, 2};
    static const LibraryParams cond{{"x", "p"}, 1};
    switch (id) {
    case BuiltinId::NpLinalgCholesky:
    case BuiltinId::NpLinalgQr:
    case BuiltinId::NpLinalgEigh:
    case BuiltinId::NpLinalgEigvalsh:
    case BuiltinId::NpLinalgEig:
    case BuiltinId::NpLinalgEigvals: return &one;
    case BuiltinId::NpLinalgSvd: return &svd;
    case BuiltinId::NpLinalgLstsq: return &lstsq;
    case BuiltinId::NpLinalgPinv: return &pinv;
    case BuiltinId::NpLinalgMatrixRank: return &rank;
    case BuiltinId::NpLinalgMatrixPower: return &power;
    case BuiltinId::NpLinalgCond: return &cond;
    default: return nullptr;
    }
}

namespace {

// An optional real number (rcond, tol, p): float64, or null where left out or None.
bool optional_real(CallTyping& t, const std::vector<const Type*>& args, size_t i, const std::string& what,
                   const char* name) {
    if (absent(args[i])) return true;
    if (args[i]->is_number() && !args[i]->is_complex()) {
        t.operands[i] = types::float64();
        return true;
    }
    t.error = fmt::format("{}'s {} must be a real number, not {}", what, name, args[i]->str());
    t.error_arg = static_cast<int>(i);
    return false;
}

}  // namespace

CallTyping decomp_call_type(BuiltinId id, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = std::string(types::builtin_name(id)) + "()";
    t.error = linalg_matrix_error(args[0], what, id == BuiltinId::NpLinalgMatrixRank);
    if (!t.error.empty()) {
        t.error_arg = 0;
        return t;
    }
    const Type* dt = args[0]->dtype();
    const Type* real = dt->is_complex() ? types::floating(dt->bits() / 2) : dt;
    const Type* matrix = types::array(dt, 2, types::Layout::C);
    const Type* values = types::array(real, 1, types::Layout::C);
    t.operands.assign(args.size(), nullptr);
    t.operands[0] = args[0];
    switch (id) {
    case BuiltinId::NpLinalgCholesky: t.result = matrix; break;
    case BuiltinId::NpLinalgPinv:
        if (!optional_real(t, args, 1, what, "rcond")) return t;
        t.result = matrix;
        break;
    case BuiltinId::NpLinalgQr: t.result = types::tuple({matrix, matrix}); break;
    case BuiltinId::NpLinalgEigh: t.result = types::tuple({values, matrix}); break;
    case BuiltinId::NpLinalgEigvalsh: t.result = values; break;
    case BuiltinId::NpLinalgEig: t.result = types::tuple({types::array(dt, 1, types::Layout::C), matrix}); break;
    case BuiltinId::NpLinalgEigvals: t.result = types::array(dt, 1, types::Layout::C); break;
    case BuiltinId::NpLinalgSvd:
        if (!absent(args[1])) {
            if (!args[1]->is_int() && !args[1]->is_bool()) {
                t.error = fmt::format("{}'s full_matrices must be a bool or an integer, not {}", what, args[1]->str());
                t.error_arg = 1;
                return t;
            }
            t.operands[1] = types::boolean();
        }
        t.result = types::tuple({matrix, values, matrix});
        break;
    case BuiltinId::NpLinalgLstsq:
        t.error = linalg_matrix_error(args[1], what, true);
        if (t.error.empty() && args[1]->dtype() != dt)
            t.error = fmt::format("{} only supports inputs that have homogeneous dtypes.", what);
        if (!t.error.empty()) {
            t.error_arg = 1;
            return t;
        }
        t.operands[1] = args[1];
        if (!optional_real(t, args, 2, what, "rcond")) return t;
        // Numba's rank is the int32 LAPACK wrote
        t.result = types::tuple({types::array(dt, args[1]->ndim(), types::Layout::C), values, types::int32(), values});
        break;
    case BuiltinId::NpLinalgMatrixRank:
        if (!optional_real(t, args, 1, what, "tol")) return t;
        t.result = types::int64();
        break;
    case BuiltinId::NpLinalgMatrixPower:
        if (!args[1]->is_int() && !args[1]->is_bool()) {
            t.error = "Exponent must be an integer.";
            t.error_arg = 1;
            return t;
        }
        t.operands[1] = types::int64();
        t.result = matrix;
        break;
    case BuiltinId::NpLinalgCond:  // Numba's float result and np.inf unify to float64
        if (!optional_real(t, args, 1, what, "p")) return t;
        t.result = types::float64();
        break;
    default: t.error = what + " is not a factorization ujit types here"; break;
    }
    return t;
}

}  // namespace ujit::nplib
