# Python builtins: abs, min, max (two or more arguments, nan handling in Python's order),
# round (half to even, returning an int), int (truncation), float, bool.
import math
from numba import njit


# cases: -5, 0, 7, -9223372036854775807
@njit
def abs_int(x):
    return abs(x)


# cases: -2.5, -0.0, math.inf, -math.inf, math.nan
@njit
def abs_float(x):
    return abs(x)


# cases: (3, 5), (-3, -5), (4, 4)
@njit
def min_max_int(a, b):
    return min(a, b), max(a, b)


# cases: (1, 9, -4, 3), (0, 0, 0, 0)
@njit
def min_max_many(a, b, c, d):
    return min(a, b, c, d), max(a, b, c, d)


# Python's min/max compare with < and >: a nan first argument wins, a later nan loses.
# cases: (math.nan, 1.0), (1.0, math.nan), (-0.0, 0.0), (0.0, -0.0), (-math.inf, 2.0)
@njit
def min_max_float(a, b):
    return min(a, b), max(a, b)


# cases: (1.5, math.nan, 2.5), (math.nan, 1.5, 2.5)
@njit
def max_three_nan(a, b, c):
    return max(a, b, c)


# round() with one argument: half to even, an int result.
# cases: 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999999999999996, 2.6, -2.6, 1e15 + 0.5, 4503599627370497.0, -0.0
@njit
def round_half_even(x):
    return round(x)


# cases: 7, -7
@njit
def round_int(x):
    return round(x)


# int() truncates toward zero.
# cases: 2.9, -2.9, -0.5, 0.0, 1e18, -9.223372036854775e18
@njit
def int_of_float(x):
    return int(x)


# cases: 0, -3, 9007199254740993, -9007199254740993
@njit
def float_of_int(x):
    return float(x)


# cases: 0, 1, -1
@njit
def bool_of_int(x):
    return bool(x)


# cases: 0.0, -0.0, 0.5, math.nan, math.inf
@njit
def bool_of_float(x):
    return bool(x)


# cases: 3.75, -3.75
@njit
def int_float_roundtrip(x):
    return float(int(x))


# cases: (2.5, 3), (-2.5, 3)
@njit
def mixed_int_float_ops(x, n):
    return x * n, x + n, n - x, n / x


# Booleans in arithmetic count as 0 and 1.
# cases: (True, True), (True, False)
@njit
def bool_sum(a, b):
    return a + b


# cases: (True, 5), (False, 5)
@njit
def bool_times_int(p, n):
    return p * n


# cases: (3, 4), (-3, 4)
@njit
def int_truediv_types(a, b):
    return a / b, a // b


# abs of a mixed expression.
# cases: (1.5, 4), (-10.0, 2)
@njit
def abs_mixed(x, n):
    return abs(x - n)


# min of int arguments stays an int; the same call with floats is a float.
# cases: (2, 3, 1.5, 0.5)
@njit
def min_keeps_type(a, b, x, y):
    return min(a, b), min(x, y)
