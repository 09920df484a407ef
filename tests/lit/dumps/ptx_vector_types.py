# CUDA vector types (numba.cuda.vector_types) in a kernel: made from numbers and smaller
# vectors, read through .x/.y/.z/.w, passed to and returned from a device function. A vector
# is a tuple of its lanes in registers: the PTX keeps no local memory for it and ptxas accepts it.
# RUN: %ujit types %s spin --sig 'void(float32[::1], float32[::1])' | FileCheck --check-prefix=TYPES %s
# RUN: %ujit ptx %s spin --sig 'void(float32[::1], float32[::1])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
from numba import cuda
from numba.cuda import float2, float32x3


@cuda.jit(device=True)
def cross(a, b):
    return float32x3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)


@cuda.jit
def spin(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        u = float32x3(a[i], float2(1, 2))
        w = cross(u, float32x3(float2(a[i], 0), 1))
        q = cuda.int16x4(w.x, w.y, cuda.short2(3, i))
        out[i] = w.x + w.y + w.z + q.w


# TYPES: # spin (array(float32, 1d, C), array(float32, 1d, C)) -> none
# TYPES: #   u = float32x3
# TYPES: #   w = float32x3
# TYPES: #   q = int16x4

# CHECK: .entry {{.*}}spin{{.*}}(
# CHECK-NOT: .local
# CHECK: ret;
