"""A variable that is an int on one path and a float on another unifies to float64."""
from numba import njit
from _same import check_same


@njit
def pick(flag, n):
    if flag:
        x = n
    else:
        x = n / 2
    return x


@njit
def acc_mixed(n):
    acc = 0
    for i in range(n):
        if i % 3 == 0:
            acc += 0.5
        else:
            acc += i
    return acc


@njit
def ret_mixed(n):
    if n > 0:
        return n
    return 0.5


def check():
    check_same(pick, True, 5)
    check_same(pick, False, 5)
    check_same(acc_mixed, 10)
    check_same(ret_mixed, 3)
    check_same(ret_mixed, -3)
