"""A ujit function called under another name, as numba-cuda's tests write them:
`device_func = cuda.jit(sig, device=True)(pyfunc)` in a closure, then `device_func(x)` in a
kernel; and the same with @njit. Each compiles as a def of the name it is called by."""
import numpy as np
import pytest

from ujit import cuda, njit, types


def real_part(x):
    return x.real


def plus_one(x):
    return x + 1


def test_a_device_function_bound_in_a_closure_under_another_name():
    device_func = cuda.jit(types.float64(types.complex128), device=True)(real_part)

    @cuda.jit
    def kernel(out, a):
        i = cuda.grid(1)
        if i < out.shape[0]:
            out[i] = device_func(a[i])

    a = np.array([1 + 2j, 3j, -1.5 + 0j])
    out = np.zeros(3)
    kernel[1, 32](out, a)
    assert out.tolist() == [1.0, 0.0, -1.5]


def test_an_njit_function_under_two_names():
    inc = njit(plus_one)

    @njit
    def both(x):
        return inc(x) + plus_one_jitted(x)

    plus_one_jitted = njit(plus_one)
    assert both(3) == 8


def broken(x):
    return x.no_such_attribute


def test_errors_in_a_renamed_function_point_into_its_source():
    alias = njit(broken)

    @njit
    def caller(x):
        return alias(x)

    with pytest.raises(Exception) as info:
        caller(1.0)
    assert "test_renamed_functions.py:%d" % (broken.__code__.co_firstlineno + 1) in str(info.value)
