# bfloat16 in a kernel (numba.cuda.bf16): on sm_90 the arithmetic is the GPU's bf16
# instructions (add.bf16, fma.rn.bf16); on sm_80, which has only the conversions, it is
# float32 arithmetic converted with cvt.rn.bf16.f32. Both assemble with ptxas. fp8
# (numba.cuda._internal.cuda_fp8) is integer code on every GPU.
# RUN: %ujit ptx %s axpy --arch sm_90 > %t.90.ptx
# RUN: FileCheck %s --check-prefix=SM90 < %t.90.ptx
# RUN: ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin
# RUN: %ujit ptx %s axpy --arch sm_80 > %t.80.ptx
# RUN: FileCheck %s --check-prefix=SM80 < %t.80.ptx
# RUN: ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin
# RUN: %ujit ptx %s to_fp8 --arch sm_80 > %t.fp8.ptx
# RUN: ptxas -arch=sm_80 %t.fp8.ptx -o %t.fp8.cubin
# REQUIRES: ptxas
# SM90: add.bf16
# SM90: fma.rn.bf16
# SM80: cvt.rn.bf16.f32
# SM80-NOT: add.bf16
from numba import cuda, float32
from numba.cuda.bf16 import bfloat16, hfma
from numba.cuda._internal.cuda_fp8 import fp8_e4m3, fp8_e5m2


@cuda.jit("void(float32[::1], float32[::1], float32)")
def axpy(y, x, a):
    i = cuda.grid(1)
    if i < y.size:
        s = bfloat16(y[i]) + bfloat16(x[i])
        y[i] = float32(hfma(bfloat16(a), s, s))


@cuda.jit("void(float32[::1], float32[::1])")
def to_fp8(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = float32(fp8_e4m3(x[i])) + float32(fp8_e5m2(x[i]))
