"""Exceptions whose arguments are run-time values (Numba 0.57+'s dynamic exceptions): the
message is built when the raise runs, and reaches Python as the same class with the message
CPython's str(exc) gives for the same arguments (CPython runs each function as the oracle).

PYTEST_DONT_REWRITE: the oracle's own asserts must keep CPython's messages."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


class LimitError(Exception):
    pass


def concat(i):
    raise ValueError("negative value at index " + str(i))


def fstring(i, x):
    raise IndexError(f"item {i} is {x}")


def one_int(i):
    raise ValueError(i)


def one_float(x):
    raise ValueError(x)


def one_str(s):
    raise LimitError(s)


def key_error(s, i):
    raise KeyError(s + str(i))  # KeyError's str() is its argument's repr()


def several(i, x, s):
    raise LimitError(s, i, x, "const", True, None)


def float32_arg(x):
    raise ValueError(np.float32(x))


def unsigned(n):
    raise ValueError(np.uint64(n))


def chosen_message(flag):
    msg = "False"
    if flag:
        msg = "True"
    raise ValueError(msg)


def asserted(i):
    assert i < 3, "i is " + str(i)
    return i


def quoted(s):
    raise ValueError(s, "it's \"quoted\"\n")


def outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except Exception as e:  # noqa: BLE001 - the oracle compares every class
        return (type(e), str(e))


CASES = [
    (concat, (7,)),
    (concat, (-12,)),
    (fstring, (3, "abc")),
    (one_int, (-5,)),
    (one_float, (0.1,)),
    (one_float, (1e20,)),
    (one_float, (float("nan"),)),
    (one_str, ("héllo ✓",)),
    (key_error, ("k", 3)),
    (several, (4, 2.5, "s")),
    (unsigned, (np.uint64(2**63 + 5),)),
    (chosen_message, (True,)),
    (chosen_message, (False,)),
    (asserted, (2,)),
    (asserted, (9,)),
    (quoted, ("a'b",)),
    (quoted, ('a"b',)),
]


@pytest.mark.parametrize("fn,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_message_matches_cpython(fn, args):
    assert outcome(njit(fn), *args) == outcome(fn, *args)


def test_a_float32_is_boxed_to_a_python_float_as_numba_boxes_it():
    # CPython keeps the NumPy scalar ("0.1"); Numba's box_float widens it to a Python float.
    with pytest.raises(ValueError) as info:
        njit(float32_arg)(0.1)
    assert str(info.value) == repr(float(np.float32(0.1))) == "0.10000000149011612"


def test_a_string_message_is_the_exceptions_one_argument():
    with pytest.raises(ValueError) as info:
        njit(concat)(2)
    assert info.value.args == ("negative value at index 2",)


def test_the_corpus_pattern_repeatedly_leaks_nothing():
    @njit
    def first_negative(a):
        for i in range(a.shape[0]):
            if a[i] < 0:
                raise ValueError("negative value at index " + str(i) + " (" + str(a[i]) + ")")
        return -1

    first_negative(np.arange(3.0))  # compiled before counting
    before = rtsys.get_allocation_stats()
    for _ in range(200):
        with pytest.raises(ValueError, match=r"^negative value at index 2 \(-3.0\)$"):
            first_negative(np.array([1.0, 2.0, -3.0]))
    assert first_negative(np.arange(3.0)) == -1
    after = rtsys.get_allocation_stats()
    assert after.alloc - before.alloc == after.free - before.free  # the messages' strings are freed
    assert after.mi_alloc - before.mi_alloc == after.mi_free - before.mi_free
    assert after.alloc - before.alloc >= 200 * 5  # each raise built its message in new strings


def test_caught_in_compiled_code_and_raised_again():
    @njit
    def inner(i):
        raise ValueError("inner " + str(i))

    @njit
    def outer(i):
        try:
            inner(i)
        except Exception:
            return -1
        return 0

    assert outer(3) == -1


def test_an_array_argument_is_a_located_error():
    @njit
    def bad(a):
        raise ValueError("bad", a)

    with pytest.raises(ujit.CompileError, match="this one is array") as info:
        bad(np.zeros(2))
    assert info.value.line == bad.py_func.__code__.co_firstlineno + 2


def test_from_a_prange_chunk_and_through_finally():
    @njit(parallel=True)
    def total(a):
        s = 0.0
        for i in ujit.prange(a.shape[0]):
            if a[i] < 0:
                raise ValueError("bad " + str(i) + " " + str(a[i]))
            s += a[i]
        return s

    @njit
    def cleanup(i):
        try:
            raise ValueError("x" + str(i))
        finally:
            i += 1
        return i

    a = np.ones(1000)
    a[700] = -2.0
    with pytest.raises(ValueError, match=r"^bad 700 -2.0$"):
        total(a)
    assert total(np.ones(10)) == 10.0
    with pytest.raises(ValueError, match="^x5$"):
        cleanup(5)
