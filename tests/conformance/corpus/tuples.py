# Tuples as values: returned, unpacked, swapped, indexed with constants, nested, passed
# as arguments, and holding different types.
from numba import njit


# cases: (1, 2), (-5, 7)
@njit
def swap(a, b):
    a, b = b, a
    return a, b


# cases: (1.5, 2), (-0.0, -3)
@njit
def mixed_pair(x, n):
    return x, n


# cases: (3, 4, 5)
@njit
def rotate3(a, b, c):
    a, b, c = b, c, a
    return a, b, c


@njit
def min_max(a, b):
    if a < b:
        return a, b
    return b, a


# Unpacking a tuple returned by another function.
# cases: (5, 2), (2, 5), (-1, -1)
@njit
def spread(a, b):
    lo, hi = min_max(a, b)
    return hi - lo


# cases: ((1, 2),), ((-3, 9),)
@njit
def first_of(t):
    return t[0]


# cases: ((1.5, 2.5, 3.5),)
@njit
def sum_triple(t):
    return t[0] + t[1] + t[2]


# cases: ((7, 2.5),)
@njit
def index_mixed(t):
    return t[1], t[0]


# cases: (1, 2, 3)
@njit
def nested(a, b, c):
    return (a, (b, c)), c


# cases: ((1, (2, 3)),)
@njit
def unpack_nested(t):
    a, (b, c) = t
    return a * 100 + b * 10 + c


# cases: (10, 3), (-10, 3)
@njit
def quotient_remainder(a, b):
    q, r = divmod(a, b)
    return q, r, q * b + r


# A tuple kept in a variable and unpacked later.
# cases: (2, 3)
@njit
def tuple_variable(a, b):
    t = (a + b, a * b)
    s, p = t
    return s - p


# Swapping in a loop: Fibonacci pairs.
# cases: 0, 1, 10, 50
@njit
def fib_pair(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a, b


# cases: ((4, 5, 6),)
@njit
def tuple_len(t):
    return len(t)


# A tuple of booleans.
# cases: (3, 5), (5, 3)
@njit
def compare_all(a, b):
    return a < b, a == b, a > b
