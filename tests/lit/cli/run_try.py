# try/except in compiled code catches a raise in the function it calls (ZeroDivisionError from
# `//` there, a raise of the module's own class), runs else/finally as Python does, and what
# it does not catch still reaches the caller.
# RUN: %ujit run %s safe_div 7 2 | FileCheck %s --check-prefix=OK
# RUN: %ujit run %s safe_div 7 0 | FileCheck %s --check-prefix=CAUGHT
# RUN: %ujit run %s safe_div 7 -1 | FileCheck %s --check-prefix=MINE
# RUN: %expect-status 1 %ujit run %s cleanup 0 2>&1 | FileCheck %s --check-prefix=FINALLY
from numba import njit


class Negative(Exception):
    pass


@njit
def divide(a, b):
    if b < 0:
        raise Negative("negative divisor")
    return a // b


@njit
def safe_div(a, b):
    steps = 0
    try:
        r = divide(a, b)
    except Exception:
        r = -1
    else:
        steps += 10
    finally:
        steps += 1
    return r * 100 + steps


@njit
def cleanup(b):
    r = 0
    try:
        r = divide(1, b)
    finally:
        print("finally ran")
    return r


# OK: 311
# CAUGHT: -99
# MINE: -99
# FINALLY: finally ran
# FINALLY: ZeroDivisionError: integer division by zero
