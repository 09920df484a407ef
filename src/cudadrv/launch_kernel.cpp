// cuda::launch: validate, resolve arguments (host arrays copied in), build the ABI's
// kernelParams, cuLaunchKernel (cuLaunchCooperativeKernel for a cooperative kernel), copy
// host arrays back.
#include <fmt/format.h>

#include "cudadrv/cooperative_launch.hpp"

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/kernel_raised.hpp"
#include "cudadrv/launch_params.hpp"
#include "cudadrv/memory_pointer.hpp"
#include "cudadrv/module_state.hpp"
#include "runtime/shape.hpp"

namespace ujit::cuda {
namespace {

// Launches with up to this many arguments keep their argument tables on the stack.
constexpr size_t kInlineArgs = 32;

LaunchLimits limits_for(const DeviceContext& dc, const detail::KernelState::PerDevice& f) {
    LaunchLimits lim;
    lim.max_threads_per_block = std::min(dc.info.max_threads_per_block, f.max_threads_per_block);
    for (int i = 0; i < 3; ++i) {
        lim.max_block_dim[i] = dc.info.max_block_dim[i];
        lim.max_grid_dim[i] = dc.info.max_grid_dim[i];
    }
    lim.static_shared = f.static_shared;
    lim.shared_per_block = dc.info.shared_mem_per_block;
    lim.shared_optin = std::max(dc.info.shared_mem_per_block_optin, dc.info.shared_mem_per_block);
    lim.device_name = dc.info.name.c_str();
    return lim;
}

// The launch itself, on `dc` (bound) with kernelParams ready.
void launch_on(detail::KernelState& ks, DeviceContext& dc, const detail::KernelState::PerDevice& f, Dim3 grid,
               Dim3 block, void** params, const LaunchOptions& options) {
    if (options.shared_mem + f.static_shared > dc.info.shared_mem_per_block)
        ks.allow_dynamic_shared(dc, options.shared_mem);
    CUstream stream = static_cast<CUstream>(options.stream.handle());
    dc.last_kernel.store(ks.interned_name, std::memory_order_relaxed);
    CUdeviceptr raised = ks.records_raises ? arm_raise_record(f.module, stream) : 0;
    if (ks.cooperative || options.cooperative) {  // coop: the kernel synchronizes its grid
        launch_cooperative(dc, f.function, ks.symbol, grid, block, options.shared_mem, stream, params);
    } else {
        check(driver().cuLaunchKernel(f.function, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                      unsigned(options.shared_mem), stream, params, nullptr),
              "cuLaunchKernel", [&] {
                  return fmt::format("kernel '{}', grid {}, block {}, {} bytes of dynamic shared memory", ks.symbol,
                                     format_dim3(grid), format_dim3(block), options.shared_mem);
              });
    }
    if (raised) throw_recorded_raise(f.module, raised, stream);
}

// A host array argument: its device copy, and the host view to copy back into.
struct HostCopy {
    size_t arg = 0;
    DeviceArray device;
    // A record array (or record) travels as its bytes: `device` holds them as uint8, `view`
    // is the records' view of them, `host_bytes` the host's.
    ArrayRef view, host_bytes;
};

HostCopy copy_in(size_t i, const ArrayRef& a, const Stream& stream) {
    if (!a.is_record()) return {i, to_device(a, stream), {}, {}};
    if (!a.is_c_contiguous())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: a host record array passed to a kernel must be "
                                "C-contiguous (argument {}): copy it first (np.ascontiguousarray)",
                                i + 1));
    HostCopy hc{i, {}, a, ArrayRef::c_order(a.data, DType::UInt8, {a.size() * a.record_size})};
    hc.device = to_device(hc.host_bytes, stream);
    hc.view.data = hc.device.ref().data;
    hc.view.strides = runtime::c_strides(a.shape, a.record_size);
    return hc;
}

// Both launches start here: the stream's device bound, the kernel's function in its
// context, the launch shape validated against the device's and the kernel's limits.
struct Prepared {
    DeviceContext& dc;
    detail::KernelState::PerDevice f;
};

Prepared prepare(detail::KernelState& ks, Dim3 grid, Dim3 block, const LaunchOptions& options) {
    DeviceContext& dc = options.stream.is_default() ? bind() : device_context(options.stream.device());
    bind(dc);
    detail::KernelState::PerDevice f = ks.function_for(dc, detail::KernelState::Use::Launch);
    // The quick (-O0) code of a tiered load may need more registers than the full level: a
    // block it cannot take waits for the full level instead of failing; so does a launch past
    // the default shared memory (launch_on allows it on the full level's function).
    if (f.quick && (uint64_t(block.x) * block.y * block.z > uint64_t(f.max_threads_per_block) ||
                    options.shared_mem + f.static_shared > dc.info.shared_mem_per_block))
        f = ks.function_for(dc, detail::KernelState::Use::Full);
    validate_launch(limits_for(dc, f), ks.symbol, grid, block, options.shared_mem);
    return {dc, f};
}

}  // namespace

void launch(const LoadedKernel& k, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
            const LaunchOptions& options) {
    ArgRefs refs(args);
    detail::LaunchAccess::launch(k, grid, block, refs.data(), refs.size(), options);
}

void detail::LaunchAccess::launch(const LoadedKernel& k, Dim3 grid, Dim3 block, const ArgRef* args, size_t n,
                                  const LaunchOptions& options) {
    detail::KernelState& ks = *k.s_;
    auto [dc, f] = prepare(ks, grid, block, options);

    // Arguments: check them all before copying anything.
    std::vector<const ArrayRef*> arrays_heap;
    std::vector<const Value*> scalars_heap;
    const ArrayRef* arrays_inline[kInlineArgs] = {};
    const Value* scalars_inline[kInlineArgs] = {};
    if (n > kInlineArgs) {
        arrays_heap.resize(n);
        scalars_heap.resize(n);
    }
    const ArrayRef** arrays = n > kInlineArgs ? arrays_heap.data() : arrays_inline;
    const Value** scalars = n > kInlineArgs ? scalars_heap.data() : scalars_inline;
    for (size_t i = 0; i < n; ++i) {
        arrays[i] = args[i].array;
        scalars[i] = args[i].scalar;
    }
    match_arguments(ks.symbol, ks.params, arrays, scalars, n);

    std::vector<HostCopy> host_copies;
    for (size_t i = 0; i < n; ++i)
        if (!args[i].on_device && arrays[i] && arrays[i]->size() > 0 && !is_device_pointer(arrays[i]->data))
            host_copies.push_back(copy_in(i, *arrays[i], options.stream));
    for (auto& hc : host_copies) arrays[hc.arg] = hc.view.is_record() ? &hc.view : &hc.device.ref();

    ParamBuffer params;
    std::vector<std::vector<int64_t>> filled_strides;  // for views without explicit strides
    for (size_t i = 0; i < n; ++i) {
        ResolvedArg r;
        if (const ArrayRef* a = arrays[i]) {
            r.is_array = true;
            r.data = reinterpret_cast<uint64_t>(a->data);
            r.shape = &a->shape;
            r.strides = &a->strides;
            if (a->strides.size() != a->shape.size()) {
                if (filled_strides.capacity() == 0) filled_strides.reserve(n);  // addresses stay put
                r.strides = &filled_strides.emplace_back(runtime::c_strides(a->shape, a->item_bytes()));
            }
        } else {
            r.scalar = scalars[i]->scalar();
        }
        params.add(ks.params[i], r);
    }

    launch_on(ks, dc, f, grid, block, params.pointers(), options);

    // Host arrays come back after the kernel, as in Numba (which cannot know which ones the
    // kernel wrote); this waits for the kernel, so a fault is reported right here.
    // A read-only host array is not: the kernel was refused any store into it when typed.
    for (auto& hc : host_copies)
        if (!args[hc.arg].array->readonly)
            hc.device.copy_to_host(hc.view.is_record() ? hc.host_bytes : *args[hc.arg].array, options.stream);
    if (!host_copies.empty()) options.stream.synchronize();
}

void detail::LaunchAccess::launch_prepared(const LoadedKernel& k, Dim3 grid, Dim3 block, void** params,
                                           const LaunchOptions& options) {
    detail::KernelState& ks = *k.s_;
    auto [dc, f] = prepare(ks, grid, block, options);
    launch_on(ks, dc, f, grid, block, params, options);
}

}  // namespace ujit::cuda
