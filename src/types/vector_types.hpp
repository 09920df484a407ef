// numba-cuda's CUDA vector types (numba.cuda.vector_types): float32x4, int16x2, ... and their
// C aliases (float4, short2, ...), made in kernels by calling the type, `cuda.float32x4(x, y,
// z, w)`, and read through `.x .y .z .w`.
//
// A vector type is a tuple type of its lanes under its own name ("float32x4", not
// "UniTuple(float32 x 4)"), as Numba's NamedUniTuple is a tuple with names: a type of its own,
// whose values are carried, stored, passed and returned as tuples are (codegen/vector_values.hpp
// makes and reads them). What Numba refuses on a vector and allows on a tuple (indexing,
// iteration, unpacking, len, operators) typing refuses with is_vector(). There is no arithmetic
// on a vector, and its lanes cannot be assigned, as in numba-cuda.
#pragma once

#include "types/type.hpp"

#include <string>
#include <vector>

namespace ujit::syntax {
struct Call;
}

namespace ujit::types {

struct ContainerTyping;

// The vector type of `size` (1..4) lanes of `base` (an int or float type); types/type.cpp.
const Type* vector_of(const Type* base, int size);
bool is_vector(const Type* t);
inline const Type* vector_base(const Type* vector) { return vector->elements()[0]; }
inline int vector_size(const Type* vector) { return static_cast<int>(vector->elements().size()); }

// The vector type `name` spells in numba.cuda: a canonical name ("float32x4") or an alias
// ("float4", "long2", "uchar3"); null for any other name.
const Type* vector_type_named(const std::string& name);

// The constructor `cuda.float32x4` of the vector type `name` (the Namespace 'cuda.float32x4',
// `cuda.float4` too), or null when `name` is no vector type; the vector type a call of `callee`
// makes, or null when `callee` is no vector type's constructor.
const Type* vector_constructor(const std::string& name);
const Type* constructed_vector(const Type* callee);

// The lane `.x` (0), `.y`, `.z`, `.w` (3) names in `vector`, or -1 when it has no such lane.
int vector_lane(const Type* vector, const std::string& attr);

// The type of the constructor call `c` of `vector`, as numba-cuda's overloads type it: the
// arguments are numbers (converted to the base type) and vectors of the same base type whose
// lanes count as that many values, vector_size() values in all. `operands` gets the type each
// argument is converted to. Null when an argument's type is not known yet; errors through h.error.
const Type* vector_constructor_call(const syntax::Call* c, const Type* vector, const ContainerTyping& h,
                                    std::vector<const Type*>* operands);

// The error for using the vector `t` as `what` Numba does only with tuples ("indexing"), or
// empty when `t` is no vector.
std::string vector_not_tuple(const Type* t, const std::string& what);

}  // namespace ujit::types
