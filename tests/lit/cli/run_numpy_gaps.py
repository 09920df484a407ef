# Ordinary NumPy calls that Numba compiles, through the CLI (tests/python/test_numpy_gaps.py
# checks them against NumPy): a.clip, np.nanargmax, np.take, np.broadcast_to, np.swapaxes,
# np.fill_diagonal, np.geomspace.
# RUN: %ujit run %s clipped | FileCheck %s --check-prefix=CLIP
# RUN: %ujit run %s nan_positions | FileCheck %s --check-prefix=NANARG
# RUN: %ujit run %s taken | FileCheck %s --check-prefix=TAKE
# RUN: %ujit run %s repeated_rows | FileCheck %s --check-prefix=BCAST
# RUN: %ujit run %s swapped | FileCheck %s --check-prefix=SWAP
# RUN: %ujit run %s diagonal 3 | FileCheck %s --check-prefix=DIAG
# RUN: %ujit run %s geometric | FileCheck %s --check-prefix=GEOM
# RUN: not %ujit run %s all_nan 2>&1 | FileCheck %s --check-prefix=ALLNAN
import numpy as np
from numba import njit


@njit
def clipped():
    return np.arange(5.0).clip(1, 3)
# CLIP: [1. 1. 2. 3. 3.]


@njit
def nan_positions():
    a = np.array([1.0, np.nan, 5.0, -2.0])
    return np.nanargmax(a), np.nanargmin(a)
# NANARG: (2, 3)


@njit
def taken():
    return np.take(np.arange(10.0).reshape(2, 5), np.array([0, 7, -1]))
# TAKE: [0. 7. 9.]


@njit
def repeated_rows():
    return np.broadcast_to(np.arange(3), (2, 3))
# BCAST: {{\[\[0 1 2\]}}
# BCAST-NEXT: {{ \[0 1 2\]\]}}


@njit
def swapped():
    return np.swapaxes(np.arange(6).reshape(2, 3), 0, 1).shape
# SWAP: (3, 2)


@njit
def diagonal(n):
    a = np.zeros((n, n), np.int64)
    np.fill_diagonal(a, 7)
    return a.sum()
# DIAG: 21


@njit
def geometric():
    return np.geomspace(1, 1000, 4)
# GEOM: [   1.   10.  100. 1000.]


@njit
def all_nan():
    return np.nanargmax(np.array([np.nan, np.nan]))
# ALLNAN: ValueError: All-NaN slice encountered
