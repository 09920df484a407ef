# libdevice's float32 hypot (and sqrtf, normf, norm3df, norm4df, jnf) rounds its square root
# correctly, as NVVM compiles it for Numba: LLVM 19's NVVMReflect does not know
# __CUDA_PREC_SQRT, which ujit answers (1; 0 under fastmath, numba-cuda's -prec-sqrt=0).
# RUN: %ujit ptx %s hypot_kernel --sig 'void(float32[::1], float32[::1], float32[::1])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s --check-prefix=PRECISE < %t.ptx
# RUN: %ujit ptx %s fast_hypot_kernel --sig 'void(float32[::1], float32[::1], float32[::1])' --arch sm_90 > %t.fast.ptx
# RUN: FileCheck %s --check-prefix=FAST < %t.fast.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
import math

from numba import cuda


@cuda.jit
def hypot_kernel(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.hypot(x[i], y[i])


@cuda.jit(fastmath=True)
def fast_hypot_kernel(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.hypot(x[i], y[i])


# PRECISE: .entry {{.*}}hypot_kernel
# PRECISE-NOT: sqrt.approx
# PRECISE: sqrt.rn.f32
# PRECISE-NOT: sqrt.approx
# FAST: .entry {{.*}}fast_hypot_kernel
# FAST: sqrt.approx.ftz.f32
