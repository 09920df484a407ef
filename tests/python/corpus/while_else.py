"""while/else and loop control with break and continue."""
from numba import njit
from _same import check_same


@njit
def find_square(limit, target):
    i = 0
    result = -1
    while i < limit:
        i += 1
        if i % 2 == 0:
            continue
        if i * i == target:
            result = i
            break
    else:
        result = -2
    return result


def check():
    check_same(find_square, 100, 49)
    check_same(find_square, 100, 36)
    check_same(find_square, 5, 81)
