# `ujit run` leaves out trailing parameters with defaults, as a Python call does.
# RUN: %ujit run %s scaled 2.0 | FileCheck %s --check-prefix=ONE
# RUN: %ujit run %s scaled 2.0 10.0 | FileCheck %s --check-prefix=TWO
# RUN: not %ujit run %s needs_two 1 2>&1 | FileCheck %s --check-prefix=MISSING
# ONE: 5.0
# TWO: 20.0
# MISSING: needs_two() missing required argument 'b'
from numba import njit

FACTOR = 2.5


@njit
def scaled(x, factor=FACTOR):
    return x * factor


@njit
def needs_two(a, b):
    return a + b
