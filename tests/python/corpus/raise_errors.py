"""Raising ValueError with a message for bad input, caught by the caller in Python."""
import numpy as np
import pytest
from numba import njit


@njit
def safe_mean(a):
    if a.size == 0:
        raise ValueError("empty input")
    return a.mean()


@njit
def checked_div(a, b):
    if b == 0:
        raise ZeroDivisionError("b is zero")
    return a / b


@njit
def int_div(a, b):
    return a // b


def check():
    assert safe_mean(np.arange(4.0)) == safe_mean.py_func(np.arange(4.0))
    with pytest.raises(ValueError, match="empty input"):
        safe_mean(np.zeros(0))
    with pytest.raises(ZeroDivisionError, match="b is zero"):
        checked_div(1.0, 0)
    with pytest.raises(ZeroDivisionError):
        int_div(1, 0)
