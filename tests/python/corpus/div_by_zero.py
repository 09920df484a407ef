"""Division by zero as Numba defines it: a scalar int or float // % / by zero raises
ZeroDivisionError; inside array expressions NumPy's rules hold (inf, nan, and 0 for ints)."""
import numpy as np
import pytest
from numba import njit


@njit
def scalar_div(a, b):
    return a / b


@njit
def scalar_mod(a, b):
    return a % b


@njit
def array_div(a, b):
    return a / b, a // b, a % b


def check():
    for a, b in ((1, 0), (1.0, 0.0), (0, 0)):
        with pytest.raises(ZeroDivisionError):
            scalar_div(a, b)
        with pytest.raises(ZeroDivisionError):
            scalar_mod(a, b)
    a = np.array([1.0, -1.0, 0.0, 5.0])
    b = np.array([0.0, 0.0, 0.0, 2.0])
    with np.errstate(all="ignore"):
        want = array_div.py_func(a, b)
        wi = array_div.py_func(a.astype(np.int64), b.astype(np.int64))
    got = array_div(a, b)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    gi = array_div(a.astype(np.int64), b.astype(np.int64))
    for g, w in zip(gi, wi):
        np.testing.assert_array_equal(g, w)
