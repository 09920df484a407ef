# a.sum() of a contiguous float64 array: blocked, compensated summation whose block loop is
# vector code (packed adds), with no temporary; np.sum(a * b) is the same one loop.
# RUN: %ujit asm %s total --sig 'float64(float64[::1])' | FileCheck %s
# CHECK: addpd
# The 8 partial sums are one vector: each group of 8 elements is one load and one 8-wide add
# (LLVM's SLP vectorizer made 2-wide adds of scalar loads out of 8 scalar partial sums).
# RUN: %ujit llvm %s total --sig 'float64(float64[::1])' | FileCheck %s --check-prefix=LANES
# LANES-LABEL: define double @"total
# LANES: [[V:%[0-9a-z.]+]] = load <8 x double>
# LANES: fadd <8 x double> {{.*}}[[V]]
# RUN: %ujit llvm %s dot --sig 'float64(float64[::1], float64[::1])' | FileCheck %s --check-prefix=DOT
# DOT-LABEL: define double @"dot
# DOT-NOT: call {{.*}}alloc
# DOT: fmul <{{[0-9]+}} x double>
# DOT-LABEL: $packed"
import numpy as np
from numba import njit


@njit
def total(a):
    return a.sum()


@njit
def dot(a, b):
    return np.sum(a * b)


# a.max() vectorizes too: NaN-propagating llvm.maximum over groups of 8 vectors, as NumPy's loop,
# and asks for the lines 8 KiB ahead into L2 (prefetcht1) on the way.
# RUN: %ujit llvm %s biggest --sig 'float64(float64[::1])' | FileCheck %s --check-prefix=MAX
# MAX-LABEL: define double @"biggest
# MAX: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 2, i32 1)
# MAX: @llvm.maximum.v{{[0-9]+}}f64
# RUN: %ujit asm %s biggest --sig 'float64(float64[::1])' | FileCheck %s --check-prefix=MAXASM
# MAXASM: prefetcht1
@njit
def biggest(a):
    return a.max()
