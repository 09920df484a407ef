// The C API's generalized ufuncs (include/ujit/ujit.h, "Generalized ufuncs"): DLPack in
// and out over Function::gufunc_call and ujit::cuda::gufunc_into.
#include "capi/function_access.hpp"
#include "capi/last_error.hpp"
#include "capi/values.hpp"

#include "ujit/cuda.hpp"
#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

namespace {

[[noreturn]] void argument_error(const std::string& what) {
    throw ujit::Error(ujit::Error::Kind::Argument, "error: " + what);
}

// On the GPU: device tensors as borrowed device arrays, everything else as host values.
void gufunc_cuda(const ujit::Function& f, const ujit_value* inputs, size_t n_inputs, DLTensor* const* outputs,
                 size_t n_outputs) {
    std::vector<ujit::cuda::KernelArg> args;
    for (size_t i = 0; i < n_inputs; ++i) {
        const ujit_value& v = inputs[i];
        if (const DLTensor* t = ujit::capi::dl_tensor_of(v); t && t->device.device_type == kDLCUDA)
            args.emplace_back(ujit::cuda::DeviceArray::view_dlpack(*v.v.array));
        else
            args.emplace_back(ujit::capi::to_value(v));
    }
    std::vector<ujit::cuda::DeviceArray> outs;
    for (size_t o = 0; o < n_outputs; ++o) outs.push_back(ujit::cuda::DeviceArray::view_dlpack(*outputs[o]));
    ujit::cuda::gufunc_into(f, args, outs);
    ujit::cuda::synchronize();
}

}  // namespace

extern "C" {

ujit_status ujit_function_gufunc(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* const* outputs,
                                 size_t n_outputs, ujit_target target) {
    return ujit::capi::guarded([&] {
        const ujit::Function& fn = ujit::capi::function_of(f);
        if ((n_inputs && !inputs) || (n_outputs && !outputs)) argument_error("null inputs or outputs");
        for (size_t o = 0; o < n_outputs; ++o)
            if (!outputs[o]) argument_error("output " + std::to_string(o) + " is null");
        if (target == UJIT_TARGET_CUDA) return gufunc_cuda(fn, inputs, n_inputs, outputs, n_outputs);
        ujit::Options opts;
        if (target == UJIT_TARGET_PARALLEL)
            opts.target = ujit::Target::Parallel;
        else if (target != UJIT_TARGET_CPU)
            argument_error("invalid ujit_target");
        std::vector<ujit::ArrayRef> outs;
        for (size_t o = 0; o < n_outputs; ++o) {
            if (outputs[o]->device.device_type != kDLCPU)
                argument_error("output " + std::to_string(o) + " is not host memory; use UJIT_TARGET_CUDA");
            outs.push_back(ujit::ArrayRef::from_dlpack(*outputs[o]));
        }
        fn.gufunc_call(ujit::capi::to_values(inputs, n_inputs), outs, opts);
    });
}

ujit_status ujit_function_gufunc_layout(ujit_function* f, char** layout_out, size_t* n_inputs, size_t* n_outputs) {
    return ujit::capi::guarded([&] {
        const ujit::Function& fn = ujit::capi::function_of(f);
        if (!fn.is_gufunc()) argument_error("'" + fn.name() + "' is not a @guvectorize gufunc");
        if (layout_out) {
            std::string layout = fn.gufunc_layout();
            char* copy = static_cast<char*>(std::malloc(layout.size() + 1));
            if (!copy) throw std::bad_alloc();
            std::memcpy(copy, layout.c_str(), layout.size() + 1);
            *layout_out = copy;
        }
        if (n_inputs) *n_inputs = size_t(fn.gufunc_inputs());
        if (n_outputs) *n_outputs = fn.parameter_names().size() - size_t(fn.gufunc_inputs());
    });
}

}  // extern "C"
