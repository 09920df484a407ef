// ujit's kernel as LTO-IR: its NVVM IR (cuda/nvvm_ir_writer.hpp) compiled by libNVVM with
// -gen-lto, so that nvJitLink's link-time optimization sees ujit's code and a linked CUDA C++
// device function (NVRTC's LTO-IR) together and inlines the call, as numba-cuda's LTO does.
#pragma once

#include <string>
#include <vector>

#include "ujit/ujit.hpp"

namespace ujit::cudalink {

// LTO-IR of `ir` for `arch` ("sm_90"), with libNVVM's `options` (cuda::nvvm_options: -ftz,
// -prec-div, ...). Throws ujit::Error (Runtime) with libNVVM's log when it refuses the module
// (an intrinsic or construct its LLVM 7 lacks), or naming the places looked in when libNVVM is
// absent; the link then takes ujit's PTX instead (pipeline/device_link_files.cpp).
std::string nvvm_lto_ir(const std::string& ir, const std::string& arch, const std::vector<std::string>& options);

}  // namespace ujit::cudalink
