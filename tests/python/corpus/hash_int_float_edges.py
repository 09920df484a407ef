"""hash() of ints, floats, tuples and strings as CPython defines it, int64 edge values
(abs, floor division and modulo, shifts), mixed int/float comparison and min/max, float
floor division and modulo with signs, -0.0 and infinity, and complex arithmetic."""
from numba import njit
from _same import check_same


@njit
def hashes(i, f, t):
    return hash(i), hash(f), hash(t), hash((i, f)), hash(True), hash(-1)


@njit
def str_hash(s):
    return hash(s)


@njit
def int_edges(a):
    return abs(a + 1), a // 7, a % 7, -(a + 1), a >> 63


@njit
def mixed_compare(a, b):
    return a == b, a < b, (a, 1) < (b, 2), max(a, b), min(a, b)


@njit
def float_int_div(a, b):
    return a / b, a // b, a % b


@njit
def float_floor_mod(a, b):
    return a // b, a % b, divmod(a, b)


@njit
def complex_ops(a, b):
    return a * b, a / b, a + b, a - b, abs(a), a ** 2, a == b, -a


def check():
    check_same(hashes, 12345, 1.5, (1, 2, 3))
    check_same(hashes, -1, -0.0, (-1, -2))
    check_same(hashes, 2**62, 1e300, (2**62, 7))
    check_same(hashes, 2305843009213693951, float("inf"), (0,))
    check_same(hashes, 1, 0.1, (1,))
    check_same(str_hash, "hello")
    check_same(str_hash, "")
    check_same(int_edges, -9223372036854775808)
    check_same(int_edges, 9223372036854775806)
    check_same(mixed_compare, 3, 3.5)
    check_same(mixed_compare, 2.0, 2)
    check_same(float_int_div, 7, 2.0)
    check_same(float_int_div, -7.5, 2)
    for a, b in [(-7.5, 2.0), (7.5, -2.0), (-0.0, 3.0), (1e300, 3.0), (5.0, float("inf")), (-5.0, float("inf"))]:
        check_same(float_floor_mod, a, b)
    check_same(complex_ops, 1 + 2j, 3 - 1j)
    check_same(complex_ops, 1 + 2j, 0.5j)
