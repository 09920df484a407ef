// The pure half of a launch, testable without a GPU: checking a launch configuration
// against the device's and kernel's limits, matching arguments to the kernel's typed
// parameters, and building cuLaunchKernel's kernelParams in ujit's ABI
// (src/codegen/abi.hpp): a scalar is its natural type (bool as i8); an array of ndim N is
// N*2+1 parameters: data pointer, shape[N] and strides[N] in bytes, all i64.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ujit/cuda.hpp"

namespace ujit::cuda {

struct LaunchLimits {
    int max_threads_per_block = 1024;  // min(device, kernel)
    int max_block_dim[3] = {1024, 1024, 64};
    int max_grid_dim[3] = {2147483647, 65535, 65535};
    size_t static_shared = 0;        // the kernel's static shared memory
    size_t shared_per_block = 48 * 1024;  // without opting in
    size_t shared_optin = 48 * 1024;      // the device's opt-in maximum
    const char* device_name = nullptr;  // for messages; null: "this device"
};

// ujit::Error (Argument) naming `kernel` when the configuration cannot launch.
void validate_launch(const LaunchLimits& limits, const std::string& kernel, Dim3 grid, Dim3 block,
                     size_t dynamic_shared);

// "(4, 1, 1)"
std::string format_dim3(Dim3 d);

// One launch argument, borrowed for the launch: an array view (host memory is copied in and
// back; `on_device` says it is a DeviceArray's, used in place without asking the driver) or
// a scalar. What a KernelArg lends a launch, and what the C API makes of its ujit_values
// without building KernelArgs (copies of every array's shape and strides).
struct ArgRef {
    const ArrayRef* array = nullptr;
    const Value* scalar = nullptr;
    bool on_device = false;
};

// The borrowed form of `args` (which must outlive it); up to kInline on the stack.
class ArgRefs {
public:
    explicit ArgRefs(const std::vector<KernelArg>& args);
    const ArgRef* data() const { return heap_.empty() ? inline_ : heap_.data(); }
    size_t size() const { return n_; }

private:
    static constexpr size_t kInline = 32;
    ArgRef inline_[kInline];
    std::vector<ArgRef> heap_;
    size_t n_;
};

// An argument resolved to what the kernel receives.
struct ResolvedArg {
    bool is_array = false;
    Value::Scalar scalar;           // scalars
    uint64_t data = 0;              // arrays: device address
    const std::vector<int64_t>* shape = nullptr;
    const std::vector<int64_t>* strides = nullptr;
};

// ujit::Error (Argument) when the argument count, kinds, dtypes, ndims or layouts do not
// match (arrays by their ArrayRef before any copy; scalars by the casting rules of
// KernelArg). `arrays[i]` is args[i]'s array view, or null for a scalar argument.
void match_arguments(const std::string& kernel, const std::vector<KernelParam>& params,
                     const std::vector<const ArrayRef*>& arrays, const std::vector<const Value*>& scalars);
// The same over `n` arguments in plain arrays (the launch path's, kept on the stack).
void match_arguments(const std::string& kernel, const std::vector<KernelParam>& params, const ArrayRef* const* arrays,
                     const Value* const* scalars, size_t n);

// cuLaunchKernel's `kernelParams`: one pointer per ABI parameter into owned storage. The
// first kInline parameters live in the object itself (a launch allocates nothing for them;
// a 3-d array is 7 parameters), more spill to the heap.
class ParamBuffer {
public:
    ParamBuffer() = default;
    ParamBuffer(const ParamBuffer&) = delete;
    ParamBuffer& operator=(const ParamBuffer&) = delete;
    // Appends the parameters of `arg` for `param` (converting a scalar to param.dtype).
    void add(const KernelParam& param, const ResolvedArg& arg);
    void** pointers();  // stable until the next add()
    size_t count() const { return count_; }
    // Slot i's bytes (tests read them back).
    const void* slot(size_t i) const { return &slots()[i]; }

private:
    struct alignas(16) Slot {
        unsigned char bytes[16];
    };
    static constexpr size_t kInline = 32;
    Slot& next();
    const Slot* slots() const { return spill_.empty() ? inline_ : spill_.data(); }
    Slot inline_[kInline];
    void* inline_pointers_[kInline];
    size_t count_ = 0;
    std::vector<Slot> spill_;  // all slots, once there are more than kInline
    std::vector<void*> spill_pointers_;
};

}  // namespace ujit::cuda
