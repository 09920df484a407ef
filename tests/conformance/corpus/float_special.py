# IEEE special values: inf and nan propagate, nan compares unequal to everything, and
# -0.0 equals 0.0 but keeps its sign through negation, multiplication and copysign.
import math
from numba import njit


# cases: (math.inf, 1.0), (math.inf, -math.inf), (math.nan, 1.0), (-0.0, 0.0), (-0.0, -0.0), (1e308, 1e308)
@njit
def add(a, b):
    return a + b


# cases: (math.inf, 0.0), (-math.inf, -2.0), (-0.0, 5.0), (-0.0, -5.0), (1e-200, 1e-200), (1e200, 1e200)
@njit
def mul(a, b):
    return a * b


# cases: (1.0, math.inf), (-1.0, math.inf), (math.inf, math.inf), (0.0, -3.0), (1.0, 3.0), (2.0, 3.0)
@njit
def div(a, b):
    return a / b


# cases: (math.nan, math.nan), (math.nan, 1.0), (1.0, 1.0), (-0.0, 0.0), (math.inf, math.inf)
@njit
def eq(a, b):
    return a == b


# cases: (math.nan, math.nan), (math.nan, 1.0), (1.0, 1.0)
@njit
def ne(a, b):
    return a != b


# Every ordered comparison with nan is False, in both directions.
# cases: (math.nan, 1.0), (1.0, math.nan), (math.nan, math.nan), (1.0, 2.0), (-math.inf, math.inf)
@njit
def ordered_comparisons(a, b):
    return a < b, a <= b, a > b, a >= b


# `not (x < y)` differs from `x >= y` exactly when a nan is involved.
# cases: (math.nan, 1.0), (2.0, 1.0), (1.0, 2.0)
@njit
def not_less(a, b):
    return not (a < b)


# cases: 0.0, -0.0, math.inf, -math.inf, math.nan, 3.5
@njit
def negate(a):
    return -a


# cases: 0.0, -0.0, 5.0, -5.0
@njit
def sign_bit(a):
    return math.copysign(1.0, a) < 0.0


# cases: 0.0, -0.0
@njit
def zero_plus_zero(a):
    return a + 0.0, a - 0.0, a * -1.0


# cases: math.nan, math.inf, -math.inf, 0.0, 1.0
@njit
def self_equal(a):
    return a == a


# cases: (math.inf, 1.0), (math.inf, math.inf), (1e308, 10.0)
@njit
def inf_arith(a, b):
    return a - b, a * b, a + b


# Module constants from math.
# cases: ()
@njit
def math_constants():
    return math.inf, -math.inf, math.isnan(math.nan), math.pi, math.e


# cases: (0.1, 0.2), (1e16, 1.0), (1.0, 1e-16), (-0.5, 0.5)
@njit
def rounding_of_add(a, b):
    return a + b


# Smallest subnormal and largest finite numbers survive arithmetic exactly.
# cases: (5e-324, 2.0), (1.7976931348623157e308, 0.5), (2.2250738585072014e-308, 0.5)
@njit
def extremes_mul(a, b):
    return a * b


# cases: (math.nan, 0.0), (0.0, math.nan), (math.inf, math.nan)
@njit
def nan_propagation(a, b):
    return a + b, a - b, a * b
