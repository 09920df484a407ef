# The course's batch_matrix_mult with target='cuda' compiles to a grid-stride gufunc kernel
# (one thread per loop iteration) that ptxas accepts; `ujit llvm` shows the CPU loop
# around the inlined core function.
# RUN: %ujit ptx %s batch_matrix_mult --arch sm_90 > %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
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
# CPU: define void @{{.*}}batch_matrix_mult{{.*}}$gufunc"(ptr noalias nocapture readonly %ptrs, i64 %n, ptr noalias nocapture readonly %steps, ptr noalias nocapture readonly %core)
# TYPES: -> none
# TYPES: tmp = 0.0
# TYPES-NEXT: #   tmp = float64
