# Integer // and % round toward -inf (Python's and Numba's rule), for every sign
# combination; divmod returns both. The divisor is never zero here: on the CPU Numba
# raises ZeroDivisionError, which is an error test, not a value test.
from numba import njit


# cases: (7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (0, 5), (0, -5), (1, 7), (-1, 7)
@njit
def floordiv(a, b):
    return a // b


# cases: (7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, -3), (0, -5), (1, -7), (-1, 7)
@njit
def mod(a, b):
    return a % b


# cases: (7, 2), (-7, 2), (7, -2), (-7, -2), (9223372036854775807, 10), (-9223372036854775807, 10)
@njit
def divmod_pair(a, b):
    return divmod(a, b)


# q * b + r == a holds for floor division as it does for truncation.
# cases: (17, 5), (-17, 5), (17, -5), (-17, -5), (123456789, -1000)
@njit
def divmod_identity(a, b):
    q = a // b
    r = a % b
    return q * b + r == a


# The remainder takes the divisor's sign (or is zero).
# cases: (13, 4), (-13, 4), (13, -4), (-13, -4), (12, -4)
@njit
def mod_sign_follows_divisor(a, b):
    r = a % b
    return r == 0 or (r < 0) == (b < 0)


# cases: (-9223372036854775807, 2), (9223372036854775807, -2), (-9223372036854775808, 3)
@njit
def floordiv_extremes(a, b):
    return a // b


# cases: (-9223372036854775808, 7), (9223372036854775807, -7), (-9223372036854775808, -3)
@njit
def mod_extremes(a, b):
    return a % b


# Augmented assignment uses the same rules.
# cases: (100, -7), (-100, 7)
@njit
def floordiv_augmented(a, b):
    a //= b
    a %= 3
    return a


# cases: 12345, -12345, 0, 9
@njit
def digit_sum(n):
    # abs first: -12345 // 10 is -1235 (toward -inf), so work on the magnitude
    n = abs(n)
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s


# An int divided by an int with / is a float64, also for negative operands.
# cases: (7, 2), (-7, 2), (7, -2), (1, 3), (-1, 3), (0, -3), (6, 3)
@njit
def true_div(a, b):
    return a / b


# Parity with % works for negative numbers because the result is never negative.
# cases: -3, -2, 0, 5
@njit
def is_odd(n):
    return n % 2 == 1
