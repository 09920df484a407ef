# Numba's rule: a float literal is float64, so float32 * 2.0 computes in double; an int
# literal is int64, and float32 * int64 is float64 too. A float32 constant keeps float32.
# RUN: %ujit llvm %s twice --sig 'float64(float32)' | FileCheck %s --check-prefix=LIT
# RUN: %ujit types %s twice --sig 'float64(float32)' | FileCheck %s --check-prefix=TYPES
import numpy as np
from numba import njit

HALF = np.float32(0.5)


@njit
def twice(x):
    y = x * HALF
    return y * 2.0


# LIT: fmul float
# LIT: fpext float {{.*}} to double
# LIT: fmul double
# TYPES: #   x = float32
# TYPES: #   y = float32
