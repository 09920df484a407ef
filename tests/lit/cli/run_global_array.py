# Module-level NumPy arrays are frozen into the compiled code as Numba freezes global arrays:
# `ujit run` reads them from the file's `NAME = np.array(...)` lines (nested lists or tuples
# of constants, an optional dtype) and np.arange/zeros/ones/full/linspace(...).reshape(...)
# lines (their len, shape, size and items folded as constants), typed
# `readonly array(dtype, Nd, C)`; a store into one is Numba's error, located;
# an array made by any other call stays host code (errors/host_global_used.py).
# RUN: %ujit run %s lookup 2 | FileCheck %s --check-prefix=LOOKUP
# RUN: %ujit run %s grid_total | FileCheck %s --check-prefix=GRID
# RUN: %ujit run %s scaled 2.0 | FileCheck %s --check-prefix=SCALED
# RUN: %ujit run %s constructors | FileCheck %s --check-prefix=CTORS
# RUN: %ujit run %s folded | FileCheck %s --check-prefix=FOLDED
# RUN: %ujit types %s lookup --sig 'float64(int64)' | FileCheck %s --check-prefix=TYPES
# RUN: %expect-status 1 %ujit run %s store 1.0 2>&1 | FileCheck %s --check-prefix=STORE
import numpy as np
from numba import njit

K = 2
TABLE = np.array([0.5, 1.5, K * 2.0, -1.0])
GRID = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int16)
WEIGHTS = np.array((1, 2.5))
RAMP = np.arange(1, 2, 0.25)
IDS = np.arange(6).reshape(2, 3)
HALF = np.full((2, 2), 0.5, dtype=np.float32)
ZEROS = np.zeros(3, dtype=np.int8)
LIN = np.linspace(0.0, 1.0, 5)
ROWS = len(IDS)  # len, shape, size and items of a frozen array are constants too
COLS = IDS.shape[1]
LAST = IDS[-1, 2] * 10


@njit
def lookup(i):
    t = TABLE
    return t[i] + TABLE[-1]


@njit
def grid_total():
    return GRID.sum(), GRID[1, 2], GRID.shape


@njit
def scaled(x):
    return TABLE * x + WEIGHTS[1]


@njit
def constructors():
    return RAMP.sum(), IDS[1, 2], HALF.sum(), ZEROS.sum(), LIN[3]


@njit
def folded():
    return ROWS, COLS, LAST, IDS.size


@njit
def store(x):
    TABLE[0] = x
    return TABLE[0]


# LOOKUP: 3.0
# GRID: (21, 6, (2, 3))
# SCALED: [ 3.5  5.5 10.5  0.5]
# TYPES: t = readonly array(float64, 1d, C)
# CTORS: (5.5, 5, 2.0, 0, 0.75)
# FOLDED: (2, 3, 50, 6)
# STORE: run_global_array.py:59:5: error: Cannot modify readonly array of type: readonly array(float64, 1d, C)
