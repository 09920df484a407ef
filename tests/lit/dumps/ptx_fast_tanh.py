# tanh under fastmath is tanh.approx.f32 from sm_75 on, as numba-cuda writes it (test_fastmath
# test_tanhf), and cuda.libdevice.fast_tanhf too: LLVM 19 does not know the intrinsic libdevice
# calls for it (llvm.nvvm.tanh.approx.f32) and wrote PTX that ptxas refused. The PTX ISA is
# raised to 7.0 for the instruction where the architecture's own is older (sm_75: 6.3).
# RUN: %ujit ptx %s fast_tanh --sig 'void(float32[::1], float32)' --arch sm_75 > %t.fast.ptx
# RUN: FileCheck %s --check-prefix=FAST < %t.fast.ptx
# RUN: ptxas -arch=sm_75 %t.fast.ptx -o %t.fast.cubin
# RUN: %ujit ptx %s libdevice_fast_tanh --sig 'void(float32[::1], float32)' --arch sm_90 > %t.lib.ptx
# RUN: FileCheck %s --check-prefix=LIB < %t.lib.ptx
# RUN: ptxas -arch=sm_90 %t.lib.ptx -o %t.lib.cubin
# RUN: %ujit ptx %s precise_tanh --sig 'void(float32[::1], float32)' --arch sm_90 > %t.precise.ptx
# RUN: FileCheck %s --check-prefix=PRECISE < %t.precise.ptx
import math

from numba import cuda
from numba.cuda import libdevice


@cuda.jit(fastmath=True)
def fast_tanh(r, x):
    r[0] = math.tanh(x)


@cuda.jit
def libdevice_fast_tanh(r, x):
    r[0] = libdevice.fast_tanhf(x)


@cuda.jit
def precise_tanh(r, x):
    r[0] = math.tanh(x)


# FAST: .version 7.0
# FAST: .entry {{.*}}fast_tanh
# FAST: tanh.approx.f32
# LIB: .entry {{.*}}libdevice_fast_tanh
# LIB-NOT: llvm.nvvm
# LIB: tanh.approx.f32
# PRECISE: .entry {{.*}}precise_tanh
# PRECISE-NOT: tanh.approx
