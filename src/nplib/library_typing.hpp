// Typing of the NumPy library calls that are neither array expressions nor whole-array
// reductions: sorting (a.sort(), np.sort, np.argsort, np.unique), running sums (cumsum,
// cumprod), products (np.dot, np.vdot, np.outer), np.linalg.norm and np.random's draws, with
// Numba's signatures and messages (numba/np/arrayobj.py, numba/np/linalg.py). These take
// keyword arguments (np.linalg.norm(x, ord=1)): library_arguments puts a call's arguments in
// parameter order for both inference and lowering (src/nplib/lower_library.cpp).
#pragma once

#include "syntax/ast.hpp"
#include "types/builtins.hpp"
#include "types/type.hpp"

#include <string>
#include <vector>

namespace ujit::nplib {

// ---- nplib4: search_typing.cpp (np.nonzero, diff, searchsorted, median, flip, ...)
struct LibraryParams {
    std::vector<const char*> names;  // a method's receiver is "self"
    size_t required;
    bool positional_only = false;  // np.random.randn(*dims)
};
const LibraryParams* search_params_of(types::BuiltinId id);
// The library call a builtin stands for in this call: np.where(cond) is np.nonzero(cond).
types::BuiltinId library_alias(const syntax::Call* c, types::BuiltinId id);
struct CallTyping;
CallTyping search_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args,
                            const std::vector<const syntax::Expr*>& exprs);
// ---- end nplib4
// ---- nplib5: random_typing.cpp (np.random.exponential, standard_exponential, shuffle,
// permutation, choice) and linalg_typing.cpp (np.linalg.solve, inv, det, slogdet)
const LibraryParams* random_params_of(types::BuiltinId id);
CallTyping random_extra_type(types::BuiltinId id, const std::vector<const types::Type*>& args);
// size=n or size=(m, n) of a np.random call (argument `at`): its operand type set in t and the
// number of dimensions (0 for None); -1 with t.error set.
int random_size_dims(const types::Type* size, size_t at, const std::string& what, CallTyping& t);
const LibraryParams* linalg_params_of(types::BuiltinId id);
CallTyping linalg_type(types::BuiltinId id, const std::vector<const types::Type*>& args);
// ---- end nplib5
// ---- nplib6: summary_typing.cpp (np.histogram, digitize, correlate, trapz, cross, nan*, ptp,
// average, array_equal, diag, expand_dims, atleast_*d)
const LibraryParams* summary_params_of(types::BuiltinId id);
CallTyping summary_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args);
// ---- end nplib6
// ---- nplib7: combine_typing.cpp (np.append, np.kron, np.cov, np.corrcoef) and
// decomp_typing.cpp (np.linalg.cholesky, qr, eigh, eigvalsh, eig, eigvals, svd, lstsq, pinv,
// matrix_rank, matrix_power, cond)
const LibraryParams* combine_params_of(types::BuiltinId id);
CallTyping combine_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args);
const LibraryParams* decomp_params_of(types::BuiltinId id);
CallTyping decomp_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args);
// Numba's _check_linalg_matrix (a 2-D float or complex array; one_or_two: 1-D too), as the
// message Numba gives ("np.linalg.inv() only supported on 2-D arrays."), "" where `a` fits.
std::string linalg_matrix_error(const types::Type* a, const std::string& what, bool one_or_two);
// ---- end nplib7
// ---- nparray: arrangement_typing.cpp (np.ascontiguousarray, asfortranarray, ravel, transpose,
// reshape, partition, argpartition, isin, nan_to_num, split, array_split)
const LibraryParams* arrangement_params_of(types::BuiltinId id);
CallTyping arrangement_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args);
// ---- end nparray
// ---- gaps1: gaps_typing.cpp (np.iscomplexobj .. isreal, logspace, geomspace, take,
// broadcast_to, swapaxes, moveaxis, fill_diagonal)
const LibraryParams* gaps_params_of(types::BuiltinId id);
CallTyping gaps_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args);

// Whether the call is typed by library_call_type and lowered by lower_library.cpp.
bool is_library_call(types::BuiltinId id);

// np.sum(a, axis) / a.argmax(axis=...): a reduction given an axis (or any keyword), typed and
// lowered as a library call; without one it is a whole-array reduction (lower_reductions.cpp).
bool is_axis_reduction(const syntax::Call* c, types::BuiltinId id);

// The call's arguments in parameter order (a method's receiver first), keywords placed by
// their names; null for an optional parameter not given. On a bad call (unknown keyword, a
// parameter given twice, too many or too few arguments) sets *error and *where.
std::vector<const syntax::Expr*> library_arguments(const syntax::Call* c, types::BuiltinId id, std::string* error,
                                                   syntax::SourceLoc* where);

struct CallTyping {
    const types::Type* result = nullptr;       // null when the call is an error
    std::vector<const types::Type*> operands;  // each argument converted to (null: absent)
    std::string error;
    int error_arg = -1;  // the argument the error is about, -1 for the whole call
};

// The *_typing.cpp files' shorthands: an error about argument `arg` (-1: the whole call), a
// result with its operands, an optional argument left out or given as None.
inline CallTyping fail(std::string why, int arg = -1) {
    CallTyping t;
    t.error = std::move(why);
    t.error_arg = arg;
    return t;
}
inline CallTyping typed(const types::Type* result, std::vector<const types::Type*> operands) {
    CallTyping t;
    t.result = result;
    t.operands = std::move(operands);
    return t;
}
inline bool absent(const types::Type* t) { return !t || t->is_none(); }

// The result and operand types for `args` (library_arguments' order, null where absent);
// `exprs` are the arguments themselves (argsort's kind is a string literal).
CallTyping library_call_type(types::BuiltinId id, const std::vector<const types::Type*>& args,
                             const std::vector<const syntax::Expr*>& exprs);

}  // namespace ujit::nplib
