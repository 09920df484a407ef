# CUDA vector types (numba.cuda.vector_types) in a kernel: made from numbers and smaller
# vectors, read through .x/.y/.z/.w, passed to and returned from a device function. A vector
# is a tuple of its lanes in registers: the PTX keeps no local memory for it and ptxas accepts it.
# RUN: %ujit types %s spin --sig 'void(float32[::1], float32[::1])' | FileCheck --check-prefix=TYPES %s
# RUN: %ujit ptx %s spin --sig 'void(float32[::1], float32[::1])' --arch sm_90 > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
# Arrays of vectors (numba-cuda's VectorType as the dtype of cuda.local.array / shared.array):
# RUN: %ujit ptx %s swap --sig 'void(float64[:, ::1])' --arch sm_90 > %t.arrays.ptx
# RUN: FileCheck --check-prefix=ARRAYS %s < %t.arrays.ptx
# RUN: ptxas -arch=sm_90 %t.arrays.ptx -o %t.arrays.cubin
from numba import cuda
from numba.cuda import float2, float32x3
from numba.cuda.vector_types import float32x4 as F4, int16x2 as I2


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


@cuda.jit
def swap(out):
    t = cuda.threadIdx.x
    mine = cuda.local.array(3, F4)
    pairs = cuda.shared.array((32, 2), I2)
    for k in range(3):
        mine[k] = cuda.float32x4(t, k, t + k, t * k)
    pairs[t, 0] = cuda.short2(t, -t)
    pairs[t, 1] = cuda.short2(pairs[t, 0].y, 7)
    cuda.syncthreads()
    s = 0.0
    for k in range(3):
        s += mine[k].x + mine[k].y * 10 + mine[k].z * 100 + mine[k].w * 1000
    other = pairs[(t + 1) % 32, 1]
    out[t, 0] = s
    out[t, 1] = other.x


# TYPES: # spin (array(float32, 1d, C), array(float32, 1d, C)) -> none
# TYPES: #   u = float32x3
# TYPES: #   w = float32x3
# TYPES: #   q = int16x4

# CHECK: .entry {{.*}}spin{{.*}}(
# CHECK-NOT: .local
# CHECK: ret;

# 32 x 2 int16x2 = 256 bytes of shared memory, read back after the barrier.
# ARRAYS: .shared .align {{[0-9]+}} .b8 {{.*}}[256];
# ARRAYS: bar.sync 0;
# ARRAYS: ld.shared
