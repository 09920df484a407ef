// Choosing the loop of a ufunc with declared signatures for the dtypes of a call
// (vectorize with signatures): the first exact match, else the first signature, in
// declaration order, to which every input casts safely (numpy.can_cast 'safe'). Python
// scalars are weaker than arrays: a Python int may become any integer, float or complex
// type, a Python float any float or complex type.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

struct UfuncSignature {
    std::vector<DType> inputs;
    DType output = DType::Float64;
};

struct UfuncOperand {
    DType dtype = DType::Float64;
    // A Python literal scalar (int → Int64, float → Float64, complex → Complex128,
    // bool → Bool), as opposed to a typed NumPy scalar or an array.
    bool python_scalar = false;
};

// numpy.can_cast(from, to, casting='safe').
bool can_cast_safe(DType from, DType to);
// can_cast_safe, widened for Python scalars as described above.
bool operand_casts_to(const UfuncOperand& arg, DType to);

// Index of the chosen signature; ujit::Error(Argument) when none fits:
// "ufunc 'f' not supported for the input types (int64, float32); declared signatures:
//  float32(float32, float32), float64(float64, float64)".
size_t select_ufunc_signature(const std::string& ufunc_name, const std::vector<UfuncSignature>& sigs,
                              const std::vector<UfuncOperand>& args);

// "float32(float32, float32)"
std::string format_signature(const UfuncSignature& sig);

}  // namespace ujit::runtime
