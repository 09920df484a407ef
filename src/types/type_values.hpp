// Numba types named as values, as numba.typed's constructors take them:
// `List.empty_list(types.float64[:])`, `Dict.empty(types.unicode_type, types.UniTuple(int64, 2))`,
// and a module-level `float_array = types.float64[:]`. Each is a DTypeObj of the type it names:
// a number type's is also a conversion function (float32(x)), any other type's (an array, str,
// tuple, typed list or dict) is only a type, Numba's TypeRef (is_type_value).
//
// numba.typed.List / Dict and their class methods, and numba.types' type constructors
// (UniTuple, Tuple, ListType, DictType), are namespaces named by their path
// ("numba.typed.List.empty_list"): calls of them are typed by typed_containers.hpp.
#pragma once

#include "types/const_eval.hpp"
#include "types/type.hpp"

#include <string>
#include <vector>

namespace ujit::types {

// A DTypeObj that names a type other than a number or a record (Numba's TypeRef): it
// cannot be called or used as a dtype.
bool is_type_value(const Type* t);

// The type a type value (a DTypeObj) denotes, or null when
// `t` is not a type value.
const Type* referenced_type(const Type* t);

// Whether a subscript of a number type spells an array type (its index is `:` or starts with one).
bool spells_array_type(const syntax::Expr* index);

// `scalar[:]`, `scalar[:, ::1]`, `scalar[::1, :]`: the array type the slices spell, or null
// with `why` set (they must be bare `:`, with `::1` on the first or the last dimension).
const Type* array_type_of_slices(const Type* scalar, const syntax::Expr* index, std::string* why);

// types.UniTuple(t, n), types.Tuple((t, ...)), types.ListType(t), types.DictType(k, v) (`path`
// the constructor's namespace path, "numba.types.UniTuple") of the referenced argument types
// (`count` is UniTuple's n): the type, or null with `why` set.
bool is_type_constructor(const std::string& path);
const Type* construct_type(const std::string& path, const std::vector<const Type*>& args, int64_t count,
                           std::string* why);

// A module-level type expression (`types.float64[:]`, `types.UniTuple(types.int64, 2)`,
// `types.unicode_type`) as the Member its name binds, or nothing when `e` is not one.
std::optional<Member> eval_type_value(const syntax::Expr* e, const NameLookup& lookup);

}  // namespace ujit::types
