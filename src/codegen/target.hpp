// What differs between the CPU and CUDA back ends, behind one interface (Halide's
// CodeGen_LLVM / CodeGen_PTX_Dev split). The shared lowering (codegen/lower_*.cpp) never
// asks "is this CUDA?"; it calls these hooks.
#pragma once

#include "types/type.hpp"
#include "types/typed_function.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <string>
#include <vector>

namespace ujit::codegen {

class Target {
public:
    virtual ~Target() = default;
    virtual types::TargetKind kind() const = 0;

    // Whether code for this target owns memory (np.empty, a * 2, a.copy()) and counts
    // references to it: the CPU does, as Numba's NRT; CUDA kernels and device functions never
    // allocate (codegen emits no count updates for them, and refuses allocation).
    bool counts_references() const { return kind() == types::TargetKind::CPU; }

    // Triple and data layout for a fresh module.
    virtual void configure_module(llvm::Module& m) = 0;
    // A module whose loops are whole-array reductions (a.sum(), a.max()): vectors as wide as
    // the machine's (CPU: 512 bits where AVX-512 is, as NumPy's own AVX512_SKX loops; LLVM
    // prefers 256 there otherwise). Nothing by default.
    virtual void prefer_wide_vectors(llvm::Module& m) { (void)m; }

    // Address space of array data pointers (0 generic on both targets today).
    virtual unsigned global_address_space() const { return 0; }

    // math.* / np.* scalar functions on float32/float64 operands of type `ty` (already
    // converted). Returns null when the target has no lowering (caller reports error).
    // Results: the operand's float type, except isnan/isinf/isfinite → i1 and
    // floor/ceil/trunc (math.* and np.*) and round(x) → the rounded value still in the
    // float type (the caller converts to int64 where Numba returns an int). float ** int:
    // MathPow with an integer second operand; ldexp's second operand is an integer.
    virtual llvm::Value* emit_math(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args,
                                   const types::Type* ty) = 0;

    // Integer division by zero and the like: CPU raises (never returns), CUDA ignores, unless
    // debug=True or the code is RuntimeError::Raised (a `raise`): then the CUDA thread ends
    // there (codegen/kernel_raise.hpp). Emits a check `cond` (i1 true = error) that raises
    // `code`; may emit nothing.
    virtual void emit_error_check(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where) = 0;
    // The same check whose message names run-time values (i64: the index and the shape of an
    // IndexError, the shapes that do not broadcast). A target without such messages (CUDA)
    // raises the plain code.
    virtual void emit_error_check_values(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where,
                                         const std::vector<llvm::Value*>& values) {
        emit_error_check(b, cond, code, where);
    }

    // try/except (codegen/lower_try.cpp; CPU: cpu/helper_errors.hpp's ujit_rt_try_enter).
    // emit_try_begin pushes a handler for the code that follows and returns an i1 that is
    // true on the landing after a raise inside it, setting `frame` to the handle that
    // emit_try_exit takes: TryExit::Leave pops it (the block ended), Caught frees what the
    // raise skipped and pops it (on the landing), Reraise raises the caught exception again
    // (never returns: it ends the block). Null: the target cannot catch.
    enum class TryExit { Leave, Caught, Reraise };
    virtual llvm::Value* emit_try_begin(llvm::IRBuilder<>&, llvm::Value*& frame) {
        frame = nullptr;
        return nullptr;
    }
    virtual void emit_try_exit(llvm::IRBuilder<>&, TryExit, llvm::Value*) {}

    // Whether array indexing checks its indices (after negative ones wrap): the lowering
    // then emits emit_error_check(index >= dim, IndexOutOfBounds, where) per index.
    virtual bool bounds_check() const { return false; }

    // print(...) of numbers and string literals; `format` is printf-style, args are
    // already promoted (double, i64, ptr to string).
    // Floats as C's "%f" (Numba's CUDA print: "1.674757") rather than Python's repr (Numba's
    // CPU print): the CUDA target, and CUDA kernels run on the CPU, which print as on a GPU.
    virtual bool prints_floats_as_cuda() const { return false; }

    // max(x, y) / min(x, y) of two floats: Numba's CUDA target calls libdevice's fmax/fmin
    // (IEEE maxNum: a NaN operand loses), its CPU target Python's comparison (x unless y > x).
    virtual bool float_min_max_is_fmax() const { return false; }
    virtual void emit_print(llvm::IRBuilder<>& b, const std::string& format, const std::vector<llvm::Value*>& args) = 0;

    // CUDA builtins (thread indices, barriers, atomics, shared/local arrays). The CPU
    // target throws a CompileError-worthy message (returns null) for these.
    // Operands (CUDA target, src/cuda/cuda_target*.cpp):
    //   - threadIdx/blockIdx/blockDim/gridDim.{x,y,z}, laneid, warpsize: no args → i32.
    //   - cuda.grid(n)/gridsize(n): args[0] = the constant n (ConstantInt; if absent, n
    //     comes from result_type) → i64 for n == 1, else the literal struct {i64 x n}.
    //   - syncthreads, threadfence, threadfence_block: no args → the void call (not null).
    //   - syncthreads_count/and/or: args[0] the predicate (integer, nonzero = true) → i32.
    //   - cuda.atomic.OP(ary, idx, val[, val2]): args[0] = the address of ary[idx] (ptr;
    //     the lowering computes it, negative indices wrapped), args[1] = val in the dtype;
    //     cas: args[1] = the expected old value, args[2] = the new value. arg_types[0] =
    //     the array type (its dtype's signedness picks max/min/inc/dec), result_type = the
    //     dtype. Returns the old value. May add basic blocks (CAS loops): the builder is
    //     left where the lowering continues.
    virtual llvm::Value* emit_cuda_builtin(llvm::IRBuilder<>& b, types::BuiltinId id,
                                           const std::vector<llvm::Value*>& args,
                                           const std::vector<const types::Type*>& arg_types,
                                           const types::Type* result_type) = 0;

    // Storage for cuda.shared.array / cuda.local.array with a constant element count
    // (0 = dynamic shared memory), aligned to `align` bytes (the alignment= argument, a power
    // of two; 0 = the target's own choice). Returns a pointer to the first element (in
    // global_address_space(), i.e. generic on CUDA).
    virtual llvm::Value* emit_array_storage(llvm::IRBuilder<>& b, bool shared, llvm::Type* elem, uint64_t count,
                                            uint64_t align = 0) = 0;
    // The bytes of dynamic shared memory the running launch gave (an i64), the extent of a
    // cuda.shared.array(0, ...) (Numba: %dynamic_smem_size / itemsize); null off kernels.
    virtual llvm::Value* emit_dynamic_shared_bytes(llvm::IRBuilder<>&) { return nullptr; }

    // Marks the entry point: a kernel on CUDA, an exported function on the CPU.
    // (CUDA: role Kernel → .entry; other roles stay external .func definitions.)
    virtual void mark_entry(llvm::Function& f, types::FunctionRole role) = 0;

    // Whether a kernel's grid-stride loops run block-wide, thread x == 0 of each row doing
    // the row's iterations in order (codegen/grid_stride.hpp): CUDA kernels on the CPU.
    virtual bool runs_grid_stride_loops_block_wide() const { return false; }

    // Whether a kernel's grid-stride loops over 1-D arrays get the 16-byte vector version
    // (codegen/grid_stride_vector.hpp), chosen per launch: CUDA, and the CPU's one-call-per-
    // thread reference path (LaunchOptions::cpu_reference), which thus runs the GPU's loops.
    virtual bool vectorizes_grid_stride_loops() const { return false; }

    // Whether the entry point also gets the packed wrapper `<symbol>$packed` (codegen/abi.hpp).
    virtual bool wants_packed_wrapper() const { return kind() == types::TargetKind::CPU; }

    // random.random() etc. (CPU runtime calls); CUDA returns null.
    virtual llvm::Value* emit_random(llvm::IRBuilder<>& b, types::BuiltinId id,
                                     const std::vector<llvm::Value*>& args) = 0;
};

// `boundscheck`: array indexes are checked (bounds_check()), Numba's boundscheck=True.
std::unique_ptr<Target> make_cpu_target(bool boundscheck = false);
// `debug`: @cuda.jit(debug=True) on the kernel: its raises are recorded for the host, and
// the checks of Python's error model are emitted (codegen/kernel_raise.hpp).
std::unique_ptr<Target> make_cuda_target(const std::string& arch /* "sm_80" */, bool debug = false);

}  // namespace ujit::codegen
