// A CUDA specialization's PTX linked with its link= files (types::LinkFile: @cuda.jit(link=),
// cuda.declare_device(link=)) into one cubin, through cudalink (nvJitLink; .cu files compiled
// by NVRTC, LTO when an input is LTO-IR); a cooperative kernel (cuda.cg) links CUDA's device
// runtime, libcudadevrt.a, as well.
#pragma once

#include "pipeline/compile.hpp"

#include <string>

namespace ujit::pipeline {

// Whether `c` (CUDA) is loaded as a linked cubin rather than as its PTX.
bool needs_device_link(const Compiled& c);

// Whether a kernel given these link files is worth linking with LTO (a .cu file, CUDA C++
// source or LTO-IR: device functions nvJitLink can inline into ujit's kernel), so that its
// compile also writes NVVM IR (Compiled::nvvm_ir). $UJIT_CUDA_LTO=0 turns this off.
bool links_with_lto(const std::vector<types::LinkFile>& link);

// The inputs: ujit's kernel first ("<ujit kernel NAME>" in the linker's messages): LTO-IR
// that libNVVM makes of its NVVM IR where it has some and libNVVM is there and takes it,
// else its PTX; then each
// file read now (a missing one is an Error naming it), then in-memory CUDA C++, then the
// device runtime for a cooperative kernel (an Error naming where it was looked for when it
// is absent). `arch`: "sm_90". Throws ujit::Error (the linker's log on an undefined symbol).
std::string link_device_code(const Compiled& c, const std::string& arch);

}  // namespace ujit::pipeline
