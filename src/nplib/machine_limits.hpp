// np.iinfo(t) / np.finfo(t) read at once (np.iinfo(np.int64).max, np.finfo(a.dtype).eps): the
// value NumPy gives, folded at compile time as Numba folds the namedtuple it builds from NumPy
// (numba/np/arraymath.py: iinfo's min, max, bits; finfo's eps, epsneg, iexp, machep, max,
// maxexp, min, minexp, negep, nexp, nmant, precision, resolution, tiny, bits). Float fields
// have the float type (float32 for float32 and complex64), the others are Python ints.
#pragma once

#include "types/builtins.hpp"
#include "types/typed_function.hpp"

#include <optional>
#include <string>

namespace ujit::nplib {

// The field `attr` of np.iinfo(t) (id NpIinfo) or np.finfo(t) (NpFinfo) for the number type
// t; nullopt with *error set where NumPy or Numba has no such value.
std::optional<types::ConstValue> machine_limit(types::BuiltinId id, const types::Type* t, const std::string& attr,
                                               std::string* error);

// np.iinfo(t) / np.finfo(t) kept as a value (`info = np.iinfo(np.int32)`): the constant named
// tuple Numba builds, class iinfo or finfo with Numba's fields in its order
// (types/named_tuples.hpp); nullopt with *error set where NumPy has no such object.
std::optional<types::ConstValue> machine_limits(types::BuiltinId id, const types::Type* t, std::string* error);

}  // namespace ujit::nplib
