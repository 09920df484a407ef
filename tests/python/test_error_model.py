"""@njit(error_model='numpy'): a zero divisor gives NumPy's inf, nan or 0 instead of raising
ZeroDivisionError, as Numba's error models (each value checked on Numba 0.68: the H200
machine). The default ('python') still raises; another value is refused."""
import math

import pytest

import ujit
from ujit import njit


@njit(error_model="numpy")
def ratio(a, b):
    return a / b


@njit(error_model="numpy")
def int_parts(a, b):
    q, r = divmod(a, b)
    return a // b, a % b, q, r


@njit(error_model="numpy")
def float_parts(a, b):
    return a // b, a % b


@njit
def python_ratio(a, b):
    return a / b


def test_float_division_by_zero_is_inf_or_nan():
    assert ratio(1.0, 0.0) == math.inf and ratio(-1.0, 0.0) == -math.inf
    assert math.isnan(ratio(0.0, 0.0))
    assert ratio(1, 0) == math.inf  # int / int is float division
    assert ratio(6.0, 3.0) == 2.0


def test_integer_floor_division_and_modulo_by_zero_are_zero():
    for a in (7, -7, 0):
        assert int_parts(a, 0) == (0, 0, 0, 0)
    assert int_parts(-7, 2) == (-4, 1, -4, 1)


def test_float_floor_division_and_modulo_by_zero():
    q, r = float_parts(-3.0, 0.0)
    assert q == -math.inf and math.isnan(r)
    q, r = float_parts(0.0, 0.0)
    assert math.isnan(q) and math.isnan(r)
    assert float_parts(-7.0, 2.0) == (-4.0, 1.0)


def test_the_python_model_raises_and_other_values_are_refused():
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        python_ratio(1.0, 0.0)
    with pytest.raises(ujit.CompileError, match="'error_model=' expects 'python' or 'numpy'"):
        njit(error_model="bogus")(lambda a: a)(1)
