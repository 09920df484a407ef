#include "cudadrv/launch_params.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "runtime/scalar.hpp"
#include "runtime/shape.hpp"
#include "runtime/ufunc_dispatch.hpp"

namespace ujit::cuda {
namespace {

[[noreturn]] void launch_error(const std::string& kernel, const std::string& msg) {
    throw Error(Error::Kind::Argument, fmt::format("error: cannot launch kernel '{}': {}", kernel, msg));
}

std::string param_label(const KernelParam& p, size_t i) {
    return p.name.empty() ? fmt::format("argument {}", i + 1) : fmt::format("argument {} ('{}')", i + 1, p.name);
}

std::string param_type(const KernelParam& p) {
    if (p.kind == KernelParam::Kind::Scalar) return dtype_name(p.dtype);
    if (!p.record.empty()) return p.ndim ? fmt::format("array({}, {}d, {})", p.record, p.ndim, p.layout) : p.record;
    std::string dims;
    for (int i = 0; i < p.ndim; ++i) dims += i ? ", :" : ":";
    return fmt::format("{}[{}{}]", dtype_name(p.dtype), dims, p.layout == 'A' ? "" : std::string(", ") + p.layout);
}

// Value's plain C++ constructors make Int64, Float64, Complex128 and Bool scalars: these act
// like Python literals (weakly typed) when converted to a parameter's dtype.
bool is_python_like(DType t) {
    return t == DType::Int64 || t == DType::Float64 || t == DType::Complex128 || t == DType::Bool;
}

}  // namespace

ArgRefs::ArgRefs(const std::vector<KernelArg>& args) : n_(args.size()) {
    if (n_ > kInline) heap_.resize(n_);
    ArgRef* out = heap_.empty() ? inline_ : heap_.data();
    for (size_t i = 0; i < n_; ++i) {
        const KernelArg& a = args[i];
        if (a.is_device_array())
            out[i] = {&a.device_array().ref(), nullptr, true};
        else if (a.value().is_array())
            out[i] = {&a.value().array(), nullptr, false};
        else
            out[i] = {nullptr, &a.value(), false};
    }
}

std::string format_dim3(Dim3 d) { return fmt::format("({}, {}, {})", d.x, d.y, d.z); }

void validate_launch(const LaunchLimits& lim, const std::string& kernel, Dim3 grid, Dim3 block, size_t dynamic_shared) {
    const uint32_t g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    const char* axis = "xyz";
    for (int i = 0; i < 3; ++i) {
        if (g[i] == 0)
            launch_error(kernel, fmt::format("grid {} has a zero dimension ({}); every dimension must be at least 1",
                                             format_dim3(grid), axis[i]));
        if (b[i] == 0)
            launch_error(kernel, fmt::format("block {} has a zero dimension ({}); every dimension must be at least 1",
                                             format_dim3(block), axis[i]));
        if (int64_t(b[i]) > lim.max_block_dim[i])
            launch_error(kernel, fmt::format("block {}: dimension {} exceeds the device's limit of {}",
                                             format_dim3(block), axis[i], lim.max_block_dim[i]));
        if (int64_t(g[i]) > lim.max_grid_dim[i])
            launch_error(kernel, fmt::format("grid {}: dimension {} exceeds the device's limit of {}",
                                             format_dim3(grid), axis[i], lim.max_grid_dim[i]));
    }
    uint64_t threads = uint64_t(block.x) * block.y * block.z;
    if (threads > uint64_t(lim.max_threads_per_block))
        launch_error(kernel, fmt::format("block {} has {} threads, more than the {} per block this kernel "
                                         "allows on {}",
                                         format_dim3(block), threads, lim.max_threads_per_block,
                                         lim.device_name ? lim.device_name : "this device"));
    size_t shared = lim.static_shared + dynamic_shared;
    if (shared > lim.shared_optin)
        launch_error(kernel, fmt::format("it needs {} bytes of shared memory ({} static + {} dynamic), more than "
                                         "the device's limit of {} bytes per block",
                                         shared, lim.static_shared, dynamic_shared, lim.shared_optin));
}

void match_arguments(const std::string& kernel, const std::vector<KernelParam>& params,
                     const std::vector<const ArrayRef*>& arrays, const std::vector<const Value*>& scalars) {
    match_arguments(kernel, params, arrays.data(), scalars.data(), std::min(arrays.size(), scalars.size()));
}

void match_arguments(const std::string& kernel, const std::vector<KernelParam>& params, const ArrayRef* const* arrays,
                     const Value* const* scalars, size_t n) {
    if (n != params.size()) {
        std::string list;
        for (size_t i = 0; i < params.size(); ++i)
            list += (i ? ", " : "") + (params[i].name.empty() ? param_type(params[i]) : params[i].name);
        launch_error(kernel, fmt::format("it takes {} argument{} ({}), {} given", params.size(),
                                         params.size() == 1 ? "" : "s", list, n));
    }
    for (size_t i = 0; i < params.size(); ++i) {
        const KernelParam& p = params[i];
        const ArrayRef* a = arrays[i];
        if (p.kind == KernelParam::Kind::Array) {
            if (!a)
                launch_error(kernel,
                             fmt::format("{} must be an array ({}), got a scalar", param_label(p, i), param_type(p)));
            if (!p.record.empty() || a->is_record()) {  // records: the same Record type
                if (a->record != p.record || a->ndim() != p.ndim)
                    launch_error(kernel, fmt::format("{} must be {} of {}, got {}", param_label(p, i),
                                                     p.ndim ? fmt::format("a {}-d array", p.ndim) : "one record",
                                                     p.record, a->is_record() ? a->record : dtype_name(a->dtype)));
            } else if (a->dtype != p.dtype || a->ndim() != p.ndim)
                launch_error(kernel, fmt::format("{} must be {}, got a {}-d {} array", param_label(p, i), param_type(p),
                                                 a->ndim(), dtype_name(a->dtype)));
            if ((p.layout == 'C' && !a->is_c_contiguous()) || (p.layout == 'F' && !a->is_f_contiguous()))
                launch_error(kernel,
                             fmt::format("{} must be {}-contiguous ({})", param_label(p, i), p.layout, param_type(p)));
            continue;
        }
        if (a || !scalars[i] || !scalars[i]->is_scalar())
            launch_error(kernel, fmt::format("{} must be a {} scalar", param_label(p, i), dtype_name(p.dtype)));
        DType from = scalars[i]->scalar().type;
        if (!runtime::operand_casts_to({from, is_python_like(from)}, p.dtype))
            launch_error(kernel, fmt::format("{} is {}: a {} value cannot be passed safely", param_label(p, i),
                                             dtype_name(p.dtype), dtype_name(from)));
    }
}

ParamBuffer::Slot& ParamBuffer::next() {
    Slot* s;
    if (count_ < kInline && spill_.empty()) {
        s = &inline_[count_];
    } else {
        if (spill_.empty()) spill_.assign(inline_, inline_ + count_);
        s = &spill_.emplace_back();
    }
    ++count_;
    *s = Slot{};
    return *s;
}

void ParamBuffer::add(const KernelParam& param, const ResolvedArg& arg) {
    auto push = [&](const void* src, size_t n) { std::memcpy(next().bytes, src, n); };
    if (param.kind == KernelParam::Kind::Scalar) {
        // store_scalar writes Bool as one byte 0/1: the ABI's i8.
        runtime::store_scalar(arg.scalar, param.dtype, next().bytes);
        return;
    }
    push(&arg.data, sizeof arg.data);
    for (int64_t d : *arg.shape) push(&d, sizeof d);
    for (int64_t st : *arg.strides) push(&st, sizeof st);
}

void** ParamBuffer::pointers() {
    Slot* s = spill_.empty() ? inline_ : spill_.data();
    void** out = inline_pointers_;
    if (!spill_.empty()) {
        spill_pointers_.resize(count_);
        out = spill_pointers_.data();
    }
    for (size_t i = 0; i < count_; ++i) out[i] = s[i].bytes;
    return out;
}

}  // namespace ujit::cuda
