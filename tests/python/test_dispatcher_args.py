"""Compiled functions and number types passed from Python to a compiled function (issue 19
item 3): Numba types a dispatcher argument as its Dispatcher type and a number class as a
NumberClass, and specializes the callee per function or type; so does ujit. CPython running
the same functions is the oracle."""
import numpy as np
import pytest

import ujit
from ujit import njit


def square(x):
    return x * x


def halve(x):
    return x / 2


def apply(f, x):
    return f(x)


def apply_twice(f, g, x):
    return g(f(x)) + f(g(x))


def fold(f, n, acc):
    for i in range(n):
        acc = f(acc + i)
    return acc


def convert(ty, x):
    return ty(x) + ty(1)


def total(f, a):
    s = 0.0
    for x in a:
        s += f(x)
    return s


jsquare, jhalve = njit(square), njit(halve)


def test_a_compiled_function_passed_from_python_is_called():
    japply = njit(apply)
    assert japply(jsquare, 3.0) == apply(square, 3.0) == 9.0
    assert japply(jhalve, 3.0) == apply(halve, 3.0) == 1.5
    assert japply(jsquare, 7) == 49 and isinstance(japply(jsquare, 7), int)
    assert japply(f=jsquare, x=4.0) == 16.0  # by keyword too
    assert njit(apply_twice)(jsquare, jhalve, 6.0) == apply_twice(square, halve, 6.0)
    assert njit(fold)(jhalve, 5, 10.0) == fold(halve, 5, 10.0)


def test_one_specialization_per_function():
    japply = njit(apply)
    japply(jsquare, 2.0)
    japply(jhalve, 2.0)
    japply(jsquare, 3.0)
    assert len(japply._owner._static_entries) == 2


def test_a_function_with_arrays_and_a_jitted_lambda():
    a = np.arange(5.0)
    assert njit(total)(jsquare, a) == total(square, a)
    inc = njit(lambda x: x + 1.5)
    assert njit(apply)(inc, 1.0) == 2.5


def test_number_types_passed_from_python():
    jconvert = njit(convert)
    got = jconvert(np.float32, 3.75)
    assert got == convert(np.float32, 3.75) and type(got) is float
    assert jconvert(np.int16, 3.75) == convert(np.int16, 3.75) == 4
    assert jconvert(ujit.int16, -2.5) == convert(np.int16, -2.5) == -1  # truncates toward zero
    assert jconvert(ujit.float64, 2) == 3.0


def test_a_python_function_is_numbas_typing_error():
    with pytest.raises(ujit.errors.TypingError, match="cannot determine Numba type of <class 'function'>") as info:
        njit(apply)(square, 3.0)
    assert info.value.line == apply.__code__.co_firstlineno
