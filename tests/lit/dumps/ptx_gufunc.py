# The course's batch_matrix_mult with target='cuda' compiles to a grid-stride gufunc kernel
# (one thread per loop iteration) that ptxas accepts; `ujit llvm` shows the CPU loop
# around the inlined core function. With --core, the kernel that runs for 2x2 cores of
# contiguous, aligned, non-overlapping device arrays: constant steps, one float4 load per
# input (through the read-only cache) and one float4 store per matrix, as a hand-written
# kernel does (tools/bench/gpu_hand.cu, matmul2x2).
# RUN: %ujit ptx %s batch_matrix_mult --arch sm_90 > %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
# RUN: %ujit ptx %s batch_matrix_mult --arch sm_90 --core m=2,n=2,p=2 > %t.core.ptx
# RUN: FileCheck %s --check-prefix=CORE < %t.core.ptx
# RUN: ptxas -arch=sm_90 %t.core.ptx -o %t.core.cubin
# RUN: %ujit llvm %s batch_matrix_mult --target cpu --core m=2,n=2,p=2 | FileCheck %s --check-prefix=CPU-CORE
# RUN: %expect-status 1 %ujit ptx %s batch_matrix_mult --core m=2,q=2 2>&1 | FileCheck %s --check-prefix=BAD-CORE
# RUN: %ujit llvm %s batch_matrix_mult --target cpu | FileCheck %s --check-prefix=CPU
# RUN: %ujit types %s batch_matrix_mult | FileCheck %s --check-prefix=TYPES
from numba import guvectorize


@guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])'], '(m, n), (n, p) -> (m, p)', target='cuda')
def batch_matrix_mult(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            tmp = 0.0
            for k in range(a.shape[1]):
                tmp += a[i, k] * b[k, j]
            c[i, j] = tmp


# PTX: .target sm_90
# PTX: .entry {{.*}}batch_matrix_mult{{.*}}$gufunc(
# PTX: %ctaid.x
# PTX-DAG: mul.f32
# PTX-DAG: add.f64
# PTX-DAG: cvt.rn.f32.f64
# PTX-DAG: st.global.f32
# PTX: ret;
# CORE: .entry {{.*}}batch_matrix_mult{{.*}}$gufunc(
# CORE-NOT: ld.global.f32
# CORE: ld.global.nc.v4.f32
# CORE-NEXT: ld.global.nc.v4.f32
# CORE-NOT: ld.global
# CORE: st.global.v4.f32
# CORE-NOT: st.global
# CORE: ret;
# CPU-CORE: define void @{{.*}}batch_matrix_mult{{.*}}$gufunc"(
# CPU-CORE-NOT: {{(load|getelementptr).*%core}}
# CPU-CORE: ret void
# BAD-CORE: error: gufunc 'batch_matrix_mult' with layout (m,n),(n,p)->(m,p) has no core dimension 'q' of size 2
# CPU: define void @{{.*}}batch_matrix_mult{{.*}}$gufunc"(ptr noalias nocapture readonly %ptrs, i64 %n, ptr noalias nocapture readonly %steps, ptr noalias nocapture readonly %core)
# TYPES: -> none
# TYPES: tmp = 0.0
# TYPES-NEXT: #   tmp = float64
