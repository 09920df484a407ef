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

// The inputs: ujit's PTX first ("<ujit kernel NAME>" in the linker's messages), then each
// file read now (a missing one is an Error naming it), then in-memory CUDA C++, then the
// device runtime for a cooperative kernel (an Error naming where it was looked for when it
// is absent). `arch`: "sm_90". Throws ujit::Error (the linker's log on an undefined symbol).
std::string link_device_code(const Compiled& c, const std::string& arch);

}  // namespace ujit::pipeline
