"""Enums in compiled code (issue 19 item 3). Numba types enum.Enum and enum.IntEnum members as
EnumMember / IntEnumMember; ujit does not compile them yet, and says so where the enum is
used: a located CompileError naming the global and the value to use instead, and Numba's
TypingError (with the same hint) for a member passed from Python. The values themselves, as
module constants or arguments, compile (CPython is the oracle)."""
import enum

import pytest

import ujit
from ujit import njit


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Shape(enum.IntEnum):
    CIRCLE = 1
    SQUARE = 2


RED = Color.RED.value


def uses_class():
    return Color.RED.value


def uses_intenum(x):
    return Shape.SQUARE + x


def uses_value(x):
    return RED + x


def identity(c):
    return c


@pytest.mark.parametrize("fn, args, what", [(uses_class, (), r"an enum class \(enum.Enum\)"),
                                            (uses_intenum, (1,), r"an enum class \(enum.IntEnum\)")])
def test_an_enum_global_is_a_located_error(fn, args, what):
    with pytest.raises(ujit.CompileError, match="global '%s' is %s; ujit does not compile enum members yet"
                       % (fn.__code__.co_names[0], what)) as info:
        njit(fn)(*args)
    assert info.value.line == fn.__code__.co_firstlineno + 1


def test_an_enum_member_argument_is_numbas_typing_error_with_the_value_to_pass():
    with pytest.raises(ujit.errors.TypingError, match=r"cannot determine Numba type of <enum 'Color'>: .* pass 1, "
                                                      r"its value") as info:
        njit(identity)(Color.RED)
    assert info.value.line == identity.__code__.co_firstlineno


def test_the_values_compile():
    assert njit(uses_value)(2) == uses_value(2) == 3
    assert njit(identity)(Shape.SQUARE.value) == 2
