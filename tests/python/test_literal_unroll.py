"""numba.literal_unroll over tuples whose items differ in type: the loop body compiled once per
item (Numba's MixedContainerUnroller), isinstance pruning what another item's type could not
compile, break/continue/else, constant tuples whose items are seen as constants, globals, and
Numba's errors for what it refuses. The oracle is CPython running the same function
(literal_unroll is the identity there)."""
import numpy as np
import pytest

from ujit import literal_unroll, njit
from ujit.core.errors import TypingError


def check(f, *args):
    want = f.py_func(*args)
    got = f(*args)
    if isinstance(want, np.generic):  # a NumPy scalar in CPython is Python's number from Numba
        want = want.item()
    if isinstance(want, np.ndarray):
        np.testing.assert_array_equal(got, want)
    else:
        assert got == want and type(got) is type(want), (got, want)


@njit
def total_size(tup):
    n = 0
    for item in literal_unroll(tup):
        if isinstance(item, int):
            n += 1
        elif isinstance(item, str):
            n += len(item) * 10
        else:
            n += item.shape[0] * 100
    return n


def test_each_item_gets_the_body_compiled_for_its_type():
    check(total_size, (3, np.zeros(4), "hello"))
    check(total_size, ("ab", np.ones(7), 5, "xyz", np.arange(2)))
    check(total_size, ())


@njit
def weighted(tup):
    acc = 0.0
    k = 0
    for x in literal_unroll(tup):
        y = x * 2  # one variable per copy: int64, float64, complex128, an array
        if isinstance(y, complex):
            acc += y.real * k
        elif isinstance(y, (int, float)):
            acc += y * k
        else:
            acc += y.sum() * k
        k += 1
    return acc


def test_variables_of_the_body_take_each_items_type():
    check(weighted, (1, 2.5, 3 + 4j, np.arange(5.0)))


@njit
def first_array_length(tup):
    found = -1
    for x in literal_unroll(tup):
        if isinstance(x, (int, float)):
            continue
        found = len(x)
        break
    else:
        found = -2
    return found


def test_continue_break_and_else_keep_their_meaning():
    check(first_array_length, (1, 2.0, np.zeros(3), np.zeros(9)))
    check(first_array_length, (1, 2.0))
    check(first_array_length, (np.zeros(4), 1))


@njit
def count_until_str(tup):
    n = 0
    for x in literal_unroll(tup):
        if isinstance(x, str):
            return n, x
        n += 1
    return n, "none"


def test_return_inside_the_unrolled_loop():
    check(count_until_str, (1, 2.5, "stop", 4))
    check(count_until_str, (1, 2.5))


@njit
def pick(t):
    out = 0
    for k in literal_unroll((0, 2)):
        out += len(t[k])  # t[k] of a mixed tuple needs k constant: each copy knows its k
    return out


def test_constant_items_are_constants_in_their_copy():
    check(pick, ("abc", 1.5, np.zeros(6)))


MIXED = (2, 0.5, (1, 2, 3), np.array([1.0, 2.0, 4.0]))


@njit
def global_total():
    s = 0.0
    for x in literal_unroll(MIXED):
        if isinstance(x, tuple):
            s += len(x)
        elif isinstance(x, (int, float)):
            s += x
        else:
            s += x.sum()
    return s


def test_a_global_tuple_unrolls():
    check(global_total)


@njit
def per_item_types(tup):
    s = ""
    for x in literal_unroll(tup):
        if isinstance(x, int):
            s += "i"
        elif isinstance(x, float):
            s += "f"
        elif isinstance(x, str):
            s += "s"
        elif isinstance(x, tuple):
            s += "t"
        else:
            s += "?"
    return s


def test_isinstance_answers_per_item():
    check(per_item_types, (1, "a", 2.0, (1, 2), np.int32(3), 4))


@njit
def unroll_inside_a_loop(tup, n):
    acc = 0.0
    for i in range(n):
        for x in literal_unroll(tup):
            acc += x * i
    return acc


def test_an_unrolled_loop_inside_an_ordinary_loop():
    check(unroll_inside_a_loop, (1, 2.5, True), 4)


@njit
def uniform(t):
    s = 0
    for x in literal_unroll(t):
        s += x
    return s


def test_a_tuple_of_one_item_type_loops_as_before():
    check(uniform, (1, 2, 3))
    check(uniform, (1, 2.5))


def test_nesting_is_numbas_error():
    @njit
    def nested(t):
        acc = 0
        for x in literal_unroll(t):
            for y in literal_unroll(t):
                acc += 1
        return acc

    with pytest.raises(TypingError, match=r"test_literal_unroll.py:\d+:\d+: error: Nesting of literal_unroll is "
                                          r"unsupported"):
        nested((1, 2.5))


def test_a_non_tuple_argument_is_numbas_error():
    @njit
    def over_array(a):
        s = 0.0
        for x in literal_unroll(a):
            s += x
        return s

    with pytest.raises(TypingError, match=r"error: Invalid use of literal_unroll with a function argument, only "
                                          r"tuples are supported as function arguments, found array\(float64, 1d, C\)"):
        over_array(np.ones(3))


def test_the_loop_variable_after_the_loop_must_unify():
    @njit
    def last(t):
        for a in literal_unroll(t):
            pass
        return a

    with pytest.raises(TypingError, match=r"variable 'a' has type .* which cannot be unified"):
        last((np.ones(2), "s"))


def test_literal_unroll_is_the_identity_in_python():
    assert literal_unroll((1, "a")) == (1, "a")
