# Read-only arrays through the command line (issue 24, item 1). A signature may name Numba's
# read-only array type; a store into one is Numba's typing error at the store, for plain
# stores, augmented stores and atomics in kernels. Arrays `run` loads from .npy files are its
# own copies, writable: a store into one changes the copy, never the file.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.arange(4, dtype=np.int64))"
#
# RUN: %expect-status 1 %ujit types %s store --sig 'void(readonly array(int64, 1d, C), int64)' 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: %expect-status 1 %ujit types %s bump --sig 'void(readonly array(float64, 2d, A))' 2>&1 | FileCheck %s --check-prefix=AUG
# RUN: %expect-status 1 %ujit ptx %s count --arch sm_80 --sig 'void(readonly array(int32, 1d, C))' 2>&1 | FileCheck %s --check-prefix=ATOMIC
# RUN: %ujit types %s first --sig 'int64(readonly array(int64, 1d, C))' | FileCheck %s --check-prefix=READ
# RUN: %expect-status 1 %ujit types %s first --sig 'int64(readonly array(int64, 1d, Q))' 2>&1 | FileCheck %s --check-prefix=BADSIG
#
# RUN: %ujit run %s store_and_sum %t/a.npy | FileCheck %s --check-prefix=RESULT
# RUN: %python -c "import numpy as np; a = np.load('%t/a.npy'); assert (a == np.arange(4)).all(), a"
from numba import cuda, njit


@njit
def store(a, v):
    a[0] = v


# STORE: adversarial_readonly_array.py:[[@LINE-3]]:5: error: Cannot modify readonly array of type: readonly array(int64, 1d, C)


@njit
def bump(a):
    a[1, 1] += 1.0


# AUG: adversarial_readonly_array.py:[[@LINE-3]]:5: error: Cannot modify readonly array of type: readonly array(float64, 2d, A)


@cuda.jit
def count(a):
    cuda.atomic.add(a, 0, 1)


# ATOMIC: adversarial_readonly_array.py:[[@LINE-3]]:21: error: Cannot modify readonly array of type: readonly array(int32, 1d, C)


@njit
def first(a):
    return a[0]


# READ: first (readonly array(int64, 1d, C)) -> int64
# BADSIG: error: invalid signature 'int64(readonly array(int64, 1d, Q))': layout must be C, F or A


@njit
def store_and_sum(a):
    a[0] = 100
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return s


# RESULT: 106
