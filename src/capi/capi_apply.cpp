// Applying functions to arrays through the C API: @vectorize ufuncs on the CPU targets
// and on the GPU, and @cuda.jit kernel launches. Host (kDLCPU) and device (kDLCUDA)
// tensors map onto the C++ API's ArrayRef and cuda::DeviceArray views. Without a usable
// CUDA device the CUDA target runs on the CPU (the host device's arrays are kDLCPU there).
#include "capi/handles.hpp"
#include "capi/values.hpp"

#include "runtime/cast.hpp"
#include "runtime/dtype.hpp"
#include "runtime/shape.hpp"

#include <vector>

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

bool is_device(const ujit_value& v) {
    const DLTensor* t = ujit::capi::dl_tensor_of(v);
    return t && t->device.device_type == kDLCUDA;
}

std::vector<ujit::cuda::KernelArg> kernel_args(const ujit_value* vs, size_t n) {
    require(vs || n == 0, "null argument array");
    std::vector<ujit::cuda::KernelArg> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        if (is_device(vs[i]))
            out.emplace_back(ujit::cuda::DeviceArray::view_dlpack(*vs[i].v.array));
        else
            out.emplace_back(ujit::capi::to_value(vs[i]));
    }
    return out;
}

std::vector<ujit::Value> host_values(const ujit_value* vs, size_t n) {
    for (size_t i = 0; i < n && vs; ++i) require(!is_device(vs[i]), "device (kDLCUDA) inputs need UJIT_TARGET_CUDA");
    return ujit::capi::to_values(vs, n);
}

// An owned host array exported as DLPack: the deleter frees it.
struct HostTensor {
    DLManagedTensor managed{};
    std::vector<int64_t> shape, strides;
    ujit::Array array;
};

DLManagedTensor* export_host(ujit::Array a) {
    auto* e = new HostTensor;
    e->array = std::move(a);
    ujit::ArrayRef r = e->array.ref();
    e->shape = r.shape;
    std::vector<int64_t> bytes =
        r.strides.empty() ? ujit::runtime::c_strides(r.shape, ujit::itemsize(r.dtype)) : r.strides;
    for (int64_t s : bytes) e->strides.push_back(s / ujit::itemsize(r.dtype));
    DLTensor& t = e->managed.dl_tensor;
    t.data = r.data;
    t.device = {kDLCPU, 0};
    t.ndim = r.ndim();
    t.dtype = ujit::capi::dl_dtype(r.dtype);
    t.shape = e->shape.data();
    t.strides = e->strides.data();
    e->managed.manager_ctx = e;
    e->managed.deleter = [](DLManagedTensor* m) { delete static_cast<HostTensor*>(m->manager_ctx); };
    return &e->managed;
}

// The message is built only on failure: every GPU ufunc call and launch passes here.
void require_ufunc(const ujit::Function& f) {
    if (!f.is_ufunc()) require(false, ("'" + f.name() + "' is not a @vectorize function").c_str());
}

void require_kernel(const ujit::Function& f) {
    if (!f.is_cuda_kernel()) require(false, ("'" + f.name() + "' is not a @cuda.jit kernel").c_str());
}

// A GPU ufunc into a host `out`: the result comes back, then is cast into `out`.
void cuda_vectorize_to_host(const ujit::Function& f, const std::vector<ujit::cuda::KernelArg>& inputs,
                            const ujit::ArrayRef& out, const ujit::cuda::LaunchOptions& lo) {
    ujit::Array r = ujit::cuda::vectorize(f, inputs, lo);
    if (r.shape() != out.shape)
        ujit::capi::argument_error("output array has shape " + ujit::runtime::format_shape(out.shape) +
                                   ", the inputs broadcast to " + ujit::runtime::format_shape(r.shape()));
    ujit::runtime::copy_cast(r.ref(), out, false);
}

}  // namespace

extern "C" {

ujit_status ujit_function_vectorize(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* out,
                                    ujit_target target) {
    return guarded([&] {
        require(f && out, "null function or output array");
        require(target != UJIT_TARGET_CUDA, "ujit_function_vectorize runs on the CPU targets: use _ex for CUDA");
        require(out->device.device_type == kDLCPU, "the output must be a host (kDLCPU) tensor on the CPU targets");
        f->function.vectorize_call(host_values(inputs, n_inputs), ujit::ArrayRef::from_dlpack(*out),
                                   ujit::capi::options_for(target));
    });
}

ujit_status ujit_function_vectorize_ex(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* out,
                                       ujit_target target, ujit_stream* stream) {
    return guarded([&] {
        require(f && out, "null function or output array");
        ujit::Options o = ujit::capi::options_for(target);
        if (o.target != ujit::Target::CUDA) {
            require(out->device.device_type == kDLCPU, "the output must be a host (kDLCPU) tensor on the CPU targets");
            f->function.vectorize_call(host_values(inputs, n_inputs), ujit::ArrayRef::from_dlpack(*out), o);
            return;
        }
        require_ufunc(f->function);
        std::vector<ujit::cuda::KernelArg> in = kernel_args(inputs, n_inputs);
        ujit::cuda::LaunchOptions lo;
        lo.stream = ujit::capi::stream_of(stream);
        if (out->device.device_type == kDLCUDA)
            ujit::cuda::vectorize_into(f->function, in, ujit::cuda::DeviceArray::view_dlpack(*out), lo);
        else
            cuda_vectorize_to_host(f->function, in, ujit::ArrayRef::from_dlpack(*out), lo);
    });
}

ujit_status ujit_function_vectorize_new(ujit_function* f, const ujit_value* inputs, size_t n_inputs, ujit_target target,
                                        ujit_stream* stream, DLManagedTensor** out) {
    return guarded([&] {
        require(f && out, "null function or output");
        *out = nullptr;
        ujit::Options o = ujit::capi::options_for(target);
        if (o.target != ujit::Target::CUDA) {
            *out = export_host(f->function.vectorize_call(host_values(inputs, n_inputs), o));
            return;
        }
        require_ufunc(f->function);
        ujit::cuda::LaunchOptions lo;
        lo.stream = ujit::capi::stream_of(stream);
        *out = ujit::cuda::vectorize_device(f->function, kernel_args(inputs, n_inputs), lo).to_dlpack();
    });
}

ujit_status ujit_function_launch(ujit_function* kernel, ujit_dim3 grid, ujit_dim3 block, const ujit_value* args,
                                 size_t n_args, ujit_stream* stream, size_t shared_mem) {
    return guarded([&] {
        require(kernel, "null kernel");
        require_kernel(kernel->function);
        require(grid.x && grid.y && grid.z && block.x && block.y && block.z, "grid and block dimensions must be >= 1");
        // No CUDA check here: without a usable device, cuda::launch runs the kernel compiled
        // for the CPU (on host arrays in place), with a note on stderr, as the CLI does.
        ujit::cuda::LaunchOptions lo;
        lo.stream = ujit::capi::stream_of(stream);
        lo.shared_mem = shared_mem;
        ujit::cuda::launch(kernel->function, ujit::cuda::Dim3(grid.x, grid.y, grid.z),
                           ujit::cuda::Dim3(block.x, block.y, block.z), kernel_args(args, n_args), lo);
    });
}

ujit_status ujit_function_kernel_attributes(ujit_function* kernel, const char* signature, ujit_kernel_attributes* out) {
    return guarded([&] {
        require(kernel && signature && out, "null kernel, signature or result");
        require(out->struct_size >= sizeof(ujit_kernel_attributes), "set out->struct_size first");
        require_kernel(kernel->function);
        ujit::capi::require_cuda();
        ujit::cuda::KernelAttributes a = ujit::cuda::kernel_attributes(kernel->function, signature);
        out->regs_per_thread = a.regs_per_thread;
        out->local_bytes_per_thread = a.local_bytes_per_thread;
        out->const_bytes = a.const_bytes;
        out->shared_bytes_per_block = a.shared_bytes_per_block;
        out->max_threads_per_block = a.max_threads_per_block;
    });
}

ujit_status ujit_function_max_cooperative_grid_blocks(ujit_function* kernel, const char* signature, ujit_dim3 block,
                                                      size_t dynamic_shared, int* blocks) {
    return guarded([&] {
        require(kernel && signature && blocks, "null kernel, signature or result");
        require(block.x && block.y && block.z, "block dimensions must be >= 1");
        require_kernel(kernel->function);
        ujit::capi::require_cuda();
        *blocks = ujit::cuda::max_cooperative_grid_blocks(kernel->function, signature,
                                                          ujit::cuda::Dim3(block.x, block.y, block.z), dynamic_shared);
    });
}

}  // extern "C"
