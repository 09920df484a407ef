# Count updates that change nothing are removed after inlining (Numba's refcount pruning).
# `b = a` takes a reference and releasing b at the return gives it back; nothing between can
# free memory, so the pair goes: what is left is the allocation and the one decrement that
# frees the array (an inline null check and atomic, calling the runtime only for the last).
# RUN: %ujit llvm %s alias --sig 'float64(int64)' | FileCheck %s
# CHECK-LABEL: define double @"alias
# CHECK: call ptr @ujit_nrt_allocate
# CHECK-NOT: atomicrmw add
# CHECK: atomicrmw sub ptr %{{.*}}, i64 1 acq_rel
# CHECK-NOT: atomicrmw
# CHECK: call void @ujit_nrt_release_last
# CHECK-NOT: atomicrmw
# CHECK-LABEL: $packed"
#
# A new array made and dropped in every iteration: allocated and released in the loop, with no
# increment at all (the variable takes the temporary's reference).
# RUN: %ujit llvm %s temporary_per_iteration --sig 'float64(int64)' | FileCheck %s --check-prefix=LOOP
# LOOP-LABEL: define double @"temporary_per_iteration
# LOOP-NOT: atomicrmw add
# LOOP-NOT: ujit.refcount
# LOOP-LABEL: $packed"
#
# Arguments are borrowed (their owner is null at the entry point): no count updates at all.
# RUN: %ujit llvm %s borrowed --sig 'float64(float64[::1])' | FileCheck %s --check-prefix=ARG
# ARG-LABEL: define double @"borrowed
# ARG-NOT: atomicrmw
# ARG-LABEL: $packed"
#
# Their updates are dropped inside the optimizer, as soon as inlining shows the owner is null,
# so a loop binding row views of an argument still vectorizes.
# RUN: %ujit llvm %s rows --sig 'void(float64[:, ::1], float64[::1])' | FileCheck %s --check-prefix=ROWS
# ROWS-LABEL: define void @"rows
# ROWS-NOT: atomicrmw
# ROWS: fmul <{{[0-9]+}} x double>
# ROWS-NOT: atomicrmw
# ROWS-LABEL: $packed"
import numpy as np
from numba import njit


@njit
def alias(n):
    a = np.zeros(n)
    b = a
    return b.sum()


@njit
def temporary_per_iteration(n):
    s = 0.0
    for i in range(n):
        t = np.empty(10)
        t[:] = i
        s += t.sum()
    return s


@njit
def borrowed(a):
    b = a
    c = b[1:]
    return c.sum()


@njit
def rows(m, out):
    for i in range(m.shape[0]):
        r = m[i]
        out[i] = r[0] * 2.0 + r[1]
