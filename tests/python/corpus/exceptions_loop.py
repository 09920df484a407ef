"""Exceptions raised deep in helpers and caught in a loop that keeps lists and strings alive,
assert with a message, and an exception escaping to Python after partial work."""
import numpy as np
import pytest
from numba import njit
from _same import check_same


@njit
def parse_digit(ch):
    if not ch.isdigit():
        raise ValueError("not a digit")
    return ord(ch) - 48


@njit
def digits_or_skip(s):
    out = []
    skipped = ""
    for ch in s:
        try:
            out.append(parse_digit(ch))
        except Exception:
            skipped += ch
    return out, skipped


@njit
def checked_mean(a):
    assert a.shape[0] > 0, "empty array"
    return a.mean()


@njit
def fill_until_negative(a, out):
    for i in range(a.shape[0]):
        if a[i] < 0:
            raise ValueError("negative input")
        out[i] = a[i] * 2


def check():
    check_same(digits_or_skip, "a1b2c33d")
    check_same(checked_mean, np.arange(3.0))
    with pytest.raises(AssertionError, match="empty array"):
        checked_mean(np.zeros(0))
    out = np.zeros(4)
    with pytest.raises(ValueError, match="negative input"):
        fill_until_negative(np.array([1.0, 2.0, -1.0, 3.0]), out)
    np.testing.assert_array_equal(out, [2.0, 4.0, 0.0, 0.0])
