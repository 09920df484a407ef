"""Numba's locals= (`@njit(locals={'acc': float32})`): a declared variable's every value
converts to its type (types/declared_locals.hpp). Oracle: Numba 0.68's results for the same
functions (run on the lent GPU machine, 2026-11-29), rebuilt here with NumPy's conversions."""
import numpy as np
import pytest

import ujit as numba
from ujit import float32, int32, int64, njit, types


def test_float32_accumulator_rounds_every_step():
    @njit(locals={"acc": float32})
    def total(a):
        acc = 0.0
        for x in a:
            acc += x
        return acc

    a = np.random.default_rng(3).random(1000) * 1e4
    want = np.float32(0.0)
    for x in a:
        want = np.float32(np.float64(want) + x)
    got = total(a)
    assert got == float(want)
    assert got != float(a.sum())  # the float64 sum differs: the declaration mattered


def test_every_version_of_the_name_takes_the_type():
    @njit(locals={"x": float32})
    def f(v):
        x = v
        y = x * 2  # float32 * int -> float64, computed from the float32 value
        x = v + 1.0
        return x, y

    assert f(1.1) == (float(np.float32(2.1)), float(np.float32(1.1)) * 2)


def test_float_to_int32_truncates_and_parameters_convert():
    @njit(locals={"x": int32})
    def trunc(v):
        x = v
        return x

    @njit(locals={"a": float32})
    def param(a):
        return a

    assert trunc(2.7) == 2 and trunc(-2.7) == -2
    assert param(1.1) == float(np.float32(1.1))


def test_branches_loops_augmented_and_dict_call():
    @njit(locals={"x": types.float32})
    def branches(c, v):
        if c:
            x = v
        else:
            x = 1
        return x

    @njit(locals={"i": int32})
    def loop(n):
        t = 0
        for i in range(n):
            t += i
        return t, i

    @njit(locals=dict(x=float32))
    def aug(v):
        x = 0
        x += v
        x = x / 3
        return x

    assert branches(True, 1.1) == float(np.float32(1.1)) and branches(False, 1.1) == 1.0
    assert loop(5) == (10, 4)
    assert aug(1.0) == float(np.float32(np.float64(np.float32(1.0)) / 3))


def test_complex_bool_arrays_strings_and_unknown_names():
    @njit(locals={"x": types.complex64})
    def cx(v):
        x = v
        return x

    @njit(locals={"x": types.boolean})
    def flag(v):
        x = v
        return x

    @njit(locals={"x": float32[:]})
    def view(v):
        x = v
        return x.sum()

    # A spelling (Numba stops with a bare AssertionError on one: docs/language.md).
    @njit(locals={"x": "float32", "never_bound": int64})
    def spelled(v):
        x = v
        return x

    assert cx(1.1) == complex(np.complex64(1.1))
    assert flag(3) is True and flag(0) is False
    assert view(np.arange(4, dtype=np.float32)) == 6.0
    assert spelled(1.1) == float(np.float32(1.1))


@pytest.mark.parametrize("body, arg, message", [
    ("x = (1, 2)", None, "No conversion from UniTuple(int64 x 2) to float32 for 'x'"),
    ("x = v", 1.1 + 2j, "No conversion from complex128 to float32 for 'x'"),
    ("x = v", np.ones(3), "No conversion from array(float64, 1d, C) to float32 for 'x'"),
])
def test_values_that_cannot_convert_are_typing_errors(body, arg, message):
    scope = {"njit": njit, "float32": float32}
    exec("@njit(locals={'x': float32})\ndef f(v):\n    %s\n    return x\n" % body, scope)
    with pytest.raises(numba.core.errors.TypingError, match=message.replace("(", r"\(").replace(")", r"\)")):
        scope["f"](arg)


def test_array_of_another_dtype_is_refused():
    @njit(locals={"x": float32[:]})
    def f(v):
        x = v
        return x.sum()

    with pytest.raises(numba.core.errors.TypingError, match="No conversion from array"):
        f(np.ones(3))


def test_a_value_that_is_not_a_type_is_refused():
    with pytest.raises(TypeError, match="locals="):
        @njit(locals={"x": np.float32})
        def f(v):
            x = v
            return x
        f(1.0)
