"""Exceptions whose message is built at run time (Numba 0.58+ passes non-constant arguments
through): the offending index and value in a ValueError, checked from Python."""
import numpy as np
import pytest
from numba import njit



@njit
def first_negative(a):
    for i in range(a.shape[0]):
        if a[i] < 0:
            raise ValueError("negative value at index " + str(i))
    return -1


def check():
    assert first_negative(np.arange(3.0)) == -1
    with pytest.raises(ValueError, match="negative value at index 2"):
        first_negative(np.array([1.0, 2.0, -3.0]))
