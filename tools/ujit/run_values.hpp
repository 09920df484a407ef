// Between the command line and ujit::Value for `ujit run`: arguments from Python
// literals and .npy files, ufunc inputs cast to a --sig, results printed or saved.
#pragma once

#include "ujit/ujit.hpp"

#include <span>
#include <string>
#include <vector>

namespace ujit::cli {

struct RunArguments {
    std::vector<ujit::Value> values;
    std::vector<ujit::Array> storage;  // owns the data that the array values view
};

// Each word is a .npy path (runtime::is_npy_path) or a Python literal.
RunArguments parse_run_arguments(std::span<const std::string> words);

// The argument dtypes of a signature of scalars, "float32(float32, int64)" → {Float32,
// Int64} (a ufunc's kernel signature); UsageError for anything else.
std::vector<ujit::DType> scalar_argument_dtypes(const std::string& signature);

// One argument type of a kernel's signature: a scalar ("float32") or an array
// ("float32[:]", "float64[:, ::1]" C-contiguous, "float64[::1, :]" F-contiguous).
struct ArgumentType {
    bool is_array = false;
    ujit::DType dtype = ujit::DType::Float64;
    int ndim = 0;
    char layout = 'A';  // arrays: 'C', 'F' or 'A' (any)
    std::string text;   // as written, for messages
};

// The argument types of a kernel signature, "void(float32[:], float32[:], int64)";
// UsageError for anything else.
std::vector<ArgumentType> signature_argument_types(const std::string& signature);

// `inputs` converted to a kernel signature's argument types: arrays copied (to `storage`)
// where the dtype or the contiguity differs, scalars converted. ujit::Error when an array is
// given for a scalar, or an array of another number of dimensions.
std::vector<ujit::Value> cast_kernel_inputs(const std::vector<ujit::Value>& inputs,
                                            const std::vector<ArgumentType>& types, std::vector<ujit::Array>& storage);

// `inputs` converted to `dtypes` (arrays copied with the cast, scalars converted), so the
// ufunc dispatch picks exactly that loop. New arrays go to `storage`.
std::vector<ujit::Value> cast_inputs(const std::vector<ujit::Value>& inputs, const std::vector<ujit::DType>& dtypes,
                                     std::vector<ujit::Array>& storage);

// The element of a 0-d array as a scalar value.
ujit::Value scalar_of_0d(const ujit::Array& a);

}  // namespace ujit::cli
