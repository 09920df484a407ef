// What the C API's opaque handles hold, and the checks every entry point shares.
#pragma once

#include "capi/last_error.hpp"

#include "ujit/cuda.hpp"
#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

#include <string>
#include <vector>

struct ujit_module {
    ujit::Module module;
    std::vector<std::string> function_names;  // borrowed by ujit_module_function_name
};

struct ujit_function {
    ujit::Function function;
    // Borrowed by the introspection calls; filled when the handle is made.
    std::vector<std::string> param_names;
    std::vector<std::string> signatures;
    std::string gufunc_layout;
    bool cuda_kernel = false;  // function.is_cuda_kernel(), asked at every launch
};

struct ujit_stream {
    ujit::cuda::Stream stream;
};

struct ujit_event {
    ujit::cuda::Event event;
};

struct ujit_device_array {
    ujit::cuda::DeviceArray array;
    // The kDLCUDA view ujit_device_array_dltensor lends: strides in elements.
    DLTensor tensor{};
    std::vector<int64_t> element_strides;
};

// A dict or set a call returned: a Value::Dict or Value::Set (capi_dict.cpp).
struct ujit_dict {
    ujit::Value value;
};

// An array a call returned: the Value shares its owner (the reference the handle holds).
struct ujit_list {
    ujit::Value value;  // a Value::List
};

// gen: a generator a call returned (capi_generator.cpp): a Value holding a ujit::Generator.
struct ujit_generator {
    ujit::Value value;
};

struct ujit_array {
    ujit::Value value;
    // The kDLCPU view ujit_array_dltensor lends: strides in elements (empty when the byte
    // strides are not whole items, which only a C++ caller's argument can make).
    DLTensor tensor{};
    std::vector<int64_t> element_strides;
    bool strides_in_items = true;
};

namespace ujit::capi {

[[noreturn]] void argument_error(const std::string& what);
inline void require(bool ok, const char* what) {
    if (!ok) argument_error(what);
}

// Throws the UJIT_ERROR_CUDA_UNAVAILABLE error (with the reason) when CUDA cannot be used.
void require_cuda();

ujit::Options options_for(ujit_target target);
inline ujit::cuda::Stream stream_of(const ujit_stream* s) { return s ? s->stream : ujit::cuda::Stream(); }

// Copies `s` into malloc'ed memory the caller frees with ujit_free_string.
char* copy_string(const std::string& s);

// A new handle for a device array, its DLTensor filled (records: {kDLOpaqueHandle, 8, itemsize}).
ujit_device_array* device_array_handle(ujit::cuda::DeviceArray a);
// A kDLCPU tensor to copy to or from `dev`: records of dev's type where dev holds records.
ujit::ArrayRef host_ref_for(const DLTensor* host, const ujit::cuda::DeviceArray& dev);

}  // namespace ujit::capi
