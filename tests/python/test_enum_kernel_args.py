"""Enum members as kernel arguments (numba-cuda's test_enums.py): a kernel sees an Enum or
IntEnum member as the member, so `is` is False across classes and `==` compares within one;
an IntEnum member is also an int; a member whose value is a tuple passes too. The kernel's
Python run on the host is the oracle (as numba-cuda's test compares with f(a, b, expected))."""
import numpy as np
import pytest

from ujit import cuda
from test_enums import Color, IntEnumWithNegatives, Planet, RequestError, Shape

PAIRS = [
    (Color.red, Color.red),
    (Color.red, Color.green),
    (Planet.EARTH, Planet.EARTH),
    (Planet.VENUS, Planet.MARS),
    (Shape.circle, IntEnumWithNegatives.two),  # IntEnums of different classes, the same value
    (Shape.circle, Shape.circle),
]


def compare(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


@pytest.mark.parametrize("a, b", PAIRS)
def test_members_compare_in_a_kernel_as_in_python(a, b):
    k = cuda.jit(compare)
    got = np.zeros(4, np.bool_)
    want = got.copy()
    k[1, 1](a, b, got)
    compare(a, b, want)
    np.testing.assert_array_equal(got, want)


def int_coerce(x, out):
    if x > RequestError.internal_error:
        out[0] = x - RequestError.not_found
    else:
        out[0] = x + Shape.circle


@pytest.mark.parametrize("x", [Shape.square, RequestError.not_found, IntEnumWithNegatives.negtwo])
def test_an_int_enum_member_argument_is_an_int(x):
    k = cuda.jit(int_coerce)
    got = np.zeros(1, np.int64)
    want = got.copy()
    k[1, 1](x, got)
    int_coerce(x, want)
    assert got[0] == want[0]


def test_a_member_argument_and_its_value_in_a_kernel():
    @cuda.jit
    def k(p, out):
        mass, radius = p.value
        out[0] = mass / radius
        out[1] = p is Planet.EARTH

    out = np.zeros(2)
    for p in (Planet.EARTH, Planet.MARS):
        k[1, 1](p, out)
        assert out[0] == p.value[0] / p.value[1] and out[1] == (p is Planet.EARTH)


def test_the_name_of_a_member_is_a_located_error_in_a_kernel():
    @cuda.jit
    def k(c, out):
        out[0] = len(c.name)

    import ujit
    with pytest.raises(ujit.CompileError, match=r"the name of an enum member \(Color.name\) is not typed"):
        k[1, 1](Color.red, np.zeros(1, np.int64))
