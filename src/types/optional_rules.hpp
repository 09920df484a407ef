// Numba's Optional(T) in typing (numba/core/types/misc.py Optional, NoneType.unify): None
// meets a value of type T as Optional(T), and an Optional(T) is used where a T is needed by
// a conversion that checks at run time (TypeError "expected T, got None" when it is None),
// as Numba's templates retry a call with Optional arguments unpacked.
#pragma once

#include "types/type.hpp"

namespace ujit::types {

// Whether ujit lowers Optional(t): numbers, arrays, str, datetimes and tuples of these.
bool can_be_optional(const Type* t);
// unify(a, b), and where one side is none or Optional: Optional of the other (or of both
// payloads unified), as Numba's unify_pairs does. Null when they do not unify, or the payload
// cannot be Optional.
const Type* unify_or_optional(const Type* a, const Type* b);
// Whether an Optional sits inside `t` (a tuple's element, at any depth).
bool holds_optional(const Type* t);
// T for Optional(T); `t` itself otherwise (and for null).
// The one layout of an Optional(T) value, in registers and in memory: the tuple (T, bool),
// the payload (zero when None) and whether there is one, as Numba's {data, valid}.
inline const Type* optional_struct(const Type* opt) { return tuple({opt->optional_of(), boolean()}); }
inline const Type* strip_optional(const Type* t) { return t && t->is_optional() ? t->optional_of() : t; }

}  // namespace ujit::types
