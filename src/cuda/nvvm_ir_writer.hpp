// ujit's optimized CUDA module (LLVM 19) written as NVVM IR: the LLVM 7.0 text dialect that
// libNVVM reads, so that libNVVM can make LTO-IR of it and nvJitLink can inline a linked CUDA
// C++ device function into ujit's kernel (cudalink/nvvm_lto.hpp). libNVVM reads neither LLVM
// 19 bitcode nor its text (opaque pointers, newer instructions and attributes).
//
// The writer keeps every pointer an `i8 addrspace(N)*` and casts it to the pointee type at each
// load, store, GEP and atomic; it drops what LLVM 7 lacks and does not change meaning
// (attributes beyond a few, metadata, lifetime markers, flags such as nneg and disjoint),
// rewrites what it has in older spellings (fneg, smax/umin/abs, freeze, memcpy's mangling) and
// refuses the rest, saying what it met: such a module is linked as PTX, as before.
#pragma once

#include <llvm/IR/Module.h>

#include <string>
#include <vector>

namespace ujit::cuda {

struct NvvmIr {
    std::string text;     // the module as NVVM IR; empty when refused
    std::string refused;  // why the module cannot be written ("" when written)
};

// Every externally visible definition (kernels; globals the host reads by name) is kept in
// @llvm.used, and every PTX kernel annotated, as libNVVM requires.
NvvmIr write_nvvm_ir(const llvm::Module& m);

// libNVVM's options that compile such a module as ujit's NVPTX path does: the optimizer's
// level; IEEE division and square root, denormals kept, unless fastmath (numba-cuda's mapping);
// a multiply and an add fused, as ptxas fuses them in ujit's PTX.
std::vector<std::string> nvvm_options(int opt_level, bool fastmath);

}  // namespace ujit::cuda
