// LLVM's optimization pipeline and assembly printing for the host CPU.
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <string>

namespace ujit::cpu {

// `tm` must not be shared with another thread (Jit::target_machine gives one per thread).
// New pass manager O0..O3 (clamped) with the target's cost model, loop and SLP
// vectorization from O2, and glibc's libmvec as vector math library when it is loaded
// (see libmvec_available). Sets the module's triple and data layout when unset. `fastmath`:
// LLVM's fast-math flags on every floating-point operation first (Numba's fastmath=True).
void optimize_module(llvm::Module& m, llvm::TargetMachine& tm, int opt_level, bool fastmath = false);

// x86-64 assembly text (AT&T syntax) of the module, as `ujit asm` prints it. Codegen
// runs on a clone, so `m` is left as it was.
std::string emit_assembly(llvm::Module& m, llvm::TargetMachine& tm);

// Whether libmvec.so.1 could be loaded into the process (vector variants of sin, exp, ...
// resolve); decided once.
bool libmvec_available();

}  // namespace ujit::cpu
