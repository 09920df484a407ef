# float32 arithmetic stays float32: no promotion to double anywhere in the module.
# RUN: %ujit llvm %s scale_add --sig 'float32(float32, float32)' | FileCheck %s --implicit-check-not=double
# RUN: %ujit llvm %s scale_add --sig 'float64(float64, float64)' | FileCheck %s --check-prefix=F64
from numba import njit


@njit
def scale_add(x, y):
    z = x * y
    return z + x - y


# CHECK-LABEL: define {{.*}}float @{{.*}}scale_add{{.*}}(float {{.*}}, float {{.*}})
# CHECK: fmul float
# CHECK: fadd float
# CHECK: fsub float
# F64: fmul double
