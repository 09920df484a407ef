"""Numba's Optional(T): a function that returns a value on one path and None on another, a
variable assigned None and then a value, `x is None` / `x == None` of such a value, and its use
where a T is needed (a check at run time: TypeError "expected T, got None", as Numba's
optional_to_any raises). CPython running the same function (`.py_func`) is the oracle."""
import numpy as np
import pytest

import ujit


@ujit.njit
def positive_or_none(x):
    if x > 0:
        return x
    return None


@ujit.njit
def plus_one_or_minus_five(x):
    r = positive_or_none(x)
    if r is None:
        return -5
    return r + 1


@pytest.mark.parametrize("x", [3, -1, 0])
def test_an_optional_return_gives_none_or_the_value(x):
    assert positive_or_none(x) == positive_or_none.py_func(x)
    assert plus_one_or_minus_five(x) == plus_one_or_minus_five.py_func(x)


def test_falling_off_the_end_and_a_bare_return_are_none():
    def half_if_even(n):
        if n % 2 == 0:
            return n / 2

    def first_negative(a, b, c):
        for v in (a, b, c):
            if v < 0:
                return v
        return

    for n in (4, 5):
        assert ujit.njit(half_if_even)(n) == half_if_even(n)
    for args in ((1, -2, -3), (1, 2, 3)):
        assert ujit.njit(first_negative)(*args) == first_negative(*args)


@pytest.mark.parametrize("x", [2.5, -1.0])
def test_floats_bools_and_complex_come_back_as_python_values(x):
    def as_float(x):
        return x * 2 if x > 0 else None

    def as_bool(x):
        if x > 0:
            return x > 1
        return None

    def as_complex(x):
        if x > 0:
            return complex(x, 1.0)
        return None

    for f in (as_float, as_bool, as_complex):
        got = ujit.njit(f)(x)
        assert got == f(x) and type(got) is type(f(x))


def test_a_variable_assigned_none_then_a_value():
    def last_multiple(n, k):
        found = None
        for i in range(n):
            if i % k == 0:
                found = i
        if found is None:
            return -1
        return found * 10

    for args in ((10, 3), (0, 3)):
        assert ujit.njit(last_multiple)(*args) == last_multiple(*args)


def test_equality_with_none_tests_presence_as_is_does():
    def describe(x):
        r = None
        if x > 0:
            r = x
        a = 1 if r == None else 0  # noqa: E711 (Numba's none_equality)
        b = 10 if r != None else 0  # noqa: E711
        c = 100 if r is not None else 0
        d = 1000 if None is r else 0
        return a + b + c + d

    for x in (4, -4):
        assert ujit.njit(describe)(x) == describe(x)


def test_a_conditional_expression_with_none_is_optional():
    def maybe(x):
        return x if x > 0 else None

    def total(x):
        r = x if x > 0 else None
        return 0 if r is None else r

    assert [ujit.njit(maybe)(x) for x in (2, -2)] == [maybe(2), maybe(-2)]
    assert [ujit.njit(total)(x) for x in (2, -2)] == [total(2), total(-2)]


def test_using_none_where_a_value_is_needed_raises_numbas_type_error():
    @ujit.njit
    def add_one(x):
        r = positive_or_none(x)
        return r + 1

    assert add_one(3) == 4
    with pytest.raises(TypeError, match="^expected int64, got None$"):
        add_one(-3)


def test_truth_and_unary_operators_of_an_optional():
    def neg_if(x):
        r = positive_or_none.py_func(x)
        return -r

    @ujit.njit
    def neg(x):
        r = positive_or_none(x)
        return -r

    @ujit.njit
    def truthy(x):
        r = positive_or_none(x)
        if r:
            return 1
        return 0

    assert neg(5) == neg_if(5)
    assert truthy(5) == 1
    with pytest.raises(TypeError, match="^expected int64, got None$"):
        neg(-5)
    with pytest.raises(TypeError, match="^expected int64, got None$"):
        truthy(-5)


def test_an_optional_passed_to_a_function():
    @ujit.njit
    def twice(v):
        return v * 2

    @ujit.njit
    def twice_or_zero(x):
        r = positive_or_none(x)
        if r is None:
            return 0
        return twice(r)

    assert [twice_or_zero(x) for x in (7, -7)] == [14, 0]


def test_an_argument_of_none_is_a_specialization_of_its_own():
    @ujit.njit
    def default(x, d):
        if d is None:
            return x
        return x + d

    assert default(1, 2) == default.py_func(1, 2)
    assert default(1, None) == default.py_func(1, None)
    assert default(1, 5) == default.py_func(1, 5)


@ujit.njit
def ones_or_none(n):
    if n > 0:
        return np.ones(n)
    return None


@ujit.njit
def total_or_minus_one(n):
    a = ones_or_none(n)
    if a is None:
        return -1.0
    b = a  # a second reference, released with the variables
    return 1.0 if b is not None else 0.0


def test_an_optional_array_keeps_its_reference_on_both_paths():
    r = ones_or_none(3)
    assert isinstance(r, np.ndarray) and np.array_equal(r, ones_or_none.py_func(3))
    assert ones_or_none(0) is None
    assert [total_or_minus_one(n) for n in (3, 0)] == [1.0, -1.0]


def test_an_optional_tuple_and_str():
    def pair_or_none(x):
        if x > 0:
            return x, x * 0.5
        return None

    def word_or_none(x):
        if x > 0:
            return "yes" * x
        return None

    for x in (2, -2):
        assert ujit.njit(pair_or_none)(x) == pair_or_none(x)
        assert ujit.njit(word_or_none)(x) == word_or_none(x)


def test_none_for_a_declared_signature_is_numbas_no_matching_definition():
    @ujit.njit("int64(int64, int64)")
    def add(a, b):
        return a + b

    with pytest.raises(TypeError, match=r"^No matching definition for argument type\(s\) int64, none$"):
        add(1, None)
