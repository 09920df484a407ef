# erf, gamma, lgamma, floor/ceil/trunc (int results), isnan/isinf/isfinite, copysign,
# float % signs, gcd.
import math
from numba import njit


# cases: 0.0, -0.0, math.inf, -math.inf
@njit
def erf_exact(x):
    return math.erf(x), math.erfc(x)


# tol: 1e-15
# cases: 0.5, -0.5, 1.0, 2.0, 3.0, 1e-10
@njit
def erf(x):
    return math.erf(x)


# tol: 1e-14
# cases: 0.5, -0.5, 1.0, 5.0
@njit
def erfc(x):
    return math.erfc(x)


# gamma at small integers is a factorial.
# tol: 1e-15
# cases: 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 10.0, 20.0
@njit
def gamma_ints(x):
    return math.gamma(x)


# tol: 1e-14
# cases: 0.5, 1.5, -0.5, -1.5, 0.1, 30.5
@njit
def gamma(x):
    return math.gamma(x)


# cases: math.inf
@njit
def gamma_inf(x):
    return math.gamma(x)


# lgamma(1) and lgamma(2) are exactly zero.
# cases: 1.0, 2.0, math.inf, -math.inf
@njit
def lgamma_exact(x):
    return math.lgamma(x)


# tol: 1e-14
# cases: 0.5, 3.0, 10.0, 100.0, -0.5, 1e-5
@njit
def lgamma(x):
    return math.lgamma(x)


# floor/ceil/trunc of a float return an int.
# cases: 2.5, -2.5, -0.5, 0.5, -0.0, 3.0, -3.0, 1e15 + 0.5, -4503599627370495.5
@njit
def floor_ceil_trunc(x):
    return math.floor(x), math.ceil(x), math.trunc(x)


# The int result can be used in int arithmetic.
# cases: 7.9, -7.9
@njit
def floor_times(x):
    return math.floor(x) * 3 // 2


# On an int, floor and ceil are the identity.
# cases: 7, -7
@njit
def floor_of_int(n):
    return math.floor(n), math.ceil(n)


# cases: 0.0, math.nan, math.inf, -math.inf, 1e308, 5e-324
@njit
def classify(x):
    return math.isnan(x), math.isinf(x), math.isfinite(x)


# cases: 3, -3
@njit
def classify_int(n):
    return math.isnan(n), math.isinf(n), math.isfinite(n)


# cases: (1.0, -0.0), (-1.0, 0.0), (3.0, -math.inf), (math.inf, -1.0), (0.0, -2.0), (-2.0, math.nan)
@njit
def copysign(x, y):
    return math.copysign(x, y)


# % on floats takes the sign of the divisor; an exact zero remainder takes it too.
# cases: (7.0, 3.0), (-7.0, 3.0), (7.0, -3.0), (-7.0, -3.0), (6.0, -3.0), (-6.0, 3.0), (0.5, math.inf), (1e300, 3.0)
@njit
def float_mod_signs(a, b):
    return a % b


# cases: (12, 18), (-12, 18), (12, -18), (0, 5), (0, 0), (17, 31)
@njit
def gcd(a, b):
    return math.gcd(a, b)


# cases: 2.5, -1.25
@njit
def fabs(x):
    return math.fabs(x)


# cases: -3
@njit
def fabs_int(n):
    return math.fabs(n)
