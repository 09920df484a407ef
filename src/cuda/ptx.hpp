// LLVM module (from codegen with the CUDA target) → PTX text:
//   LLVM math intrinsics NVPTX cannot select → libdevice calls (fastmath: __nv_fast_*) →
//   link libdevice (only what is called) → internalize all but the entry points →
//   nvvm-reflect-ftz flag + NVVMReflect → O<n> → NVPTX → PTX for `arch`.
#pragma once

#include "cuda/nvvm_ir_writer.hpp"

#include <llvm/IR/Module.h>

#include <string>

namespace ujit::cuda {

struct PtxOptions {
    std::string arch = "sm_80";
    int opt_level = 3;
    bool fastmath = false;    // approximate div/sqrt, denormals flushed to zero
    std::string libdevice_path;  // empty: find_libdevice() (cuda/libdevice.hpp)
    bool nvvm_ir = false;        // also write the optimized module as NVVM IR (PtxResult::nvvm)
};

struct PtxResult {
    std::string ptx;
    std::string optimized_ir;  // only when keep_ir
    NvvmIr nvvm;               // only when PtxOptions::nvvm_ir
    double optimize_ms = 0;    // libdevice link + reflect + optimization
    double link_ms = 0;        // of which the libdevice link
    double codegen_ms = 0;     // NVPTX instruction selection → PTX text
};

// Consumes `m` (it is linked, optimized and lowered in place). The external function
// definitions of `m` (kernels; a standalone device function) stay visible in the PTX;
// everything else becomes internal and is dropped when unused.
// Throws ujit::Error: Argument for an unknown arch, Runtime when libdevice is missing,
// Internal when the NVPTX back end is unusable. A module LLVM rejects, or one calling what
// libdevice or NVPTX lacks, is a ujit bug: syntax::InternalError (syntax/internal_error.hpp).
PtxResult emit_ptx(llvm::Module& m, const PtxOptions& options, bool keep_ir);

}  // namespace ujit::cuda
