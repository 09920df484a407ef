// The NVPTX back end of LLVM, configured for one GPU architecture: the target is
// registered once per process, and each compile gets its own TargetMachine (they are
// not shared between threads).
#pragma once

#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <string>

namespace ujit::cuda {

inline constexpr const char* kNvptxTriple = "nvptx64-nvidia-cuda";

// The PTX ISA version LLVM writes for `arch` ("sm_80" → 70): the lowest that knows the
// architecture, so the PTX loads on the oldest driver that can run the GPU.
// Throws ujit::Error (Argument) for an architecture LLVM 19 cannot target.
int ptx_isa_version(const std::string& arch);

// A TargetMachine for `arch` (validated as above). fastmath allows approximate division
// and square root (like nvcc --use_fast_math).
std::unique_ptr<llvm::TargetMachine> make_nvptx_machine(const std::string& arch, int opt_level, bool fastmath,
                                                        int min_ptx_isa = 0);

// The NVPTX data layout string (the same for every architecture).
const std::string& nvptx_data_layout();

}  // namespace ujit::cuda
