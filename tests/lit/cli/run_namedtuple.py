# Named tuples of a module-level namedtuple class compile (Numba's NamedUniTuple / NamedTuple):
# `ujit types` spells them as Numba does, and the CLI prints one as the tuple of its fields
# (the CLI, the C++ and the C API have no class to give it).
# RUN: %ujit run %s midpoint 3.0 4.0 | FileCheck %s --check-prefix=MID
# RUN: %ujit types %s midpoint --sig '(float64, float64)' | FileCheck %s --check-prefix=TYPES
# RUN: %ujit run %s pixel 2 | FileCheck %s --check-prefix=PIXEL
# RUN: %ujit run %s limits | FileCheck %s --check-prefix=LIMITS
# RUN: %ujit run %s from_origin 3 | FileCheck %s --check-prefix=ORIGIN
# MID: (1.5, 2.0)
# TYPES: -> Point(float64 x 2)
# PIXEL: (2, 0, 4.5)
# LIMITS: 2147483647
# ORIGIN: (4, (1, 2, 1.0))
import collections
from collections import namedtuple

import numpy as np
from numba import njit

Point = namedtuple("Point", ["x", "y"])
Pixel = collections.namedtuple("Pixel", "row, col, value", defaults=(0, 1.0))


@njit
def midpoint(x, y):
    a, b = Point(0.0, 0.0), Point(y=y, x=x)
    return Point((a.x + b.x) / 2, (a[1] + b[1]) / 2)


@njit
def pixel(r):
    p = Pixel(r, value=2.5)
    return Pixel(p.row, p.col, p.value + Pixel(r).value * 2)


@njit
def limits():
    info = np.iinfo(np.int32)
    return info.max


ORIGIN = Pixel(1, 2)


@njit
def from_origin(d):
    return ORIGIN.row + d, ORIGIN
