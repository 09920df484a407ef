// A CUDA specialization's PTX linked with its link= files (types::LinkFile: @cuda.jit(link=),
// cuda.declare_device(link=)) into one cubin, through cudalink (nvJitLink; .cu files compiled
// by NVRTC, LTO when an input is LTO-IR).
#pragma once

#include "types/link_file.hpp"

#include <string>
#include <vector>

namespace ujit::pipeline {

// The inputs: ujit's PTX first ("<ujit kernel NAME>" in the linker's messages), then each
// file read now (a missing one is an Error naming it), then in-memory CUDA C++.
// `arch`: "sm_90". Throws ujit::Error (the linker's log on an undefined symbol).
std::string link_device_code(const std::string& ptx, const std::string& name, const std::vector<types::LinkFile>& files,
                             const std::string& arch);

}  // namespace ujit::pipeline
