# `ujit run` of a function that iterates a generator (issue 19): the generator runs as a
# coroutine inside compiled code. CPython prints the same: 30, [0, 1, 4, 9, 16], (2, True, 0).
# A generator itself cannot be returned to the command line: a located error.
# RUN: %ujit run %s total 5 | FileCheck %s --check-prefix=TOTAL
# RUN: %ujit run %s listed 5 | FileCheck %s --check-prefix=LISTED
# RUN: %ujit run %s ranged 2 12 5 | FileCheck %s --check-prefix=RANGED
# RUN: not %ujit run %s squares 5 2>&1 | FileCheck %s --check-prefix=REFUSED
# TOTAL: {{^}}30{{$}}
# LISTED: {{^}}[0, 1, 4, 9, 16]{{$}}
# RANGED: {{^}}(2, True, 0){{$}}
# REFUSED: run_generator.py:[[@LINE+5]]:5: error: cannot return int64 generator(func=squares, args=(int64,), has_finalizer=True) from 'squares'
from numba import njit


@njit
def squares(n):
    for i in range(n):
        yield i * i


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
