// Named tuples (Numba's NamedUniTuple and NamedTuple, numba/core/types/containers.py): a
// tuple type that also has its class's name and its fields' names, spelled as Numba spells
// it, "Point(float64 x 2)" or "Point(int64, float64)". It is a Kind::Tuple, so every tuple
// path (indexing, unpacking, iteration, len, comparison, lists, returns) carries it as it
// carries a tuple; what is its own is the class: `Point(x, y=...)` builds one
// (types/infer_named_tuples.cpp), `p.x` reads a field by name.
//
// The class, a module-level `Point = namedtuple("Point", ["x", "y"])` (collections'), is a
// compile-time value: a Namespace type whose path is "namedtuple.Point" and which lists the
// fields too. The types keep their names in Type's existing slots (enum_name() is the class,
// fields() the field names, offset = position), so no header of the whole tree changes.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <functional>
#include <string>
#include <vector>

namespace ujit::types {

// A named tuple of class `cls` whose field i is `fields[i]` of type `elems[i]`.
const Type* named_tuple(const std::string& cls, const std::vector<std::string>& fields,
                        const std::vector<const Type*>& elems);
bool is_named_tuple(const Type* t);
const std::string& tuple_class(const Type* t);  // named tuple or its class: "Point"
std::vector<std::string> field_names(const Type* t);  // named tuple or its class
int field_index(const Type* t, const std::string& name);  // -1 when the class has no such field
// The same elements as a plain tuple (Numba's Tuple / UniTuple); other types as they are.
const Type* plain_tuple(const Type* t);

// The class of named tuples `cls` with these fields, a compile-time value.
const Type* named_tuple_class(const std::string& cls, const std::vector<std::string>& fields);
bool is_named_tuple_class(const Type* t);
// The type `cls(...)` makes from elements of these types.
inline const Type* instance_of(const Type* cls, const std::vector<const Type*>& elems) {
    return named_tuple(tuple_class(cls), field_names(cls), elems);
}

// The expression each field of `cls` gets at the call `c` (null: omitted, so the field's default
// if one of the last `n_defaults` fields has one), bound as Python binds the class's arguments;
// `fail` reports Python's TypeError ("In 'Point': missing a required argument: 'y'") and does
// not return. types/named_tuple_classes.cpp.
using FieldFail = std::function<void(syntax::SourceLoc, const std::string&)>;
std::vector<const syntax::Expr*> bind_fields(const syntax::Call& c, const Type* cls, size_t n_defaults,
                                             const FieldFail& fail);

}  // namespace ujit::types
