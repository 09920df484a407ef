// numba-cuda's CUDA vector types (numba.cuda.vector_types): float32x4, int16x2, ... and their
// C aliases (float4, short2, ...), made in kernels by calling the type, `cuda.float32x4(x, y,
// z, w)`, and read through `.x .y .z .w`. A value of Kind::Vector (types/type.hpp) is a struct
// of its lanes (codegen/vector_values.hpp); there is no arithmetic on it and its lanes cannot be
// assigned, as in numba-cuda.
#pragma once

#include "types/typed_containers.hpp"

#include <string>

namespace ujit::types {

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

}  // namespace ujit::types
