# The course's add_kernel compiles to PTX with a kernel entry that ptxas accepts.
# RUN: %ujit ptx %s add_kernel --sig 'void(float32[:], float32[:], float32[:])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
from numba import cuda


@cuda.jit
def add_kernel(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


# CHECK: .target sm_90
# CHECK: .entry {{.*}}add_kernel
# CHECK: add.f32
# CHECK: ret;
