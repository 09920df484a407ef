# A raise in compiled code: `ujit run` prints Python's "Class: message" line, where it was
# raised, and exits 1.
# RUN: %expect-status 1 %ujit run %s sign -2 2>&1 | FileCheck %s --check-prefix=VALUE
# RUN: %expect-status 1 %ujit run %s sign 0 2>&1 | FileCheck %s --check-prefix=BARE
# RUN: %expect-status 1 %ujit run %s sign 7 2>&1 | FileCheck %s --check-prefix=MINE
# RUN: %expect-status 1 %ujit run %s sign 5 2>&1 | FileCheck %s --check-prefix=ASSERT
# RUN: %ujit run %s sign 3 | FileCheck %s --check-prefix=OK
from numba import njit


class TooBig(Exception):
    pass


@njit
def sign(x):
    if x < 0:
        raise ValueError("negative")
    if x == 0:
        raise ZeroDivisionError
    if x > 6:
        raise TooBig("too big")
    assert x != 5, "not five"
    return 1


# VALUE: ValueError: negative (raised in sign at {{.*}}run_raise.py:18:9)
# BARE: ZeroDivisionError (raised in sign at {{.*}}run_raise.py:20:9)
# MINE: TooBig: too big (raised in sign at {{.*}}run_raise.py:22:9)
# ASSERT: AssertionError: not five (raised in sign at {{.*}}run_raise.py:23:5)
# OK: 1
