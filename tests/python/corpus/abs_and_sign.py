"""abs of ints, floats and complex, np.sign, math.copysign and negative zero."""
import math

import numpy as np
from numba import njit
from _same import check_same


@njit
def signs(x, z):
    return abs(x), abs(-x), abs(z), np.sign(x), np.sign(-x), math.copysign(1.0, -0.0), np.abs(x)


def check():
    check_same(signs, -3, 3 + 4j)
    check_same(signs, 2.5, -1j)
    check_same(signs, 0, 0j)
