# `ujit run` of generators (issue 19): a function that iterates one runs it as a coroutine
# inside compiled code; a generator function itself prints each value it yields on a line of
# its own, as `for x in squares(5): print(x)` does in CPython (0 1 4 9 16; pairs: (0, 0.0)
# (1, 0.5) (2, 1.0); rows: NumPy's str of each array). A raise inside it ends the run after
# the lines before it, with Python's "Class: message" line and exit status 1. CPython prints
# the same: 30, [0, 1, 4, 9, 16], (2, True, 0).
# RUN: %ujit run %s total 5 | FileCheck %s --check-prefix=TOTAL
# RUN: %ujit run %s listed 5 | FileCheck %s --check-prefix=LISTED
# RUN: %ujit run %s ranged 2 12 5 | FileCheck %s --check-prefix=RANGED
# RUN: %ujit run %s squares 5 | FileCheck %s --check-prefix=YIELDS --match-full-lines
# RUN: %ujit run %s pairs 3 | FileCheck %s --check-prefix=PAIRS --match-full-lines
# RUN: %ujit run %s rows 2 | FileCheck %s --check-prefix=ROWS --match-full-lines
# RUN: %ujit run %s squares 0 | FileCheck %s --check-prefix=NONE --allow-empty
# RUN: %expect-status 1 %ujit run %s boom 5 2>&1 | FileCheck %s --check-prefix=BOOM
# RUN: not %ujit run %s in_tuple 5 2>&1 | FileCheck %s --check-prefix=REFUSED
# TOTAL: {{^}}30{{$}}
# LISTED: {{^}}[0, 1, 4, 9, 16]{{$}}
# RANGED: {{^}}(2, True, 0){{$}}
# YIELDS: 0
# YIELDS-NEXT: 1
# YIELDS-NEXT: 4
# YIELDS-NEXT: 9
# YIELDS-NEXT: 16
# YIELDS-NOT: {{.}}
# NONE-NOT: {{.}}
# PAIRS: (0, 0.0)
# PAIRS-NEXT: (1, 0.5)
# PAIRS-NEXT: (2, 1.0)
# ROWS: [0. 0. 0.]
# ROWS-NEXT: [1. 1. 1.]
# BOOM: {{^}}0{{$}}
# BOOM-NEXT: {{^}}1{{$}}
# BOOM: ValueError: two
# BOOM-NOT: {{^}}2{{$}}
# REFUSED: run_generator.py:[[@LINE+32]]:5: error: cannot return Tuple(int64, int64 generator(func=squares, args=(int64,), has_finalizer=True)) from 'in_tuple'
from numba import njit
import numpy as np


@njit
def squares(n):
    for i in range(n):
        yield i * i


@njit
def pairs(n):
    for i in range(n):
        yield i, i * 0.5


@njit
def rows(n):
    for i in range(n):
        yield np.zeros(3) + i


@njit
def boom(n):
    for i in range(n):
        if i == 2:
            raise ValueError("two")
        yield i


@njit
def in_tuple(n):
    return n, squares(n)


@njit
def total(n):
    t = 0
    for x in squares(n):
        t += x
    return t


@njit
def listed(n):
    return list(squares(n))


@njit
def ranged(a, b, s):
    r = range(a, b, s)
    return len(r), 7 in r, r[-2] // 4
