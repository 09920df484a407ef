"""enumerate, zip and reversed in for loops, over ranges and 1-D arrays (and each other),
and range with any step: CPython running the same function is the oracle."""
import numpy as np
import pytest

import ujit
from ujit import njit


def enumerate_range(n):
    s = 0
    for i, v in enumerate(range(3, n)):
        s += i * 100 + v
    return s


def enumerate_start(n):
    s = 0
    for i, v in enumerate(range(n), 5):
        s = s * 7 + i * v
    return s


def zip_ranges(n):
    s = 0
    for a, b in zip(range(n), range(10, 0, -3)):
        s = s * 3 + a * b
    return s


def reversed_range(a, b, c):
    s = 0
    for i in reversed(range(a, b, c)):
        s = s * 10 + i
    return s


def stepped_range(a, b, c):
    s = 0
    for i in range(a, b, c):
        s = s * 10 + i
    return s


def enumerate_zip_arrays(x, y):
    s = 0.0
    for i, (p, q) in enumerate(zip(x, y)):
        s += i * p - q
    return s


def enumerate_array_break(x):
    for i, v in enumerate(x):
        if v > 2.5:
            return i
    return -1


def zip_three_with_else(x, n):
    t = 0.0
    for a, b, c in zip(x, range(n), reversed(x)):
        t += a * b + c
    else:
        t += 1000.0
    return t




@pytest.mark.parametrize("n", [0, 3, 4, 9])
def test_enumerate_and_zip_of_ranges(n):
    for f in (enumerate_range, enumerate_start, zip_ranges):
        assert njit(f)(n) == f(n)


@pytest.mark.parametrize("args", [(0, 10, 1), (0, 10, 3), (10, 0, -1), (10, -5, -4), (5, 5, 1), (3, 9, -2),
                                  (-7, 7, 5), (9, 3, 2)])
def test_reversed_and_stepped_ranges(args):
    assert njit(reversed_range)(*args) == reversed_range(*args)
    assert njit(stepped_range)(*args) == stepped_range(*args)


def test_arrays_and_nesting():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    y = np.array([0.5, -1.0, 2.0])
    assert njit(enumerate_zip_arrays)(x, y) == enumerate_zip_arrays(x, y)
    assert njit(enumerate_array_break)(x) == enumerate_array_break(x)
    assert njit(enumerate_array_break)(y) == enumerate_array_break(y)
    for n in (0, 2, 7):
        assert njit(zip_three_with_else)(x, n) == zip_three_with_else(x, n)


def test_rows_of_2d_arrays():
    # An N-D array yields its rows inside enumerate, zip and reversed too, as in a plain loop.
    def row_sums(m, out):
        for i, row in enumerate(m):
            out[i] = row.sum()
        t = 0.0
        for r, w in zip(reversed(m), range(1, 10)):
            t = t * 3 + r[0] * w
        return t

    m = np.arange(12.0).reshape(3, 4)[:, ::2]
    got, want = np.zeros(3), np.zeros(3)
    assert njit(row_sums)(m, got) == row_sums(m, want)
    assert (got == want).all()


def test_reversed_array():
    @njit
    def rev(x):
        s = 0.0
        for v in reversed(x):
            s = s * 2 + v
        return s

    x = np.array([1.0, 2.0, 5.0])
    assert rev(x) == rev.py_func(x)


def test_zero_step_raises_value_error():
    @njit
    def f(n):
        s = 0
        for i, v in enumerate(range(0, n, 0)):
            s += v
        return s

    with pytest.raises(ValueError):
        f(3)


def test_iterating_a_number_is_a_located_error():
    @njit
    def f(n):
        s = 0
        for i, v in enumerate(n):
            s += v
        return s

    with pytest.raises(ujit.CompileError, match="cannot iterate over") as info:
        f(3)
    assert info.value.line == f.py_func.__code__.co_firstlineno + 3
