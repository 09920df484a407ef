"""Enums in compiled code (issue 19 item 3), after numba/tests/test_enums.py: Numba types an
enum.Enum member as EnumMember(cls, value type) and an IntEnum member as IntEnumMember, which
is also an int. Members are module constants (`Color.red`, `Color['red']`, a global member),
arguments and results; they compare by identity; `.value` is the value. CPython is the oracle."""
import enum

import numpy as np
import pytest

import ujit
from ujit import njit, vectorize


class Color(enum.Enum):
    red = 1
    green = 2
    blue = 3


class Shake(enum.Enum):
    vanilla = 7
    chocolate = 4
    cookies = 9
    mint = 3  # the value of Color.blue


class Planet(enum.Enum):
    MERCURY = (3.303e23, 2.4397e6)
    VENUS = (4.869e24, 6.0518e6)
    EARTH = (5.976e24, 6.37814e6)
    MARS = (6.421e23, 3.3972e6)


class Shape(enum.IntEnum):
    circle = 2  # the value of Color.green
    square = 500


class RequestError(enum.IntEnum):
    dummy = 2
    not_found = 404
    internal_error = 500


class IntEnumWithNegatives(enum.IntEnum):
    one = 1
    two = 2
    too = 2  # an alias of two
    three = 3
    negone = -1
    negtwo = -2
    negthree = -3


class Mixed(enum.Enum):
    a = 1
    b = 2.5


class Auto(enum.Enum):
    x = enum.auto()
    y = enum.auto()


RED = Color.red


def compare_usecase(a, b):
    return a == b, a != b, a is b, a is not b


def getattr_usecase(a):
    return a is Color.red


def getitem_usecase(a):
    return a is Color["red"]


def global_member_usecase(a):
    return a is RED


def identity_usecase(a, b, c):
    return (a is Shake.mint, b is Shape.circle, c is RequestError.internal_error)


def return_usecase(a, b, pred):
    return a if pred else b


def int_coerce_usecase(x):
    if x > RequestError.internal_error:
        return x - RequestError.not_found
    else:
        return x + Shape.circle


def int_cast_usecase(x):
    if x > ujit.int16(RequestError.internal_error):
        return x - ujit.int32(RequestError.not_found)
    else:
        return x + ujit.int16(Shape.circle)


def vectorize_usecase(x):
    if x != RequestError.not_found:
        return RequestError["internal_error"]
    else:
        return RequestError.dummy


def value_usecase(a):
    return a.value


def constant_values():
    return Color.red.value + Shape.square.value, Planet.EARTH.value


PAIRS = [(Color.red, Color.red), (Color.red, Color.green), (Shake.mint, Shake.vanilla), (Planet.VENUS, Planet.MARS),
         (Planet.EARTH, Planet.EARTH), (Shape.circle, Shape.circle), (Shape.circle, Shape.square),
         (RequestError.not_found, RequestError.not_found), (RequestError.internal_error, RequestError.not_found),
         (Shape.circle, IntEnumWithNegatives.two), (Color.blue, Shake.mint), (Color.green, Shape.circle)]


@pytest.mark.parametrize("a, b", PAIRS)
def test_compare(a, b):
    assert njit(compare_usecase)(a, b) == compare_usecase(a, b)


@pytest.mark.parametrize("a, b", PAIRS[:9])
@pytest.mark.parametrize("pred", [True, False])
def test_members_are_passed_and_returned(a, b, pred):
    assert njit(return_usecase)(a, b, pred) is return_usecase(a, b, pred)


@pytest.mark.parametrize("fn", [getattr_usecase, getitem_usecase, global_member_usecase])
@pytest.mark.parametrize("arg", [Color.red, Color.green])
def test_constants(fn, arg):
    assert njit(fn)(arg) == fn(arg)


def test_members_with_equal_values_are_not_identical():
    args = (Color.blue, Color.green, Shape.square)
    assert njit(identity_usecase)(*args) == identity_usecase(*args) == (False, False, False)


@pytest.mark.parametrize("fn", [int_coerce_usecase, int_cast_usecase])
@pytest.mark.parametrize("x", [300, 450, 550])
def test_int_enum_members_are_ints(fn, x):
    assert njit(fn)(x) == fn(x)


def test_int_enum_in_a_vectorized_function():
    arg = np.array([2, 404, 500, 404])
    expected = np.array([vectorize_usecase(i) for i in arg], dtype=arg.dtype)
    got = vectorize(["int64(int64)"])(vectorize_usecase)(arg)
    np.testing.assert_array_equal(got, expected)


def hash_usecase(x):
    return hash(x)


@pytest.mark.parametrize("member", list(IntEnumWithNegatives))
def test_hash_of_an_int_enum_member(member):
    assert njit(hash_usecase)(member) == hash_usecase(member)


@pytest.mark.parametrize("member", [m for m in IntEnumWithNegatives if m >= 0])
def test_an_int_enum_member_as_a_shape_and_an_index(member):
    def make(x):
        a = np.zeros((x, x), dtype=np.int64)
        b = np.arange(10)
        return a, b[x]

    got, item = njit(make)(member)
    want, want_item = make(member)
    np.testing.assert_array_equal(got, want)
    assert item == want_item


@pytest.mark.parametrize("member", [Color.red, Planet.MARS, Shape.square])
def test_value(member):
    assert njit(value_usecase)(member) == member.value


def test_constant_values():
    assert njit(constant_values)() == constant_values()


def auto_values():
    return Auto.x.value, Auto.y.value


def test_auto_values():
    assert njit(auto_values)() == auto_values() == (1, 2)


def earth():
    return Planet.EARTH


def square_and_one():
    return Shape.square, 1


def test_a_member_returned_from_a_global_is_the_member():
    assert njit(earth)() is Planet.EARTH
    got = njit(square_and_one)()
    assert got == square_and_one() and type(got[0]) is Shape


def test_a_heterogeneous_enum_is_numbas_error():
    def f():
        return Mixed.a

    with pytest.raises(ujit.CompileError, match="Cannot type heterogeneous enum: got value types float64, int64"):
        njit(f)()


def test_the_name_of_a_member_is_a_located_error():
    def f(a):
        return a.name

    with pytest.raises(ujit.CompileError, match=r"the name of an enum member \(Color.name\) is not typed") as info:
        njit(f)(Color.red)
    assert info.value.line == f.__code__.co_firstlineno + 1


def test_ordering_plain_enum_members_is_a_located_error():
    def f(a, b):
        return a < b

    with pytest.raises(ujit.CompileError, match=r"unsupported comparison: Enum<int64>\(Color\) < Enum<int64>\(Color\)"):
        njit(f)(Color.red, Color.green)


def test_an_enum_member_in_a_tuple_argument_is_numbas_typing_error():
    def f(t):
        return t[0]

    with pytest.raises(ujit.errors.TypingError, match=r"cannot determine Numba type of <enum 'Color'>"):
        njit(f)((Color.red, 1))


def test_an_int_enum_member_passed_to_declared_signatures_is_an_int():
    f = njit("int64(int64)")(int_coerce_usecase)
    assert f(RequestError.internal_error) == int_coerce_usecase(RequestError.internal_error)
    with pytest.raises(TypeError, match="declared signatures, which cannot name an enum member type"):
        njit("int64(int64)")(hash_usecase)(Color.red)


def test_an_int_enum_member_is_an_int_kernel_argument():
    from ujit import cuda

    @cuda.jit
    def kernel(x, out):
        out[0] = x + Shape.circle

    out = np.zeros(1, dtype=np.int64)
    kernel[1, 1](RequestError.not_found, out)
    assert out[0] == RequestError.not_found + Shape.circle
