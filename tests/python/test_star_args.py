"""Calls with a starred argument, f(a, *t), as Numba compiles them: the items of the tuple t are
passed as positional arguments, to functions of the module, builtins, functions passed as
values and CUDA device functions; t is evaluated once. CPython running the same functions is
the oracle; a starred non-tuple is Numba's typing error, at the star."""
import cmath
import math

import numpy as np
import pytest

import ujit
from ujit import cuda

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


@ujit.njit
def weigh(a, b, c):
    return a + b * 10 + c * 100


@ujit.njit
def nothing():
    return 7


def spread_value(t):
    return weigh(*t)


def spread_after(a, t):
    return weigh(a, *t)


def spread_before(t, c):
    return weigh(*t, c)


def spread_literal():
    return weigh(*(1, 2.5, 3))


def spread_empty():
    return nothing(*())


def spread_builtins(t):
    return max(*t), min(*t), math.atan2(*(t[0], t[1]))


def polar_as_complex(x):  # numba-cuda's complex_usecases.polar_as_complex_usecase
    return complex(*cmath.polar(x))


@ujit.njit
def forward(*args):
    return weigh(*args)


@ujit.njit
def consumer(func, *args):  # numba-cuda's test_make_function_to_jit_function
    return func(*args)


def through_star_params(a, b):
    return forward(a, b, 3) + consumer(weigh, a, b, 1) + consumer(nothing)


@ujit.njit
def scaled(a, k, offset):
    return a * k + offset


def spread_mixed(a):
    t = (a, 2.0, 1)
    return scaled(*t)


@ujit.njit
def bump(a):
    a[0] += 1
    return a[0], a[0] * 2


def evaluated_once(a):
    return weigh(1, *bump(a))


CASES = [
    (spread_value, ((1, 2, 3),)),
    (spread_value, ((1.5, 2, np.int32(3)),)),
    (spread_after, (4, (5.5, 6))),
    (spread_before, ((7, 8), 9)),
    (spread_literal, ()),
    (spread_empty, ()),
    (spread_builtins, ((3.0, -1.5, 2.0),)),
    (polar_as_complex, (3 - 4j,)),
]


@pytest.mark.parametrize("func,args", CASES, ids=[f.__name__ + str(i) for i, (f, _) in enumerate(CASES)])
def test_matches_cpython(func, args):
    assert ujit.njit(func)(*args) == pytest.approx(func(*args))


def test_star_parameters_forward_their_tuple():
    # CPython runs the callees' Python functions: ujit's Python dispatcher does not pass a
    # function together with a tuple (the starred rest) from Python.
    want = forward.py_func(2, 5, 3) + consumer.py_func(weigh.py_func, 2, 5, 1) + consumer.py_func(nothing.py_func)
    assert ujit.njit(through_star_params)(2, 5) == want


def test_a_tuple_holding_an_array():
    a = np.arange(4.0)
    np.testing.assert_array_equal(ujit.njit(spread_mixed)(a), spread_mixed(a))


def test_the_starred_value_is_evaluated_once():
    a, b = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    assert ujit.njit(evaluated_once)(a) == evaluated_once(b)
    assert a[0] == b[0] == 1


def test_a_starred_non_tuple_is_numbas_error():
    def f(x):
        return weigh(*x)

    with pytest.raises(ujit.TypingError, match=r"\*args in function call should be a tuple, got int64"):
        ujit.njit(f)(3)


@cuda.jit(device=True)
def dev_weigh(a, b, c):
    return a + b * 10 + c * 100


@cuda.jit
def spread_kernel(out, t):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = dev_weigh(i, *t) + max(*t)


def test_kernels_spread_into_device_functions_and_builtins():
    out = np.zeros(8, dtype=np.int64)
    spread_kernel[2, 4](out, (2, 3))
    assert list(out) == [i + 20 + 300 + 3 for i in range(8)]


@cuda.jit
def polar_kernel(out, x):
    out[0] = complex(*cmath.polar(x[0]))


def test_kernel_polar_as_complex():
    out = np.zeros(1, dtype=np.complex128)
    polar_kernel[1, 1](out, np.array([3 - 4j]))
    assert out[0] == pytest.approx(complex(*cmath.polar(3 - 4j)))
