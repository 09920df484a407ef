# An array expression stored into an array is one loop, with no temporary arrays (Numba's
# array-expression rewrite): the contiguous version of the loop is vectorized, sqrt included.
# (Only when an operand may overlap `out` other than element for element, as in
# a[1:] = a[:-1], is the result computed into a new array first, as NumPy does.)
# RUN: %ujit llvm %s hypot_into --sig 'void(float64[::1], float64[::1], float64[::1])' | FileCheck %s
# CHECK-LABEL: define void @"hypot_into
# CHECK-NOT: alloca double
# CHECK: fmul <{{[0-9]+}} x double>
# CHECK: call <{{[0-9]+}} x double> @llvm.sqrt.v{{[0-9]+}}f64
# CHECK-NOT: alloca double
# CHECK-LABEL: define void @"hypot_into{{.*}}$packed"
#
# In-place operators too: a += b * 2 is one vectorized loop.
# RUN: %ujit llvm %s inplace --sig 'void(float32[::1], float32[::1])' | FileCheck %s --check-prefix=INPLACE
# INPLACE-LABEL: define void @"inplace
# INPLACE: fadd <{{[0-9]+}} x float>
# INPLACE-LABEL: $packed"
import numpy as np
from numba import njit


@njit
def hypot_into(out, a, b):
    out[:] = np.sqrt(a * a + b * b)


@njit
def inplace(a, b):
    a += b * 2
