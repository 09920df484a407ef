// ujit's CUDA runtime: devices, device arrays, streams, events, PTX modules and kernel
// launches through the CUDA driver API. libcuda.so.1 is loaded on first use (never linked).
//
// Without a usable CUDA device (no driver, no GPU, UJIT_DISABLE_CUDA=1; is_available() says
// so up front) the runtime stands on the host device instead: device arrays are host memory
// (DeviceArray::on_host()), copies are memcpy, streams and events are synchronous (events
// time with the host clock), synchronize() returns at once, and kernels, CUDA ufuncs and
// gufuncs run compiled for the CPU on those arrays in place. What needs a GPU itself throws
// ujit::Error (Runtime) with unavailable_reason(): device queries (device_info,
// current_device_info, select_device, driver_version), PTX modules and raw kernel launches.
//
//   if (!ujit::cuda::is_available()) return;               // reason: unavailable_reason()
//   auto a = ujit::cuda::to_device(host.ref());              // host → device (pooled memory)
//   auto mod = ujit::cuda::LoadedModule::from_ptx(ptx);
//   auto k = mod.kernel("add", {KernelParam::array(DType::Float32, 1), ...});
//   ujit::cuda::launch(k, {blocks}, {256}, {a, b, out});     // 1–3 dims each
//   Array r = out.copy_to_host();
//
// Threads: every thread has a selected device (device 0 until select_device) whose primary
// context ujit makes current on that thread before each driver call, as the driver expects.
// Errors name the failing driver call, the driver's error name and string:
//   "CUDA error: cuMemAlloc (4096 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ujit/ujit.hpp"

namespace ujit::cuda {

namespace detail {
struct DeviceBuffer;
struct PinnedBuffer;
struct StreamState;
struct EventState;
struct ModuleState;
struct KernelState;
struct LaunchAccess;
}  // namespace detail

// ------------------------------------------------------------------ availability

// Loads the driver on first call. False when libcuda.so.1 is missing, cuInit fails, there is
// no device, or the environment sets UJIT_DISABLE_CUDA=1.
bool is_available();
// Why CUDA is unavailable ("" when it is available), e.g.
// "CUDA is disabled by UJIT_DISABLE_CUDA=1" or "libcuda.so.1 not found (...)".
std::string unavailable_reason();
int device_count();  // 0 when unavailable
int driver_version();  // e.g. 13000; throws when unavailable

// ------------------------------------------------------------------ devices

struct DeviceInfo {
    int ordinal = 0;
    std::string name;
    int cc_major = 0, cc_minor = 0;
    int sm_count = 0;
    int warp_size = 32;
    int max_threads_per_block = 0;
    int max_block_dim[3] = {0, 0, 0};
    int max_grid_dim[3] = {0, 0, 0};
    size_t shared_mem_per_block = 0;        // static + dynamic without opting in
    size_t shared_mem_per_block_optin = 0;  // the most a kernel may opt into
    size_t total_memory = 0;
    std::string arch() const;  // "sm_90": what PTX for this device targets
};

DeviceInfo device_info(int ordinal);
DeviceInfo current_device_info();
// Selects the device used by this thread from now on (its primary context becomes current).
void select_device(int ordinal);
int current_device();
// Waits for all work queued on the current device (on the host device: returns at once).
void synchronize();

// ------------------------------------------------------------------ streams and events

class Stream {
public:
    Stream();  // the default (legacy, synchronizing) stream of the current device
    static Stream create();  // a new user stream on the current device
    // Another library's CUstream on the current device (CuPy's, PyTorch's), or CUDA's
    // CU_STREAM_LEGACY (1) / CU_STREAM_PER_THREAD (2): used as it is, never destroyed here;
    // the caller keeps it alive while ujit work is queued on it. On the host device, a
    // synchronous stream like the others.
    static Stream external(void* cu_stream);
    void synchronize() const;
    bool query() const;  // true when all queued work has finished
    bool is_default() const { return !s_; }
    void* handle() const;  // the CUstream (null for the default stream and on the host device)
    int device() const;

private:
    std::shared_ptr<detail::StreamState> s_;
};

class Event {
public:
    explicit Event(bool timing = true);  // on the current device
    void record(const Stream& stream = {});
    void synchronize() const;
    bool query() const;
    // Milliseconds between `start` and this event (both recorded and finished).
    float elapsed_ms_since(const Event& start) const;
    // Work queued on `stream` after this call waits for this event.
    void make_wait(const Stream& stream) const;

private:
    std::shared_ptr<detail::EventState> s_;
};

// ------------------------------------------------------------------ memory

enum class Order { C, F };

// Host memory a GPU can reach (Numba's pinned_array, mapped_array and managed_array):
//   Pinned   page-locked (cuMemAllocHost): copies from and to it can be asynchronous;
//   Mapped   page-locked and mapped into the device's address space (cuMemHostAlloc with
//            DEVICEMAP): kernels read and write it in place through device_pointer();
//   Managed  unified memory (cuMemAllocManaged): one address for the host and the device.
// On the host device all three are ordinary host memory, and device_pointer() is the host
// address (kernels run on the CPU there).
enum class MemoryKind { Pinned, Mapped, Managed };

class PinnedArray {
public:
    PinnedArray() = default;
    PinnedArray(DType dtype, std::vector<int64_t> shape, Order order = Order::C, MemoryKind kind = MemoryKind::Pinned);
    ArrayRef ref() const { return ref_; }
    template <class T> T* data() const { return static_cast<T*>(ref_.data); }
    const std::vector<int64_t>& shape() const { return ref_.shape; }
    DType dtype() const { return ref_.dtype; }
    int64_t size() const { return ref_.size(); }
    MemoryKind kind() const;
    // Where kernels find the data: Mapped and Managed (and everything on the host device);
    // 0 for Pinned memory on a GPU, which kernels cannot address.
    uint64_t device_pointer() const;

private:
    std::shared_ptr<detail::PinnedBuffer> buf_;
    ArrayRef ref_;
};

// Page-locks existing host memory for as long as it lives (cuMemHostRegister: Numba's
// cuda.pinned and, with `mapped`, cuda.mapped); device_pointer() as above. Nothing to do on
// the host device.
struct HostAllocator;  // set_host_allocator, below
class HostRegistration {
public:
    HostRegistration(void* data, size_t nbytes, bool mapped);
    ~HostRegistration();
    HostRegistration(const HostRegistration&) = delete;
    HostRegistration& operator=(const HostRegistration&) = delete;
    uint64_t device_pointer() const { return device_pointer_; }

private:
    void* data_ = nullptr;
    int device_ = -1;  // -1: nothing registered (the host device); with pinned_by_, its device
    uint64_t device_pointer_ = 0;
    std::shared_ptr<const HostAllocator> pinned_by_;  // set_host_allocator's, which unpins
    size_t nbytes_ = 0;
    bool mapped_ = false;
};

// The current device's free and total memory in bytes (cuMemGetInfo); on the host device,
// the machine's available and total memory.
struct MemoryInfo {
    size_t free = 0, total = 0;
};
MemoryInfo memory_info();

// An array in device memory. Copies of the object share the memory (like a NumPy view);
// the memory returns to the caching pool when the last one goes.
class DeviceArray {
public:
    DeviceArray() = default;
    const std::vector<int64_t>& shape() const { return ref_.shape; }
    const std::vector<int64_t>& strides() const { return ref_.strides; }  // bytes
    DType dtype() const { return ref_.dtype; }
    int ndim() const { return ref_.ndim(); }
    int64_t size() const { return ref_.size(); }
    size_t nbytes() const;
    // An array of records (NumPy structured dtype): record() is Numba's spelling of its Record
    // type and itemsize() the bytes of one record, as ArrayRef::record and record_size say;
    // dtype() is then meaningless. Copies move whole records; a kernel sees the Record type.
    bool is_record() const { return ref_.is_record(); }
    const std::string& record() const { return ref_.record; }
    int64_t itemsize() const { return ref_.item_bytes(); }
    int device() const { return device_; }  // 0 on the host device
    // True for an array of the host device (no usable CUDA): its memory is host memory,
    // device_pointer() a host address, and DLPack exports it as kDLCPU.
    bool on_host() const { return on_host_; }
    uint64_t device_pointer() const { return reinterpret_cast<uint64_t>(ref_.data); }
    bool is_c_contiguous() const { return ref_.is_c_contiguous(); }
    bool is_f_contiguous() const { return ref_.is_f_contiguous(); }
    // A view whose data pointer is the device address (what the kernel ABI receives).
    const ArrayRef& ref() const { return ref_; }

    // Device → host. The overload returning a new array waits for the copy (records: an
    // Argument error, an Array holds numbers; copy into an ArrayRef of records instead); the
    // other one is asynchronous on a user stream when `host` is pinned and contiguous like
    // this array. The copies below take records of the same type where this array has them.
    Array copy_to_host(const Stream& stream = {}) const;
    void copy_to_host(const ArrayRef& host, const Stream& stream = {}) const;
    // Host → device into this array (same shape and dtype).
    void copy_from_host(const ArrayRef& host, const Stream& stream = {});
    // Device → device (same shape and dtype; both contiguous in the same order).
    void copy_from(const DeviceArray& other, const Stream& stream = {});
    DeviceArray copy(const Stream& stream = {}) const;
    // A view of this array's memory (a slice, a transpose, a reshape, a reinterpretation as
    // another dtype): the element at index i is at data + byte_offset + Σ i_k strides[k].
    // It shares the memory (which lives while any view does); every element it can reach
    // must lie within this array's, else an Argument error.
    DeviceArray view(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides, DType dtype) const;
    // The same with this array's item type, numbers or records (a slice of a record array).
    DeviceArray view(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides) const;
    // The same memory read as records of type `record`, `record_size` bytes each.
    DeviceArray view_records(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides,
                             std::string record, int64_t record_size) const;

    // DLPack (kDLCUDA; kDLCPU on the host device). The exported tensor keeps this memory
    // alive until its deleter runs.
    DLManagedTensor* to_dlpack() const;
    // Takes ownership of `t` (its deleter runs when the last DeviceArray using it goes).
    static DeviceArray from_dlpack(DLManagedTensor* t);
    // Borrows a kDLCUDA tensor (or, on the host device, a kDLCPU one: an array of the host
    // device): the caller keeps the memory alive while the view is used.
    static DeviceArray view_dlpack(const DLTensor& t);

private:
    friend DeviceArray device_array(std::vector<int64_t>, DType, Order);
    DeviceArray view_items(int64_t byte_offset, std::vector<int64_t> shape, std::vector<int64_t> strides,
                           const ArrayRef& item) const;
    std::shared_ptr<void> owner_;  // a pool block, a DLPack tensor, or nothing (borrowed)
    ArrayRef ref_;
    int device_ = 0;
    bool on_host_ = false;
};

DeviceArray to_device(const ArrayRef& host, const Stream& stream = {});
DeviceArray device_array(std::vector<int64_t> shape, DType dtype, Order order = Order::C);
// An array of records: `record` is Numba's spelling of their Record type, `record_size` its
// itemsize (ArrayRef::record and record_size; a kernel given the array checks they agree).
DeviceArray device_array(std::vector<int64_t> shape, std::string record, int64_t record_size, Order order = Order::C);
DeviceArray device_array_like(const DeviceArray& like);
DeviceArray device_array_like(const ArrayRef& like);  // C order unless `like` is F-contiguous; records too

// The caching allocator (one pool per device): freed blocks stay cached by size class and
// are reused without cuMemAlloc; a failed cuMemAlloc frees the cache and retries once.
struct PoolStats {
    size_t bytes_in_use = 0;    // held by live arrays (rounded to size classes)
    size_t bytes_cached = 0;    // free blocks kept for reuse
    size_t driver_allocations = 0;  // cuMemAlloc calls so far
    size_t pool_hits = 0;       // allocations served from the cache
};
PoolStats pool_stats();      // the current device's pool
void free_pool();            // cuMemFree every cached block on every device (on the host device: free())
void set_pool_enabled(bool enabled);  // off: every free goes straight to cuMemFree

// An external allocator for device memory (Numba's EMM plugins, RMM, a CuPy pool). While one
// is set, every device array ujit creates takes its memory from `allocate` and gives it back
// through `release` when its last view goes, bypassing the caching pool above; memory that
// an earlier allocator (or the pool) gave keeps going back to it. `allocate` returns the
// address for `bytes` bytes on device `device` (never called for 0 bytes) or throws to fail
// the allocation; `release` must not throw. On the host device (no GPU) the memory it hands
// out must be host memory, and `device` is 0. `device` -1 sets the allocator of every device
// (and forgets the per-device ones); nullptr: ujit's pool again.
struct DeviceAllocator {
    std::function<uint64_t(int device, size_t bytes)> allocate;
    std::function<void(int device, uint64_t ptr, size_t bytes)> release;
};
void set_device_allocator(std::shared_ptr<const DeviceAllocator> allocator, int device = -1);

// An external allocator for page-locked host memory (Numba's EMM plugins' memhostalloc and
// mempin). While one is set, PinnedArray's Pinned and Mapped kinds take their memory from
// `allocate` and give it back through `release` when the last copy goes (Managed memory stays
// ujit's); HostRegistration pins through `pin` and `unpin` where both are given, else through
// the driver. `device` is the current device (0 on the host device, where the memory must be
// ordinary host memory). A mapped allocation or pin on a GPU must give the address kernels use
// (on the host device kernels use the host address). `allocate` and `pin` throw to fail; `release` and
// `unpin` must not throw. Memory goes back to the allocator that gave it, also after another
// one was set. nullptr: the driver again.
struct HostAllocation {
    void* host = nullptr;
    uint64_t device_pointer = 0;  // mapped memory on a GPU: where kernels find it
};
struct HostAllocator {
    std::function<HostAllocation(int device, size_t bytes, bool mapped)> allocate;
    std::function<void(int device, const HostAllocation& memory, size_t bytes, bool mapped)> release;
    std::function<uint64_t(int device, void* data, size_t bytes, bool mapped)> pin;  // optional
    std::function<void(int device, void* data, size_t bytes, bool mapped)> unpin;    // with pin
};
void set_host_allocator(std::shared_ptr<const HostAllocator> allocator);

// CUDA IPC (Linux, a GPU): a handle that another process opens to reach a device allocation.
// ipc_get_handle gives the handle of the allocation that holds device address `ptr` (one
// cuMemAlloc block, any view of it) and ptr's byte offset into it; ipc_open maps a handle
// from another process into the current device's context and returns the allocation's base
// address, which ipc_close unmaps. On the host device they throw (its memory is the process's).
struct IpcMemHandle {
    unsigned char bytes[64];
};
IpcMemHandle ipc_get_handle(uint64_t ptr, uint64_t* offset);
uint64_t ipc_open(const IpcMemHandle& handle);
void ipc_close(uint64_t base);

// ------------------------------------------------------------------ kernels

struct Dim3 {
    uint32_t x = 1, y = 1, z = 1;
    Dim3() = default;
    Dim3(uint32_t x_, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
};

// One parameter of a kernel in ujit's ABI (src/codegen/abi.hpp): a scalar (bool is i8) or
// an array of `ndim` dims, passed as data pointer, shape[ndim], strides[ndim] (bytes, i64).
struct KernelParam {
    enum class Kind { Scalar, Array };
    Kind kind = Kind::Scalar;
    DType dtype = DType::Float64;
    int ndim = 0;
    char layout = 'A';  // arrays: 'C' or 'F' require that contiguity, 'A' any strides
    std::string name;   // for messages
    // An array of records, or one record (ndim 0, passed by reference): the Record type's
    // spelling (ArrayRef::record), which the argument's must equal; `dtype` is then ignored.
    std::string record = {};

    static KernelParam scalar(DType t, std::string name = {});
    static KernelParam array(DType t, int ndim, char layout = 'A', std::string name = {});
};

class LoadedKernel;

// A PTX module loaded into the current device's context (cuModuleLoadDataEx; the JIT's error
// log is part of the error). If the context is reset after a kernel fault the module is
// loaded again from its PTX on next use.
class LoadedModule {
public:
    static LoadedModule from_ptx(const std::string& ptx);
    // `symbol` is the .entry name in the PTX; `params` the kernel's typed parameter list.
    LoadedKernel kernel(const std::string& symbol, std::vector<KernelParam> params) const;

private:
    std::shared_ptr<detail::ModuleState> s_;
};

// What a kernel argument may be:
//   - a DeviceArray, or a Value holding an ArrayRef whose data is device memory: passed as is;
//   - a Value holding a host ArrayRef (or a ujit::Array): copied to a temporary device array,
//     and copied back after the kernel (Numba's behaviour for host arrays); such a launch
//     waits for the kernel;
//   - a scalar Value: converted to the parameter's dtype (ints to any numeric type, floats
//     to float/complex; typed scalars by NumPy's safe casting), else an error.
class KernelArg {
public:
    KernelArg(const DeviceArray& a) : device_(a), is_device_(true) {}
    // A temporary (DeviceArray::view_dlpack's, the C API's) moves in: no copy of its shape
    // and strides per launch.
    KernelArg(DeviceArray&& a) : device_(std::move(a)), is_device_(true) {}
    KernelArg(Value v) : value_(std::move(v)) {}
    KernelArg(const Array& a) : value_(a) {}
    KernelArg(const ArrayRef& a) : value_(a) {}
    KernelArg(double x) : value_(x) {}
    KernelArg(int x) : value_(x) {}
    KernelArg(long x) : value_(x) {}
    KernelArg(long long x) : value_(x) {}
    KernelArg(bool x) : value_(x) {}
    bool is_device_array() const { return is_device_; }
    const DeviceArray& device_array() const { return device_; }
    const Value& value() const { return value_; }

private:
    DeviceArray device_;
    Value value_;
    bool is_device_ = false;
};

struct LaunchOptions {
    Stream stream;              // default stream unless set
    size_t shared_mem = 0;      // dynamic shared memory in bytes
    // launch_cpu only (Numba's boundscheck): every array index is checked; one out of range
    // throws ujit::Error (Runtime) "IndexError: index out of bounds (in KERNEL at
    // FILE:LINE:COL; kernel 'K', thread (x, y, z) of block (x, y, z))".
    bool boundscheck = false;
    // launch_cpu only: the reference way to run a kernel on the CPU, one call per thread
    // (fibers at barriers), without the block-wide forms the CPU otherwise picks (grid-stride
    // loops run by a block's first thread, whole blocks as loops); grid-stride loops get the
    // GPU's 16-byte vector version (codegen/grid_stride_vector.hpp). Slower, and the same
    // results for race-free kernels: what tools/fuzz/kernel_paths compares them with.
    bool cpu_reference = false;
    // A cooperative launch (cuLaunchCooperativeKernel): every block of the grid is resident on
    // the device at once, so that the kernel may synchronize the whole grid (CUDA C++'s
    // cooperative_groups::this_grid().sync()). The grid must fit: at most
    // max_cooperative_grid_blocks(block, shared_mem) blocks, else the driver's
    // CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE. A ujit kernel that uses cuda.cg.this_grid()
    // (Specialization::cooperative()) launches so whatever this says, as Numba's do.
    bool cooperative = false;
};

// Launches `k` on the current device. Before the launch: grid and block dims must be ≥ 1 and
// within the device's limits, block.x*y*z ≤ the kernel's (and device's) max threads per block,
// shared memory within the device's opt-in limit, arguments matching `k`'s parameters.
// A kernel fault surfaces at the next synchronizing call as an error naming the kernel; ujit
// then resets the device's context (arrays allocated before are lost; modules reload). Where
// the driver refuses any new context in the process after the fault (driver 580 does, for
// CUDA_ERROR_ILLEGAL_ADDRESS: a documented sticky error), the device is marked unusable:
// every later use throws that message at once, CPU work goes on, a new process gets the GPU.
void launch(const LoadedKernel& k, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
            const LaunchOptions& options = {});

// ---- cudacg: what the driver reports about a loaded kernel (cuFuncGetAttribute), as Numba's
// dispatcher gives it (get_regs_per_thread, get_local_mem_per_thread, get_const_mem_size,
// get_shared_mem_per_block, get_max_threads_per_block).
struct KernelAttributes {
    int regs_per_thread = 0;         // CU_FUNC_ATTRIBUTE_NUM_REGS
    int local_bytes_per_thread = 0;  // CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES
    int const_bytes = 0;             // CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES
    int shared_bytes_per_block = 0;  // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES (static shared arrays)
    int max_threads_per_block = 0;   // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
};
// ---- end cudacg

class LoadedKernel {
public:
    const std::string& name() const;
    const std::vector<KernelParam>& params() const;
    int max_threads_per_block() const;  // this kernel's limit (registers may lower it)
    int static_shared_bytes() const;
    KernelAttributes attributes() const;  // on the current device (cudacg)
    // The most blocks of `block` threads (and `dynamic_shared` bytes) a cooperative launch of this
    // kernel may have on the current device: cuOccupancyMaxActiveBlocksPerMultiprocessor times
    // the device's multiprocessors, as Numba's max_cooperative_grid_blocks computes it.
    int max_cooperative_grid_blocks(Dim3 block, size_t dynamic_shared = 0) const;
    template <class... A> void launch(Dim3 grid, Dim3 block, A&&... args) const {
        cuda::launch(*this, grid, block, std::vector<KernelArg>{KernelArg(std::forward<A>(args))...});
    }

private:
    friend class LoadedModule;
    friend struct detail::LaunchAccess;  // ujit's own launches with ready parameters
    friend void cuda::launch(const LoadedKernel&, Dim3, Dim3, const std::vector<KernelArg>&, const LaunchOptions&);
    std::shared_ptr<detail::KernelState> s_;
};

// ------------------------------------------------------------------ compiled ujit functions
//
// A ujit Function on the GPU, like Numba's CUDA dispatcher: specialized for the argument
// types (or the decorator's signatures) and for the current device's sm_XX, its PTX loaded
// once per device and kept with the specialization.
//
//   auto m = ujit::Module::from_file("add_kernel.py");
//   ujit::cuda::launch(m.function("add_kernel"), {blocks}, {256}, {x, y, out});
//   ujit::Array r = ujit::cuda::vectorize(m.function("add_ufunc"), {a, b});

// Launches a @cuda.jit kernel; arguments as for the raw launch above (device arrays as is,
// host arrays copied in and back, scalars converted). `compile` sets opt level/fastmath.
void launch(const Function& kernel, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
            const LaunchOptions& options = {}, const Options& compile = {});
// Without a usable CUDA device this runs launch_cpu instead (a note on stderr, once per
// process: "ujit: note: no CUDA device (REASON); running kernels on the CPU").
// The specialization a launch with these arguments runs (its PTX, LLVM IR, typed IR).
Specialization kernel_specialization(const Function& kernel, const std::vector<KernelArg>& args,
                                     const Options& compile = {});
// cudacg: the attributes of the kernel's specialization for `signature` (its argument types,
// "(float32[::1], int64)", or a declared signature "void(float32[::1], int64)"), compiled if
// needed and loaded on the current device. Needs a CUDA device: without one, ujit::Error
// (Runtime) saying so (the host device runs kernels compiled for the CPU: no registers).
KernelAttributes kernel_attributes(const Function& kernel, const std::string& signature, const Options& compile = {});
// coop: Numba's max_cooperative_grid_blocks for the kernel's specialization for `signature`
// (as kernel_attributes takes it), loaded on the current device: see
// LoadedKernel::max_cooperative_grid_blocks. Needs a CUDA device, as kernel_attributes does.
int max_cooperative_grid_blocks(const Function& kernel, const std::string& signature, Dim3 block,
                                size_t dynamic_shared = 0, const Options& compile = {});

// ------------------------------------------------------------------ kernels on the CPU
//
// A @cuda.jit kernel compiled for the CPU with the same typing and lowering (not
// interpreted like Numba's simulator): blocks run in parallel on ujit's thread pool; a
// block's threads run one after another, as fibers switching at each cuda.syncthreads()
// when the kernel has barriers. Shared arrays are per block, local arrays per thread,
// atomics are CPU atomics, print prints. Results equal the GPU's for race-free kernels
// (math functions may differ from libdevice's in the last bit).
// Arguments: host arrays and the host device's arrays (the kernel works on them in place,
// nothing is copied) and scalars; arrays in GPU memory are refused. `options.shared_mem`
// sizes dynamic shared memory;
// the stream is ignored (the call returns when every block has finished).
void launch_cpu(const Function& kernel, Dim3 grid, Dim3 block, const std::vector<KernelArg>& args,
                const LaunchOptions& options = {}, const Options& compile = {});
// The specialization launch_cpu runs (LLVM IR, typed IR, x86 code).
Specialization kernel_specialization_cpu(const Function& kernel, const std::vector<KernelArg>& args,
                                         const Options& compile = {});
// A @vectorize ufunc's GPU loop compiled for the CPU the same way, so a target='cuda'
// ufunc that calls @cuda.jit(device=True) functions runs without a GPU (the CPU ufunc path
// cannot compile those calls). Host arrays and scalars in, NumPy broadcasting, a new host
// array out. vectorize() below falls back to it where no CUDA device is usable.
Array vectorize_cpu(const Function& ufunc, const std::vector<Value>& inputs);
namespace detail {
void note_cpu_fallback();  // the note above, once per process
}  // namespace detail

// A vectorize ufunc on the GPU (any target in its decorator), with the CPU ufuncs' dispatch,
// scalar casting and broadcasting. Inputs: device arrays, host arrays, scalars. The result
// is a new device array (vectorize_device) or a host array (vectorize); `out` may be given
// as a device array of the result's shape and loop dtype.
DeviceArray vectorize_device(const Function& ufunc, const std::vector<KernelArg>& inputs,
                             const LaunchOptions& options = {});
Array vectorize(const Function& ufunc, const std::vector<KernelArg>& inputs, const LaunchOptions& options = {});
void vectorize_into(const Function& ufunc, const std::vector<KernelArg>& inputs, const DeviceArray& out,
                    const LaunchOptions& options = {});

// A guvectorize gufunc on the GPU (any target in its decorator), one thread per loop
// iteration, with the host gufunc_call's dispatch, core dimension binding and broadcasting.
// Inputs: device arrays, host arrays, scalars. Outputs: new device arrays (gufunc_device),
// host arrays (gufunc), or the caller's C-contiguous device arrays (gufunc_into; shapes
// checked as NumPy does, dtypes the loop's).
std::vector<DeviceArray> gufunc_device(const Function& f, const std::vector<KernelArg>& inputs,
                                       const LaunchOptions& options = {});
std::vector<Array> gufunc(const Function& f, const std::vector<KernelArg>& inputs, const LaunchOptions& options = {});
void gufunc_into(const Function& f, const std::vector<KernelArg>& inputs, const std::vector<DeviceArray>& outputs,
                 const LaunchOptions& options = {});

// ------------------------------------------------------------------ numba.cuda.random
//
// The states of Numba's xoroshiro128+ generators, equal to Numba's create_xoroshiro128p_states
// / init_xoroshiro128p_states: state 0 is splitmix64(seed) jumped `subsequence_start` times
// 2^64 steps, each next state the previous one 2^64 steps on. Numba's array is 1-D of
// {s0, s1: uint64} records; ujit's is the same memory as a uint64 array of shape (n, 2),
// which compiled code's cuda.random.xoroshiro128p_* functions take. Computed on the host
// (as Numba does), no GPU needed; time grows with n + subsequence_start (128 steps a jump).
Array create_xoroshiro128p_states(int64_t n, uint64_t seed, uint64_t subsequence_start = 0);
// Fills the caller's states: uint64, shape (n, 2), any strides. Error (Argument) otherwise.
void init_xoroshiro128p_states(const ArrayRef& states, uint64_t seed, uint64_t subsequence_start = 0);
// The same for a device array (computed on the host, then copied on `stream`).
void init_xoroshiro128p_states(DeviceArray& states, uint64_t seed, uint64_t subsequence_start = 0,
                               const Stream& stream = {});

// ------------------------------------------------------------------ CUDA C++ through NVRTC
//
// CUDA C++ compiled at run time by NVRTC (libnvrtc.so, opened on first use: an error names
// it when absent), with the CUDA toolkit's include directory on the path. Compilations are
// kept in the disk cache (UJIT_CACHE_DIR), so a second process reads them back.
//
//   ujit::cuda::RawKernel k(R"(extern "C" __global__ void scale(float* a, float s) {...})", "scale");
//   void* params[] = {&device_ptr, &s};
//   k.launch({blocks}, {256}, params);
//
// Errors in the source: ujit::Error (Compile) "NAME:LINE:COL: error: ..." (NAME: the
// `filename` given, "kernel.cu" by default), file()/line()/column() set.

// The PTX of `source` for `arch` ("sm_90"); `options` are NVRTC's (-D..., --use_fast_math).
std::string compile_cuda_ptx(const std::string& source, const std::string& arch,
                             const std::vector<std::string>& options = {}, const std::string& filename = "kernel.cu");

// A __global__ function of CUDA C++ (an extern "C" name, as CuPy's RawKernel takes), compiled
// for the current device's architecture (sm_75 on the host device, where it cannot launch).
class RawKernel {
public:
    RawKernel(std::string source, std::string name, std::vector<std::string> options = {},
              std::string filename = "kernel.cu");
    const std::string& name() const;
    const std::string& ptx() const;  // of the architecture compiled for at construction
    const std::string& arch() const;
    // Launches on the current device with one pointer per kernel parameter (the CUDA driver's
    // kernelParams); grid, block and shared memory are validated against the device's limits.
    // Without a CUDA device: ujit::Error (Runtime) naming the kernel and the reason.
    void launch(Dim3 grid, Dim3 block, void** params, const LaunchOptions& options = {}) const;

private:
    struct State;
    std::shared_ptr<State> s_;
};

}  // namespace ujit::cuda
