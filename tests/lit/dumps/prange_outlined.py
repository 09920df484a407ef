# A prange loop of a parallel=True function is outlined into a function over a chunk of its
# iterations, run by the pool (ujit_rt_parallel_for), its sum combined after the loop; the
# same loop without parallel=True stays a plain loop.
# RUN: %ujit llvm %s total --sig 'float64(float64[::1])' | FileCheck %s --check-prefix=PAR
# RUN: %ujit llvm %s serial_total --sig 'float64(float64[::1])' | FileCheck %s --check-prefix=SER
from numba import njit, prange


@njit(parallel=True)
def total(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s


@njit
def serial_total(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s


# PAR: define internal void @"{{.*}}total{{.*}}.prange"(ptr {{.*}}, i64 {{.*}}, i64 {{.*}}, i64 {{.*}})
# PAR: call i64 @ujit_rt_parallel_chunks
# PAR: call void @ujit_rt_parallel_for(ptr {{.*}}.prange
# SER-NOT: ujit_rt_parallel
