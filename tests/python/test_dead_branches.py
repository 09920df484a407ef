"""Numba's dead branch pruning: an `if` whose test is known from constants and types is
typed and compiled as its live branch alone, so the other may hold code that does not type
for these arguments (an @overload implementation's `if b is not None: a + b`, a module
flag's debug branch); after a live branch that returns, the rest is dead too. CPython
running the same function is the oracle."""
import pytest

import ujit
from ujit import cuda
from ujit.extending import overload, register_jitable

DEBUG = False
LEVEL = 2


def flag_guards_code_that_does_not_type(a):
    if DEBUG:
        return a[0]  # an int has no items: typed only where DEBUG is true
    return a


def comparison_of_constants(a):
    if LEVEL == 2:
        return a + 1
    return a.shape


def not_of_a_constant(a):
    if not DEBUG:
        return a * 2
    return a[0]


@register_jitable
def none_default(a, b=None):
    if b is not None:
        return a + b
    return a


@register_jitable
def none_default_else(a, b=None):
    if b is None:
        x = a
    else:
        x = a + b
    return x


def calls_none_default(a):
    return none_default(a) + none_default(a, 3) + none_default_else(a) * 10 + none_default_else(a, 1) * 100


@pytest.mark.parametrize("func", [flag_guards_code_that_does_not_type, comparison_of_constants, not_of_a_constant])
def test_constant_tests(func):
    assert ujit.njit(func)(5) == func(5)


def test_is_none_of_a_none_argument_prunes():
    assert ujit.njit(calls_none_default)(4) == calls_none_default(4)


def test_run_time_tests_still_branch():
    def f(a):
        if a > 3:
            return a + 1
        return a - 1

    assert [ujit.njit(f)(v) for v in (2, 5)] == [f(2), f(5)]


def maybe_add():
    pass


@overload(maybe_add)
def ol_maybe_add(a, b=None):
    def impl(a, b=None):
        if b is None:
            return a
        return a + b

    return impl


def test_an_overload_with_a_none_default_in_a_kernel():
    import numpy as np

    @cuda.jit
    def kernel(out, a):
        out[0] = maybe_add(a)
        out[1] = maybe_add(a, 10)

    out = np.zeros(2, dtype=np.int64)
    with pytest.warns(ujit.errors.NumbaPerformanceWarning):
        kernel[1, 1](out, 5)
    assert list(out) == [5, 15]
