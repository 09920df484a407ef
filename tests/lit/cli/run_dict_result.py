# A dict or set that compiled code returns reaches the C++ API as ujit::Value::Dict / Set,
# and `ujit run` prints it as Python's print would: a dict in insertion order, a set's items.
# RUN: %ujit run %s squares 4 | FileCheck %s --check-prefix=DICT
# RUN: %ujit run %s evens 3 | FileCheck %s --check-prefix=SET
# RUN: %ujit run %s nothing 0 | FileCheck %s --check-prefix=EMPTY
# DICT: {4: 2.0, 3: 1.5, 1: 0.5}
# SET: {0, 2, 4}
# EMPTY: set()
from numba import njit


@njit
def squares(n):
    d = {}
    for j in range(n):
        d[n - j] = (n - j) * 0.5
    del d[2]
    return d


@njit
def evens(n):
    s = set()
    for i in range(n):
        s.add(i * 2)
    return s


@njit
def nothing(n):
    s = {n}
    s.discard(n)
    return s
