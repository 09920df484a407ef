// Numba's choice among a function's declared signatures for the argument types of a call
// from compiled code (numba/core/typing/templates.py resolve_overload, with the conversion
// kinds of numba/core/typeconv/rules.py): each argument converts exactly, by a promotion,
// safely or unsafely (float to int, narrowing), or not at all; a signature is rated by its
// counts of (unsafe, safe, promoting) conversions, the lowest rating wins, and a tie goes to
// the signature declared first.
#pragma once

#include "types/infer.hpp"

#include <vector>

namespace ujit::types {

enum class Conversion { Exact, Promote, Safe, Unsafe, None };

// How a value of type `from` converts to a parameter of type `to` (numbers and arrays).
Conversion conversion(const Type* from, const Type* to);

// The declared signature a call with these argument types runs, or null where none takes
// them (or an argument is neither a number nor an array: the caller keeps its own rules).
// `tied`, when given, is set to how many signatures share the chosen one's rating: a call
// from Python (or C, C++) with more than one is Numba's "Ambiguous overloading".
const Signature* choose_declared(const std::vector<Signature>& sigs, const std::vector<const Type*>& args,
                                 size_t* tied = nullptr);

// Whether every argument is a number or an array (what choose_declared rates).
bool rateable(const std::vector<const Type*>& args);

}  // namespace ujit::types
