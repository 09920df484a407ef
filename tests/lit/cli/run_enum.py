# Enum classes of the file compile (Numba's EnumMember / IntEnumMember): members are constants
# of the module, IntEnum members are ints, and a member crosses to the caller as its value
# (the CLI, the C++ and the C API have no enum classes: the value is what they can hold).
# RUN: %ujit run %s status_of 404 | FileCheck %s --check-prefix=STATUS
# RUN: %ujit run %s planet 1 | FileCheck %s --check-prefix=PLANET
# RUN: %ujit run %s identity 2 | FileCheck %s --check-prefix=IDENT
# RUN: %expect-status 1 %ujit run %s from_value 7 2>&1 | FileCheck %s --check-prefix=BAD
# STATUS: 96
# PLANET: (4.869e+24, 6051800.0)
# IDENT: (False, True, True)
# BAD: ValueError: value is not a valid Color
import enum
from enum import IntEnum

from numba import njit


class Color(enum.Enum):
    red = 1
    green = 2


class Shake(enum.Enum):
    mint = 2


class Status(IntEnum):
    ok = 200
    not_found = 404
    error = 500


class Planet(enum.Enum):
    MERCURY = (3.303e23, 2.4397e6)
    VENUS = (4.869e24, 6.0518e6)


GREEN = Color.green


@njit
def status_of(code):
    return Status.error - code if code > Status.ok else Status["ok"]


@njit
def planet(i):
    return Planet.VENUS if i else Planet.MERCURY


@njit
def identity(v):
    c = Color(v)
    return c is Shake.mint, c is GREEN, c == Color["green"]


@njit
def from_value(v):
    return Color(v)
