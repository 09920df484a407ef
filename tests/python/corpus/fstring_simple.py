"""f-strings as Numba compiles them: only string and integer values without a format spec.
A format spec ({x:.2f}) is refused as Numba refuses it."""
import pytest
from numba import njit
from _same import check_same


@njit
def label(name, n):
    return f"{name}: {n} items"


@njit
def rows(n):
    out = []
    for i in range(n):
        out.append(f"row{i}={i * i}")
    return out


@njit
def with_spec(x):
    return f"{x:.2f}"


def check():
    check_same(label, "apples", 12)
    check_same(label, "debt", -3)
    check_same(rows, 4)
    with pytest.raises(Exception):
        with_spec(1.5)
