// Applying functions to arrays through the C API: @vectorize ufuncs on the CPU targets
// and on the GPU, and @cuda.jit kernel launches. Host (kDLCPU) and device (kDLCUDA)
// tensors map onto the C++ API's ArrayRef and cuda::DeviceArray views. Without a usable
// CUDA device the CUDA target runs on the CPU (the host device's arrays are kDLCPU there).
#include "capi/handles.hpp"
#include "capi/values.hpp"

#include "pipeline/api_cuda_launch.hpp"
#include "pipeline/record_values.hpp"
#include "runtime/cast.hpp"
#include "runtime/dtype.hpp"
#include "runtime/shape.hpp"

#include <array>
#include <optional>
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

// A kDLCUDA argument as the array it views, a record array's with the Record type the value
// names beside its tensor (whose dtype is only the record's bytes).
ujit::ArrayRef device_view(const ujit_value& v) {
    if ((v.is_array & ~2) == UJIT_RECORD_ARRAY)
        return ujit::pipeline::record_array_from_dlpack(v.v.record.tensor, v.v.record.type, (v.is_array & 2) != 0);
    return ujit::ArrayRef::from_dlpack(*v.v.array);
}

// Up to N items made in place, more on the heap (reserved up front: addresses stay put).
template <class T, size_t N> class InlineStore {
public:
    explicit InlineStore(size_t capacity) {
        if (capacity > N) heap_.reserve(capacity);
    }
    T& add(T x) {
        return heap_.capacity() ? heap_.emplace_back(std::move(x)) : in_place_[used_++].emplace(std::move(x));
    }

private:
    std::array<std::optional<T>, N> in_place_;
    size_t used_ = 0;
    std::vector<T> heap_;
};

// A launch's arguments borrowed where the caller keeps them (cuda::ArgRef): a device tensor
// viewed as an ArrayRef, anything else as its Value, made here for the launch. No KernelArg
// is made: a launch from Python paid for two copies of each array's shape and strides so.
class BorrowedArgs {
public:
    BorrowedArgs(const ujit_value* vs, size_t n) : arrays_(n), values_(n), heap_refs_(n > kInline ? n : 0), n_(n) {
        require(vs || n == 0, "null argument array");
        ujit::cuda::ArgRef* refs = data();
        for (size_t i = 0; i < n; ++i) {
            if (is_device(vs[i])) {
                refs[i] = {&arrays_.add(device_view(vs[i])), nullptr, true};
                continue;
            }
            const ujit::Value& v = values_.add(ujit::capi::to_value(vs[i]));
            refs[i] =
                v.is_array() ? ujit::cuda::ArgRef{&v.array(), nullptr, false} : ujit::cuda::ArgRef{nullptr, &v, false};
        }
    }
    ujit::cuda::ArgRef* data() { return heap_refs_.empty() ? inline_refs_ : heap_refs_.data(); }
    size_t size() const { return n_; }

private:
    static constexpr size_t kInline = 8;
    InlineStore<ujit::ArrayRef, kInline> arrays_;
    InlineStore<ujit::Value, kInline> values_;
    ujit::cuda::ArgRef inline_refs_[kInline];
    std::vector<ujit::cuda::ArgRef> heap_refs_;
    size_t n_;
};

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

void require_kernel(const ujit_function& f) {
    if (!f.cuda_kernel) require(false, ("'" + f.function.name() + "' is not a @cuda.jit kernel").c_str());
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
        require_kernel(*kernel);
        require(grid.x && grid.y && grid.z && block.x && block.y && block.z, "grid and block dimensions must be >= 1");
        // No CUDA check here: without a usable device, cuda::launch runs the kernel compiled
        // for the CPU (on host arrays in place), with a note on stderr, as the CLI does.
        ujit::cuda::LaunchOptions lo;
        lo.stream = ujit::capi::stream_of(stream);
        lo.shared_mem = shared_mem;
        const ujit::cuda::Dim3 g(grid.x, grid.y, grid.z), b(block.x, block.y, block.z);
        BorrowedArgs borrowed(args, n_args);
        if (!ujit::cuda::detail::launch_borrowed(kernel->function, g, b, borrowed.data(), borrowed.size(), lo))
            ujit::cuda::launch(kernel->function, g, b, kernel_args(args, n_args), lo);  // on the host device
    });
}

ujit_status ujit_function_kernel_attributes(ujit_function* kernel, const char* signature, ujit_kernel_attributes* out) {
    return guarded([&] {
        require(kernel && signature && out, "null kernel, signature or result");
        require(out->struct_size >= sizeof(ujit_kernel_attributes), "set out->struct_size first");
        require_kernel(*kernel);
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
        require_kernel(*kernel);
        ujit::capi::require_cuda();
        *blocks = ujit::cuda::max_cooperative_grid_blocks(kernel->function, signature,
                                                          ujit::cuda::Dim3(block.x, block.y, block.z), dynamic_shared);
    });
}

}  // extern "C"
