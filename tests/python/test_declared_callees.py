"""Compiled code calling a function with declared signatures runs one of them, as Numba's
overload resolution picks it (fewest unsafe, then safe, then promoting conversions; a tie
to the first declared), its arguments converted, unsafely too; never a specialization of
its own (numba-cuda's test_dispatcher.test_explicit_signatures_device*, and @njit alike)."""
import numpy as np
import pytest

import ujit
from ujit import cuda

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # one-block grids


@ujit.njit("int64(int64, int64)")
def add_ints(a, b):
    return a + b


@ujit.njit(["int64(int64, int64)", "float64(float64, float64)"])
def add_either(a, b):
    return a + b


@ujit.njit
def call_add_ints(x, y):
    return add_ints(x, y)


@ujit.njit
def call_add_either(x, y):
    return add_either(x, y)


@ujit.njit
def call_with_complex(x):
    return add_either(x, x)


def test_an_unsafe_conversion_when_it_is_all_there_is():
    assert call_add_ints(1.5, 2.5) == 3  # float64 -> int64 truncates, as Numba's cast does
    assert isinstance(call_add_ints(1.5, 2.5), int)


def test_the_signature_with_the_fewest_unsafe_conversions_wins():
    # int32 -> float64 is safe, float64 -> int64 unsafe: the float64 signature.
    assert call_add_either(np.int32(1), 2.5) == 3.5
    assert call_add_either(1, 2) == 3 and isinstance(call_add_either(1, 2), int)


def test_no_signature_taking_the_arguments_is_a_located_error():
    with pytest.raises(ujit.CompileError, match=r"no declared signature of 'add_either' takes the argument types "
                                                r"\(complex128, complex128\)") as e:
        call_with_complex(1j)
    assert "test_declared_callees.py:%d:" % (call_with_complex.py_func.__code__.co_firstlineno + 2) in str(e.value)


@cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)
def device_add(a, b):
    return a + b


@cuda.jit
def kernel_add(r, x, y):
    r[0] = device_add(x, y)


def test_a_device_function_s_declared_signatures():
    r = np.zeros(1)
    kernel_add[1, 1](r, np.int32(1), 2.5)
    assert r[0] == 3.5
    r = np.zeros(1, dtype=np.int64)
    kernel_add[1, 1](r, 1, 2)
    assert r[0] == 3
    with pytest.raises(ujit.CompileError, match="no declared signature of 'device_add'"):
        kernel_add[1, 1](np.zeros(1, dtype=np.complex128), 1j, 1j)


def test_a_call_from_python_returns_the_declared_return_type():
    # Numba converts the result to the declared return type: int32(float64) truncates, and a
    # float32 result is rounded to float32 (1 + 2**-25 computed in float64 rounds to 1.0).
    @ujit.njit("int32(float64)")
    def doubled(x):
        return x * 2

    @ujit.njit("float32(float32)")
    def plus_tiny(x):
        return x + 2**-25

    assert doubled(1.75) == 3 and type(doubled(1.75)) is int
    assert plus_tiny(np.float32(1.0)) == 1.0
    assert doubled.signatures == ["int32(float64)"]
