# x ** 2 is a multiplication, not a call to pow.
# RUN: %ujit llvm %s square --sig 'float64(float64)' | FileCheck %s --implicit-check-not=pow
# RUN: %ujit llvm %s square --sig 'float32(float32)' -O 0 | FileCheck %s --check-prefix=F32 --implicit-check-not=pow
from numba import njit


@njit
def square(x):
    return x ** 2


# CHECK: define {{.*}}double @{{.*}}square
# CHECK: fmul double [[X:%[^,]+]], [[X]]
# F32: fmul
