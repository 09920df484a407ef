# int64 arithmetic wraps around on overflow (two's complement), as Numba's does. The oracle
# computes with Python's big ints and reduces the result modulo 2**64 (`# wrap`), which is
# exact because +, -, *, <<, &, |, ^ commute with that reduction; these functions use
# nothing else on values that may overflow.
from numba import njit


# wrap
# cases: (9223372036854775807, 1), (-9223372036854775808, -1), (9223372036854775807, 9223372036854775807)
@njit
def add_wrap(a, b):
    return a + b


# wrap
# cases: (-9223372036854775808, 1), (0, -9223372036854775808), (9223372036854775807, -1)
@njit
def sub_wrap(a, b):
    return a - b


# wrap
# cases: (4611686018427387904, 2), (4611686018427387904, 4), (3037000500, 3037000500), (-9223372036854775808, -1), (1000000007, 998244353998244353)
@njit
def mul_wrap(a, b):
    return a * b


# wrap
# cases: -9223372036854775808, 9223372036854775807, 0
@njit
def neg_wrap(a):
    return -a


# wrap
# cases: -9223372036854775808, -5
@njit
def abs_wrap(a):
    return abs(a)


# wrap
# cases: (1, 63), (3, 62), (-1, 63), (12345, 60)
@njit
def shl_wrap(a, b):
    return a << b


# wrap
# cases: 20, 21, 25, 30
@njit
def factorial_wrap(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


# wrap
# cases: 90, 92, 93, 100
@njit
def fibonacci_wrap(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


# FNV-1a over the numbers 0..n-1: multiply and xor wrap at 64 bits.
# wrap
# cases: 1, 10, 1000
@njit
def fnv1a(n):
    h = -3750763034362895579  # 14695981039346656037 as a signed 64-bit value
    for i in range(n):
        h ^= i
        h *= 1099511628211
    return h


# wrap
# cases: (31, 10), (31, 40), (131, 30)
@njit
def polynomial_hash(base, n):
    h = 0
    for i in range(n):
        h = h * base + i
    return h


# wrap
# cases: (3, 40), (7, 30), (-3, 41), (2, 64)
@njit
def int_power_wrap(a, n):
    return a ** n
