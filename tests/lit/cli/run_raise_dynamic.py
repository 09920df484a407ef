# A raise whose message is built at run time (Numba's dynamic exceptions): `ujit run` prints
# the message with the values, as Python's str(exc) gives it, and exits 1.
# RUN: %expect-status 1 %ujit run %s check -2 2>&1 | FileCheck %s --check-prefix=ONE
# RUN: %expect-status 1 %ujit run %s check 40 2>&1 | FileCheck %s --check-prefix=SEVERAL
# RUN: %ujit run %s check 3 | FileCheck %s --check-prefix=OK
from numba import njit


@njit
def check(x):
    if x < 0:
        raise ValueError(f"x is {x}, below " + str(0))
    if x > 10:
        raise KeyError("too big", x, x / 16, x > 20)
    return x


# ONE: ValueError: x is -2, below 0 (raised in check at {{.*}}run_raise_dynamic.py:12:9)
# SEVERAL: KeyError: ('too big', 40, 2.5, True) (raised in check at {{.*}}run_raise_dynamic.py:14:9)
# OK: 3
