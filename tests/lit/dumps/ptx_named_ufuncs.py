# NumPy's named ufuncs on scalars inside a CUDA kernel (nplib5): np.fmax, np.logaddexp,
# np.logical_and and np.round lower through libdevice, and ptxas accepts the PTX.
# RUN: %ujit ptx %s kernel --sig 'void(float32[:], float32[:], float32[:])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
from numba import cuda
import numpy as np


@cuda.jit
def kernel(x, y, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = np.fmax(x[i], y[i]) + np.logaddexp(x[i], y[i])
        if np.logical_and(x[i] > 0, y[i] > 0):
            v = np.round(v, 2)
        out[i] = np.add(v, np.float32(1))


# CHECK: .entry {{.*}}kernel
# CHECK-NOT: call.uni {{.*}}ujit_rt
# CHECK: ret;
