# x ** 0.5 is a square root, not a call to pow.
# RUN: %ujit llvm %s root --sig 'float64(float64)' | FileCheck %s --implicit-check-not=pow
from numba import njit


@njit
def root(x):
    return x ** 0.5


# CHECK: define {{.*}}double @{{.*}}root
# CHECK: sqrt
