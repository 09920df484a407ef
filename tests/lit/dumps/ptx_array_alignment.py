# cuda.local.array and cuda.shared.array with numba-cuda's alignment= (a power of two, a
# multiple of 8): the local array's alloca and the shared array's variable carry it, so the
# PTX's local depot and .shared variable are .align N; without it the defaults stay (16).
# On the CPU the local array's alloca is aligned the same.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %ujit ptx %s aligned --arch sm_90 --sig 'void(float64[::1])' > aligned.ptx
# RUN: FileCheck %s < aligned.ptx
# RUN: ptxas -arch=sm_90 aligned.ptx -o aligned.cubin
# RUN: %ujit llvm %s aligned --target cpu --sig 'void(float64[::1])' | FileCheck %s --check-prefix=CPU
import numpy as np
from numba import cuda


@cuda.jit
def aligned(out):
    i = cuda.threadIdx.x
    loc = cuda.local.array((3, 5), np.uint8, alignment=64)
    sh = cuda.shared.array(32, dtype=np.float64, alignment=256)
    plain = cuda.shared.array(4, np.int32)
    for k in range(15):
        loc[k // 5, k % 5] = k * i
    sh[i] = loc[i % 3, (i + 1) % 5]  # read at a run-time index: the array stays in memory
    plain[i % 4] = i
    cuda.syncthreads()
    out[i] = sh[31 - i] + plain[3 - i % 4]


# CHECK-DAG: .shared .align 256 .b8 {{.*}}[256];
# CHECK-DAG: .shared .align 16 .b8 {{.*}}[16];
# CHECK-DAG: .local .align 64 .b8 __local_depot0[
# CPU: alloca [15 x i8], align 64
