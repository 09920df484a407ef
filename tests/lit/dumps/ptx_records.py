# A kernel on a record array and one record (passed by reference: a pointer parameter)
# compiles to PTX that ptxas accepts: the fields are loads and stores at their offsets.
# RUN: %ujit ptx %s scale --sig 'void(Record(n[type=int16;offset=0],w[type=float64;offset=8];16;True)[:], Record(n[type=int16;offset=0],w[type=float64;offset=8];16;True))' --arch sm_90 > %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
from numba import cuda


@cuda.jit
def scale(a, r):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i].w = a[i].w * r.w
        a[i].n += 1


# CHECK: .entry {{.*}}scale{{.*}}(
# CHECK-DAG: ld.global.f64 {{.*}}+8]
# CHECK-DAG: mul.f64
# CHECK-DAG: st{{.*}}.f64 {{.*}}+8]
# CHECK-DAG: st{{.*}}.u16
# CHECK: ret;
