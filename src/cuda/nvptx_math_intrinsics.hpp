// LLVM math intrinsics the NVPTX back end cannot select (llvm.exp, llvm.sin, llvm.pow,
// llvm.powi, ... on LLVM 19: instruction selection aborts the process on them). The
// shared lowering or the optimizer may produce them; before libdevice is linked they
// become calls to the matching `__nv_*` function, and emit_ptx refuses (with an error,
// not a crash) any that still remain before code generation.
#pragma once

#include <llvm/IR/Module.h>

#include <string>

namespace ujit::cuda {

// Replaces every call to such an intrinsic on float/double by its libdevice function.
// Returns how many calls were replaced.
int replace_math_intrinsics(llvm::Module& m);

// The name of the first such intrinsic still called in `m`, or "".
std::string unselectable_math_intrinsic(const llvm::Module& m);

// fastmath, like Numba: float32 sin/cos/tan/exp/log/log2/log10/pow use libdevice's
// approximate `__nv_fast_*` variants, and tanh too from sm_75 on (`arch` "sm_75": numba-cuda's
// tanh.approx.f32 there, the precise tanhf before).
void use_fast_libdevice_variants(llvm::Module& m, const std::string& arch);

// libdevice's fast_tanhf (cuda.libdevice.fast_tanhf, and fastmath's tanh) calls
// llvm.nvvm.tanh.approx.f32 from sm_75 on, an intrinsic LLVM 19's NVPTX back end does not know:
// it wrote a call to a function of that name, which ptxas refuses. From sm_75 on (`arch`) each
// such call becomes the instruction itself, as numba-cuda writes it (inline `tanh.approx.f32`).
// Returns whether it wrote one: the PTX must then be ISA 7.0 or later.
bool lower_tanh_approx(llvm::Module& m, const std::string& arch);

}  // namespace ujit::cuda
