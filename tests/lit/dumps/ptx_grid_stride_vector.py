# A kernel's grid-stride loop over 1-D arrays whose body only reads x[i], y[i] and writes
# out[i] gets a 16-byte vector version (codegen/grid_stride_vector.hpp), chosen per launch:
# the `and ... 15` of every array's address, unit strides, no partial overlap; the scalar
# loop runs the tail after the whole vectors, or everything where the check fails.
# float32: ld.global.v4.f32 / st.global.v4.f32; float64 and int64: v2; int32: v4.u32.
# What the rules refuse keeps the scalar loop only: a neighbour's element (x[i + 1]), a
# division, a loop that does not start at cuda.grid(1), a value read from blockIdx.
# RUN: %ujit ptx %s add_kernel --sig 'void(float32[::1], float32[::1], float32[::1])' --arch sm_90 > %t.f32.ptx
# RUN: FileCheck %s --check-prefix=F32 < %t.f32.ptx
# RUN: ptxas -arch=sm_90 %t.f32.ptx -o %t.f32.cubin
# RUN: %ujit ptx %s add_kernel --sig 'void(float32[:], float32[:], float32[:])' --arch sm_90 > %t.any.ptx
# RUN: FileCheck %s --check-prefix=F32 < %t.any.ptx
# RUN: %ujit ptx %s axpy --sig 'void(float64, float64[::1], float64[::1], float64[::1])' --arch sm_90 > %t.f64.ptx
# RUN: FileCheck %s --check-prefix=F64 < %t.f64.ptx
# RUN: ptxas -arch=sm_90 %t.f64.ptx -o %t.f64.cubin
# RUN: %ujit ptx %s mix --sig 'void(int32[::1], int32[::1], int32[::1])' --arch sm_90 > %t.i32.ptx
# RUN: FileCheck %s --check-prefix=I32 < %t.i32.ptx
# RUN: ptxas -arch=sm_90 %t.i32.ptx -o %t.i32.cubin
# RUN: %ujit ptx %s neighbour --sig 'void(float32[::1], float32[::1])' --arch sm_90 | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit ptx %s ratio --sig 'void(float32[::1], float32[::1], float32[::1])' --arch sm_90 | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit ptx %s own_start --sig 'void(float32[::1], float32[::1])' --arch sm_90 | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit ptx %s by_block --sig 'void(float32[::1], float32[::1])' --arch sm_90 | FileCheck %s --check-prefix=SCALAR
# RUN: %ujit ptx %s mixed_sizes --sig 'void(float32[::1], float64[::1])' --arch sm_90 | FileCheck %s --check-prefix=SCALAR
from numba import cuda


@cuda.jit
def add_kernel(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


@cuda.jit
def axpy(a, x, y, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]


@cuda.jit
def mix(x, y, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = (x[i] * 3 - y[i]) ^ i
        y[i] = -x[i]


@cuda.jit
def neighbour(x, out):
    for i in range(cuda.grid(1), out.shape[0] - 1, cuda.gridsize(1)):
        out[i] = x[i + 1]


@cuda.jit
def ratio(x, y, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = x[i] / y[i]


@cuda.jit
def own_start(x, out):
    for i in range(cuda.threadIdx.x, out.shape[0], cuda.gridsize(1)):
        out[i] = x[i]


@cuda.jit
def by_block(x, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = x[i] + cuda.blockIdx.x


@cuda.jit
def mixed_sizes(x, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = x[i]


# F32: .entry {{.*}}add_kernel
# F32: and.b64 {{.*}}, 15;
# F32: ld.global.v4.f32
# F32: ld.global.v4.f32
# F32: st.global.v4.f32
# F32: ld.global.f32
# F32: st.global.f32
# F32: ret;

# F64: .entry {{.*}}axpy
# F64: ld.global.v2.f64
# F64: ld.global.v2.f64
# F64: st.global.v2.f64
# F64: st.global.f64
# F64: ret;

# I32: .entry {{.*}}mix
# I32: ld.global.v4.u32
# I32: st.global.v4.u32
# I32: st.global.v4.u32
# I32: ret;

# SCALAR-NOT: .v4.
# SCALAR-NOT: .v2.
# SCALAR: ret;
