# A module-level NumPy array a kernel reads is frozen into the PTX in constant memory, as
# Numba places it (an initialized .const, read with ld.const), named by its content so that
# the PTX of a program is the same from run to run, and ptxas accepts it.
# RUN: %ujit ptx %s gather --arch sm_90 --sig 'void(int64[:], float32[:])' > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
import numpy as np
from numba import cuda

TABLE = np.array([1.5, 2.5, 3.5, 4.5], dtype=np.float32)


@cuda.jit
def gather(idx, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = TABLE[idx[i]]


# CHECK: .const .align 64 .b8 ujit_$_frozen_$_{{[0-9a-f]+}}[16] = {0, 0, 192, 63, 0, 0, 32, 64, 0, 0, 96, 64, 0, 0, 144, 64};
# CHECK: .entry
# CHECK: ld.const{{.*}}.f32
