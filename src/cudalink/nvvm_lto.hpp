// ujit's kernel as LTO-IR: its NVVM IR (cuda/nvvm_ir_writer.hpp) compiled by libNVVM with
// -gen-lto, so that nvJitLink's link-time optimization sees ujit's code and a linked CUDA C++
// device function (NVRTC's LTO-IR) together and inlines the call, as numba-cuda's LTO does.
#pragma once

#include <string>
#include <vector>

#include "ujit/ujit.hpp"

namespace ujit::cudalink {

// libNVVM did not take the module (an intrinsic or construct its LLVM 7 lacks): the caller
// links ujit's PTX instead. The message is libNVVM's log.
class NvvmRefused : public Error {
public:
    explicit NvvmRefused(std::string log) : Error(Error::Kind::Runtime, std::move(log)) {}
};

// LTO-IR of `ir` for `arch` ("sm_90"), with libNVVM's `options` (cuda::nvvm_options: -ftz,
// -prec-div, ...). Throws NvvmRefused when libNVVM refuses the module, ujit::Error (Runtime)
// when libNVVM is absent.
std::string nvvm_lto_ir(const std::string& ir, const std::string& arch, const std::vector<std::string>& options);

}  // namespace ujit::cudalink
