"""`raise` and `assert` in compiled code reach Python as the same exception, with the
message CPython gives (CPython runs the same function as the oracle).

PYTEST_DONT_REWRITE: the oracle's own asserts must keep CPython's messages."""
import traceback

import numpy as np
import pytest

import ujit
from ujit import njit


class NegativeError(Exception):
    pass


class StrictError(NegativeError):
    pass


def checked(x):
    if x < 0:
        raise ValueError("negative")
    if x == 0:
        raise ZeroDivisionError
    if x == 1:
        raise KeyError()
    if x == 2:
        raise NegativeError("mine")
    if x == 3:
        raise StrictError
    if x == 4:
        raise IndexError("out of range")
    assert x != 5, "five"
    assert x != 6
    return x * 2


def outcome(fn, x):
    try:
        return ("ok", fn(x))
    except Exception as e:  # noqa: BLE001 - the oracle compares every class
        return (type(e), str(e), e.args)


@pytest.mark.parametrize("x", [-1, 0, 1, 2, 3, 4, 5, 6, 7])
def test_each_raise_matches_cpython(x):
    assert outcome(njit(checked), x) == outcome(checked, x)


def test_except_catches_the_builtin_class_and_the_location_is_a_traceback_entry():
    f = njit(checked)
    with pytest.raises(ValueError, match="^negative$") as info:  # the message alone, as Numba's
        f(-3)
    assert str(info.value) == "negative"
    assert not getattr(info.value, "__notes__", None)  # pytest 8 matches notes too
    line = checked.__code__.co_firstlineno + 2
    last = traceback.extract_tb(info.value.__traceback__)[-1]
    assert (last.filename, last.lineno, last.name) == (__file__, line, "checked")
    assert "raise ValueError" in (last.line or "")  # shown from the source, as a Python raise is
    assert f(10) == 20  # usable after a raise


def test_a_user_class_is_the_modules_own_class():
    f = njit(checked)
    with pytest.raises(NegativeError, match="^mine$"):
        f(2)
    with pytest.raises(StrictError):
        f(3)


def test_assert_is_assertion_error():
    @njit
    def positive(x):
        assert x > 0, "must be positive"
        return x

    with pytest.raises(AssertionError, match="^must be positive$"):
        positive(-1.0)
    assert positive(2.0) == 2.0


def test_an_argument_ujit_cannot_format_is_a_located_error():
    @njit
    def bad(x):
        raise ValueError(x)

    with pytest.raises(ujit.CompileError, match="numbers, bools, strings or None; this one is array") as info:
        bad(np.zeros(2))
    assert info.value.line == bad.py_func.__code__.co_firstlineno + 2


def test_raising_a_non_exception_is_a_located_error():
    @njit
    def bad(x):
        raise x

    with pytest.raises(ujit.CompileError, match="exceptions must derive from BaseException"):
        bad(1)


def test_a_function_that_ends_in_a_raise_returns_its_values_type():
    def pick(x):
        if x > 0:
            return x * 1.5
        raise ValueError("not positive")

    f = njit(pick)
    assert f(2) == pick(2)
    with pytest.raises(ValueError, match="^not positive$"):
        f(0)
