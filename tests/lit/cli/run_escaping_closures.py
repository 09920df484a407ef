# A closure capturing only constants (a local assigned once, to a literal) may escape: Numba
# freezes the constants into it, so it can be passed to another compiled function. A closure
# capturing anything else cannot, with Numba's words, located where it is called (in apply).
# RUN: %ujit run %s frozen 5 | FileCheck %s --check-prefix=FROZEN
# RUN: not %ujit run %s not_constant 5 2>&1 | FileCheck %s --check-prefix=ESCAPE
from numba import njit


@njit
def apply(f, x):
    return f(x)


@njit
def frozen(x):
    k = 3
    return apply(lambda v: v * k, x), apply(lambda v: v - k, x)
# FROZEN: (15, 2)


@njit
def not_constant(x):
    k = x + 1
    return apply(lambda v: v * k, x)
# ESCAPE: run_escaping_closures.py:11:12: error: Cannot capture the non-constant value associated with variable 'k' in a function that may escape
