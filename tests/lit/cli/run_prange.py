# parallel=True from the command line: prange loops run on the pool (any thread count gives
# the serial loop's result), a raise in a worker reaches `ujit run` as the same exception.
# RUN: %ujit run %s squares 100000 | FileCheck %s --check-prefix=SUM
# RUN: env UJIT_NUM_THREADS=1 %ujit run %s squares 100000 | FileCheck %s --check-prefix=SUM
# RUN: env NUMBA_NUM_THREADS=3 %ujit run %s squares 100000 | FileCheck %s --check-prefix=SUM
# RUN: %expect-status 1 %ujit run %s checked 100000 2>&1 | FileCheck %s --check-prefix=RAISE
from numba import njit, prange


@njit(parallel=True)
def squares(n):
    s = 0
    for i in prange(n):
        s += i * i
    return s


@njit(parallel=True)
def checked(n):
    s = 0
    for i in prange(n):
        if i == 77777:
            raise ValueError("unlucky")
        s += i
    return s


# SUM: 333328333350000
# RAISE: ValueError: unlucky (raised in checked at {{.*}}run_prange.py:23:13)
