// Which NumPy ufunc loop an operation on arrays runs, as Numba chooses it
// (numba/np/numpy_support.py ufunc_find_matching_loop): the first loop of the ufunc, in
// NumPy's order, that every input can be cast to safely, where integers may also go to any
// float or complex loop when the inputs mix integer and inexact kinds (so `float32 array * 2`
// stays float32 while `int32 array * 2.0` is float64). Scalars take part by their type.
#pragma once

#include "syntax/ast.hpp"
#include "types/builtins.hpp"
#include "types/type.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ujit::nplib {

// A ufunc loop: the types the inputs are converted to, and the output type.
struct UfuncLoop {
    std::vector<const types::Type*> in;
    const types::Type* out = nullptr;
};

// The loops of one ufunc, NumPy's `ufunc.types` restricted to the dtypes ujit has.
struct UfuncSig {
    std::string name;                // "add", "sqrt": NumPy's name, for messages
    std::vector<std::string> loops;  // "ii->i", "d->d" (NumPy's type characters)
};

UfuncSig binary_ufunc(syntax::BinOp op);
UfuncSig compare_ufunc(syntax::CmpOp op);
UfuncSig unary_ufunc(syntax::UnaryOp op);
// The ufunc a builtin computes when applied to arrays (np.sqrt, abs, ...); nullopt if none.
std::optional<UfuncSig> builtin_ufunc(types::BuiltinId id);

// nplib5: np.add, np.less, np.negative, ...: the Python operator a named NumPy ufunc
// computes, if it is one (then its loops are the operator's).
std::optional<syntax::BinOp> ufunc_binop(types::BuiltinId id);
std::optional<syntax::CmpOp> ufunc_cmpop(types::BuiltinId id);
std::optional<syntax::UnaryOp> ufunc_unaryop(types::BuiltinId id);
// Builtins that are nothing but a NumPy ufunc (np.add, np.fmax, np.logical_and, ...): on
// scalars too they are typed by the ufunc's loops and computed as one element of it.
bool is_named_ufunc(types::BuiltinId id);

// ---- cudacg: ufuncs given their output array, np.sin(x, out), np.add(a, b, out=o)
// The number of inputs of the NumPy ufunc a builtin is (np.sin: 1, np.add: 2), where it takes
// an output array after them; nullopt for builtins that are no such ufunc (np.round, np.where).
std::optional<size_t> ufunc_nin(types::BuiltinId id);
// The output argument of a call of such a ufunc: its argument after the inputs, or its `out=`
// keyword; null when it has none (typing checks the rest: types/infer_ufunc_out.cpp).
const syntax::Expr* ufunc_output_of(const syntax::Call* c, types::BuiltinId id);
// The cmath function that computes a math builtin on complex numbers, as NumPy's complex loops
// of np.sin, np.log, ... do (np.log2: cmath.log, scaled); nullopt if NumPy has no complex loop.
std::optional<types::BuiltinId> complex_twin(types::BuiltinId id);
// ---- end cudacg

// np.where(c, x, y) and np.clip(a, lo, hi) are elementwise too, with loops of their own
// (find_loop knows them by name): where promotes x and y as add's loops do and tests c for
// truth; clip computes in a's dtype, as Numba's np.clip fills an array like a.

// Of the loops a @vectorize function declares (its signatures), the first these dtypes cast
// to by find_loop's rule; nullopt if none.
std::optional<UfuncLoop> find_declared_loop(const std::vector<UfuncLoop>& loops,
                                            const std::vector<const types::Type*>& inputs);

// The loop for these input dtypes, or nullopt ("ufunc 'add' not supported for the input types").
std::optional<UfuncLoop> find_loop(const UfuncSig& sig, const std::vector<const types::Type*>& inputs);

}  // namespace ujit::nplib
