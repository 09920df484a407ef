// The error a CUDA kernel's recorded raise becomes on the host after its launch
// (codegen/kernel_raise.hpp), the same whether the kernel ran on a GPU or on the CPU.
#pragma once

#include "codegen/kernel_raise.hpp"
#include "ujit/ujit.hpp"

namespace ujit::runtime {

// numba-cuda's words: the class, and the message prefixed with where the raise is and which
// thread raised it, "In function 'f', file /abs/f.py, line 7, tid=[0, 0, 2] ctaid=[0, 0, 0]:
// negative" (threads and blocks z first, as numba-cuda lists them; no ": ..." without a
// message). Kind::Runtime, with_exception(class, that message).
Error kernel_raise_error(const codegen::RaiseSite& site, const int32_t tid[3], const int32_t ctaid[3]);

}  // namespace ujit::runtime
