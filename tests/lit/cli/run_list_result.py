# `ujit run` of functions that build lists: print(l) inside compiled code and the returned
# list both print as CPython prints the same values (the CHECK lines are CPython's output).
# RUN: %ujit run %s squares 5 | FileCheck %s --check-prefix=SQUARES
# RUN: %ujit run %s nested 3 | FileCheck %s --check-prefix=NESTED
from numba import njit


@njit
def squares(n):
    l = [i * i for i in range(n)]
    print("l =", l, len(l))
    return l


# SQUARES: l = [0, 1, 4, 9, 16] 5
# SQUARES-NEXT: [0, 1, 4, 9, 16]


@njit
def nested(n):
    l = [[j * 0.5 for j in range(k)] for k in range(n)]
    t = [(1, True), (2, False)]
    print(l, t, [1][:0])
    return l, t


# NESTED: {{^\[\[}}], [0.0], [0.0, 0.5]] [(1, True), (2, False)] []{{$}}
# NESTED-NEXT: {{^\(\[\[}}], [0.0], [0.0, 0.5]], [(1, True), (2, False)]){{$}}
