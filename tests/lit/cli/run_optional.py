# Numba's Optional(T) through the CLI: a function returning a value on one path and None on
# another prints the value or None, as Python's print does; the types dump spells the type
# as Numba does; None where a value is needed is Numba's TypeError.
# RUN: %ujit run %s g 3 | FileCheck %s --check-prefix=VALUE
# RUN: %ujit run %s g 0 | FileCheck %s --check-prefix=NONE
# RUN: %ujit run %s f 0 | FileCheck %s --check-prefix=CHECKED
# RUN: %ujit types %s g --sig '(int64,)' | FileCheck %s --check-prefix=TYPES
# RUN: %expect-status 1 %ujit run %s unchecked 0 2>&1 | FileCheck %s --check-prefix=RAISE
# VALUE: {{^}}3{{$}}
# NONE: {{^}}None{{$}}
# CHECKED: {{^}}-5{{$}}
# TYPES: # g (int64) -> OptionalType(int64)
# RUN: %expect-status 1 %ujit run %s pair 2 2>&1 | FileCheck %s --check-prefix=TUPLE
# RAISE: TypeError: expected int64, got None
# TUPLE: run_optional.py:[[@LINE+25]]:1: error: 'pair' returns Tuple(OptionalType(int64), int64), a tuple holding an Optional
from numba import njit


@njit
def g(x):
    if x > 0:
        return x
    return None


@njit
def f(x):
    r = g(x)
    if r is None:
        return -5
    return r + 1


@njit
def unchecked(x):
    return g(x) * 2


@njit
def pair(x):
    return (g(x), 1)
