// Typed AST → LLVM IR, once for both targets. Each TypedFunction becomes an internal,
// always-inline LLVM function; the requested entry point gets the ABI of codegen/abi.hpp
// (and on the CPU a packed wrapper). Ufunc loops are built here too (codegen/ufunc_loop).
#pragma once

#include "codegen/target.hpp"
#include "types/infer.hpp"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>

namespace ujit::codegen {

// Emits `fn` (and every callee it reaches) into a new module configured for `target`.
std::unique_ptr<llvm::Module> lower_function(llvm::LLVMContext& ctx, Target& target, const syntax::Module& source,
                                             const types::TypedFunction& fn);

// Emits an element-wise loop for a ufunc kernel `fn` (a scalar function typed for the
// ufunc's input types), with NumPy's inner-loop signature:
//   void <symbol>$loop(char** ptrs /*inputs..., output*/, i64 n, const i64* strides /*bytes*/)
// The contiguous case (all strides == itemsize) runs a separate, vectorizable loop.
// On CUDA the same body becomes a grid-stride kernel over contiguous data:
//   void <symbol>$loop(ptr in0, ..., ptr out, i64 n, i64 scalars)   (marked as a kernel; the
//   GPU runtime makes array inputs contiguous; input k with bit k of `scalars` set is one
//   value read at index 0; each thread starts at cuda.grid(1), steps cuda.gridsize(1)).
//
// print(...) becomes one Target::emit_print with a printf-style format: items separated by
// a space, ending in "\n"; string literals and bools ("True"/"False") as %s, signed ints
// %lld (i64), unsigned %llu (i64), float64 %.17g and float32 %.9g (passed as double; the CPU
// runtime prints the shortest repr that round-trips at that precision), complex as
// (%.17g+%.17gj).
//
// Errors (Target::emit_error_check): codes from abi.hpp; `where` is "<function> at
// <file>:<line>:<col>" of the operation that raised.
std::unique_ptr<llvm::Module> lower_ufunc_loop(llvm::LLVMContext& ctx, Target& target, const syntax::Module& source,
                                               const types::TypedFunction& fn);
inline std::string loop_symbol(const std::string& symbol) { return symbol + "$loop"; }

// Optimization is not codegen's job: the lowered module goes to cpu::optimize_module
// (cpu/optimize.hpp, LLVM's O0..O3 pipeline for the host) or to cuda::emit_ptx (cuda/ptx.hpp,
// libdevice, NVVM reflect, O3 and the NVPTX back end).

// Emits the loop of a generalized ufunc (@guvectorize) around its core function `fn`
// (typed for one declared signature; outputs are its last arguments). See gufunc_loop.cpp.
//   CPU:  void <symbol>$gufunc(char** ptrs, i64 n, const i64* steps, const i64* core)
//         ptrs/steps: per operand (inputs..., outputs...) its address at iteration 0 and its
//         loop stride in bytes; core: the size of each layout dimension (layout.dims order),
//         then for each array operand the byte strides of its dimensions.
//   CUDA: void <symbol>$gufunc(ptr op..., i64 n, i64 step..., i64 core...), a grid-stride
//         kernel with the same values by value, one thread per iteration.
// With `constant_core`, the core table is those constants and the `core` argument (CUDA:
// the core parameters) is not read: small core loops unroll and vectorize (the runtimes ask
// for this per set of small core sizes of contiguous cores). CUDA: the table may go on with
// what the launch guarantees of its operands (codegen/gufunc_facts.hpp: constant steps,
// alignment, no overlap).
std::unique_ptr<llvm::Module> lower_gufunc_loop(llvm::LLVMContext& ctx, Target& target, const syntax::Module& source,
                                                const types::TypedFunction& fn, const types::GufuncLayout& layout,
                                                const std::vector<int64_t>& constant_core = {});
inline std::string gufunc_symbol(const std::string& symbol) { return symbol + "$gufunc"; }

}  // namespace ujit::codegen
