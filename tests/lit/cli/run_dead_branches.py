# Numba's dead branch pruning through the CLI: a test known from constants and types
# compiles its live branch only (the dead one would not type); `is` between numbers is `==`
# within one type; a tuple of one element type takes a run-time index.
# RUN: %ujit run %s flagged 5 | FileCheck %s --check-prefix=FLAG
# RUN: %ujit run %s defaults 4 | FileCheck %s --check-prefix=NONE
# RUN: %ujit run %s identity 3 | FileCheck %s --check-prefix=IS
# RUN: %ujit run %s pick 2 | FileCheck %s --check-prefix=PICK
# FLAG: {{^}}6{{$}}
# NONE: {{^}}11{{$}}
# IS: {{^}}(True, False){{$}}
# PICK: {{^}}30{{$}}
from numba import njit

DEBUG = False


@njit
def flagged(a):
    if DEBUG:
        return a[0]  # an int has no items: never typed while DEBUG is False
    return a + 1


@njit
def add_maybe(a, b=None):
    if b is None:
        return a
    return a + b


@njit
def defaults(a):
    return add_maybe(a) + add_maybe(a, 3)


@njit
def identity(a):
    return (a is 3, a is 3.0)


@njit
def pick(i):
    t = (10, 20, 30)
    return t[i]
