// cuda.libdevice: NVIDIA's libdevice functions, callable in CUDA code as numba-cuda's
// `from numba.cuda import libdevice; libdevice.sincos(x)`. One table, libdevice_functions.def,
// generated from libdevice's declarations (tools/scripts/gen_libdevice_table.py).
#pragma once

#include "types/type.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ujit::types {

struct LibdeviceParam {
    const Type* type;  // int16/int32/int64/float32/float64
    bool out;          // a pointer libdevice stores through: part of the result, not an argument
    std::string name;
};

struct LibdeviceFunction {
    std::string name;    // "sincos" (its symbol is "__nv_sincos")
    const Type* result;  // none() for void
    std::vector<LibdeviceParam> params;

    std::vector<const Type*> argument_types() const;  // the parameters that are not out
    // numba-cuda's create_signature: the result then every out parameter; one of them is the
    // value itself, more a tuple.
    const Type* call_type() const;
};

const LibdeviceFunction* libdevice_function(std::string_view name);  // null: no such function
const std::vector<LibdeviceFunction>& libdevice_functions();          // in name order

}  // namespace ujit::types
