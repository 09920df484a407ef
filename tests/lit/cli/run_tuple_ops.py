# Tuple slices with constant bounds, t + t2 of different item types, hash() of a tuple
# (CPython's value) and dict and set comprehensions, through `ujit run`; Numba 0.68 gives the
# same results.
# RUN: %ujit run %s middle "(1, 2, 3, 4)" | FileCheck %s --check-prefix=SLICE
# RUN: %ujit run %s backward "(1, 2.5, 3)" | FileCheck %s --check-prefix=REVERSED
# RUN: %ujit run %s joined | FileCheck %s --check-prefix=JOINED
# RUN: %ujit run %s hashed "(1, 2, 3)" | FileCheck %s --check-prefix=HASH
# RUN: %ujit run %s squares 3 | FileCheck %s --check-prefix=DICT
# RUN: %ujit run %s residues 10 | FileCheck %s --check-prefix=SET
# SLICE: (2, 3)
# REVERSED: (3, 2.5, 1)
# JOINED: (1, 2, 3.0)
# HASH: 529344067295497451
# DICT: {0: 0, 1: 1, 2: 4}
# SET: {0, 1, 2, 3}
from numba import njit


@njit
def middle(t):
    return t[1:3]


@njit
def backward(t):
    return t[::-1]


@njit
def joined():
    return (1, 2) + (3.0,)


@njit
def hashed(t):
    return hash(t)


@njit
def squares(n):
    return {i: i * i for i in range(n)}


@njit
def residues(n):
    return {i % 4 for i in range(n)}
