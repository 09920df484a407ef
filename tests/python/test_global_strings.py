"""Global strings and string defaults, frozen as Numba freezes them; CPython as the oracle."""
import collections
import enum

import pytest

import ujit
from ujit import njit

GREETING = "héllo wörld"
PAIR = ("key", 7, "日本")
SEPARATORS = (",", ";")
Record = collections.namedtuple("Record", ["name", "weight"])
DEFAULT_RECORD = Record("anvil", 2.5)


class Tag(str):
    pass


TAGGED = Tag("x")


class Colour(enum.Enum):
    RED = "r"


def test_global_string_values():
    def body(i):
        return GREETING[i], len(GREETING), GREETING.upper(), GREETING == "héllo wörld", GREETING + "!"

    jitted = njit(body)
    for i in (0, 1, -1):
        assert jitted(i) == body(i)


def test_global_string_iteration_and_membership():
    def count(letters):
        n = 0
        for c in GREETING:
            if c in letters:
                n += 1
        return n

    assert njit(count)("lo") == count("lo")


def test_tuple_of_strings_and_numbers():
    def body(i):
        return PAIR[0] + "=" + str(PAIR[1]), PAIR[2], SEPARATORS[i].join(["a", "b"])

    jitted = njit(body)
    assert jitted(0) == body(0) and jitted(1) == body(1)


def test_namedtuple_global_with_a_string_field():
    def body(x):
        return DEFAULT_RECORD.name, DEFAULT_RECORD.weight * x

    assert njit(body)(2.0) == body(2.0)


def test_string_default_parameter():
    @njit
    def scaled(x, mode="double"):
        if mode == "double":
            return x * 2.0
        return x / 2.0

    @njit
    def callers(x):
        return scaled(x), scaled(x, "half"), scaled(x, mode="other")

    assert scaled(3.0) == 6.0  # the default from the host
    assert scaled(3.0, "half") == 1.5
    assert callers(3.0) == (6.0, 1.5, 1.5)


def test_str_subclass_global_is_refused():
    @njit
    def read():
        return TAGGED

    with pytest.raises(ujit.CompileError, match="global 'TAGGED' is a Tag"):
        read()


def test_string_enum_member_is_refused_with_a_reason():
    @njit
    def read():
        return Colour.RED

    with pytest.raises(ujit.CompileError, match="enum values ujit compiles are numbers"):
        read()
