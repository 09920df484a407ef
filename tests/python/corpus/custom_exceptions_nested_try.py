"""Exceptions in compiled code: user-defined exception classes, try/except/else/finally,
bare except, nested try blocks that re-raise, assert with and without a message, and
exceptions that escape to the Python caller."""
import pytest
from numba import njit
from _same import check_same


class ParseError(Exception):
    pass


class BadToken(ParseError):
    pass


@njit
def parse_digits(s):
    v = 0
    for ch in s:
        if ch < "0" or ch > "9":
            raise ValueError("bad digit")
        v = v * 10 + (ord(ch) - 48)
    return v


@njit
def safe_sum(items):
    total = 0
    bad = 0
    for it in items:
        try:
            total += parse_digits(it)
        except Exception:
            bad += 1
    return total, bad


@njit
def custom_raise(x):
    if x < 0:
        raise BadToken("negative")
    if x == 0:
        raise ParseError
    return x * 2


@njit
def catch_custom(xs):
    out = []
    for x in xs:
        try:
            out.append(custom_raise(x))
        except Exception:
            out.append(-1)
    return out


@njit
def try_else_finally(x):
    log = []
    try:
        if x > 5:
            raise IndexError("big")
        log.append(1)
    except:  # noqa: E722
        log.append(2)
    else:
        log.append(3)
    finally:
        log.append(4)
    return log


@njit
def catch_base(x):
    try:
        if x == 1:
            raise KeyError("k")
        elif x == 2:
            raise ZeroDivisionError("z")
        return 0
    except Exception:
        return -1


@njit
def assert_pos(x):
    assert x > 0, "x must be positive"
    return x


@njit
def assert_nomsg(x):
    assert x != 3
    return x


@njit
def raise_out(x):
    if x > 10:
        raise OverflowError("too big: limit 10")
    return x


@njit
def nested_try(n):
    c = 0
    for i in range(n):
        try:
            try:
                if i % 3 == 0:
                    raise ValueError("a")
                c += 1
            except Exception:
                if i % 2 == 0:
                    raise KeyError("b")
                c += 10
        except Exception:
            c += 100
    return c


@njit
def div_catch(a, b):
    try:
        return a // b
    except Exception:
        return -999


@njit
def tuple_except(x):
    try:
        if x == 0:
            raise ValueError("v")
        if x == 1:
            raise TypeError("t")
        return 0
    except Exception:
        return 1


@njit
def exc_in_loop_state(xs):
    good = []
    for x in xs:
        try:
            if x % 4 == 0:
                raise ValueError("div4")
            good.append(100 // x)
        except Exception:
            good.append(-x)
        else:
            good.append(0)
    return good


def raises_same(exc, match, f, *args):
    """The compiled f and its Python original raise the same class (and message)."""
    with pytest.raises(exc, match=match) as got:
        f(*args)
    with pytest.raises(exc, match=match) as want:
        f.py_func(*args)
    assert type(got.value) is type(want.value)
    assert str(got.value) == str(want.value)


def check():
    check_same(safe_sum, ["12", "x3", "40", "", "7a"])
    check_same(catch_custom, [3, -1, 0, 5])
    check_same(custom_raise, 4)
    raises_same(BadToken, "negative", custom_raise, -3)
    raises_same(ParseError, None, custom_raise, 0)
    check_same(try_else_finally, 3)
    check_same(try_else_finally, 9)
    for x in range(3):
        check_same(catch_base, x)
    check_same(assert_pos, 2)
    raises_same(AssertionError, "x must be positive", assert_pos, -2)
    check_same(assert_nomsg, 2)
    raises_same(AssertionError, None, assert_nomsg, 3)
    check_same(raise_out, 10)
    raises_same(OverflowError, "too big: limit 10", raise_out, 11)
    raises_same(ValueError, "bad digit", parse_digits, "12z")
    check_same(nested_try, 10)
    check_same(div_catch, 7, 0)
    check_same(div_catch, -7, 2)
    for x in range(3):
        check_same(tuple_except, x)
    check_same(exc_in_loop_state, [1, 4, 3, 8, 5])
