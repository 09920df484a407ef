"""abs, round, divmod, pow, min and max over mixed ints and floats."""
from numba import njit
from _same import check_same


@njit
def mixed(a, b):
    return (abs(a - b), round(a / 3, 2), divmod(a, 7), pow(a, 2), pow(2.0, b),
            min(a, b, 0.5), max(a, 2.5), min(1, 2), max(True, 3))


@njit
def rounding(x):
    return round(x), round(-x), round(x, 1), round(x, -1), abs(-x)


@njit
def divmods(a, b):
    return divmod(a, b), divmod(float(a), b), a // b, a % b, -a // b, -a % b


def check():
    check_same(mixed, 10, 3)
    check_same(mixed, -4, 2.5)
    for x in (0.5, 1.5, 2.5, 2.675, 123.456, -7.25):
        check_same(rounding, x)
    for a, b in ((7, 2), (-7, 2), (7, -2), (13, 5)):
        check_same(divmods, a, b)
