"""Module-level constants: scalars, tuples, and a float computed from others."""
import math

import numpy as np
from numba import njit
from _same import check_same

N_BINS = 8
SCALE = 2.5
OFFSETS = (1, 4, 9)
NAMES_LEN = len("abcdef")
TWO_PI = 2 * math.pi
USE_FAST = True
FLOAT32_ONE = np.float32(1.0)


@njit
def use_globals(x):
    total = 0.0
    for off in OFFSETS:
        total += (x + off) * SCALE
    if USE_FAST:
        total += N_BINS
    return total + NAMES_LEN, math.sin(TWO_PI * x), OFFSETS[1], FLOAT32_ONE + FLOAT32_ONE


def check():
    check_same(use_globals, 0.25)
    check_same(use_globals, 3)
