# math functions at edge values: exact results where IEEE or C99 Annex F fixes them, and
# a tolerance (# tol: rtol) where the platform's libm may round differently from CPython's.
import math
from numba import njit


# cases: 0.0, -0.0, 1.0, 4.0, 2.0, math.inf, 1e-320, 0.25
@njit
def sqrt(x):
    return math.sqrt(x)


# cases: 1.0, math.inf
@njit
def log_exact(x):
    return math.log(x)


# tol: 1e-15
# cases: 2.0, 10.0, 1e-300, 1e300, 0.5, 5e-324
@njit
def log(x):
    return math.log(x)


# cases: 0.0, -0.0, -math.inf, math.inf
@njit
def exp_exact(x):
    return math.exp(x)


# tol: 1e-15
# cases: 1.0, -1.0, 0.5, 700.0, -700.0, 1e-10
@njit
def exp(x):
    return math.exp(x)


# atan2 at the signed zeros and in each quadrant.
# cases: (0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0), (0.0, 1.0), (-0.0, 1.0)
@njit
def atan2_zeros(y, x):
    return math.atan2(y, x)


# tol: 1e-15
# cases: (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0), (0.0, -1.0), (-0.0, -1.0), (1.0, 0.0), (-1.0, 0.0), (math.inf, math.inf), (-math.inf, -math.inf), (1.0, math.inf), (1.0, -math.inf)
@njit
def atan2(y, x):
    return math.atan2(y, x)


# cases: (3.0, 4.0), (0.0, 0.0), (-5.0, 12.0), (math.inf, math.nan), (math.nan, -math.inf), (0.0, -7.5)
@njit
def hypot_exact(x, y):
    return math.hypot(x, y)


# tol: 1e-15
# cases: (1.0, 1.0), (1e200, 1e200), (1e-200, 3e-200), (1.0, 1e-8)
@njit
def hypot(x, y):
    return math.hypot(x, y)


# cases: 0.0, -0.0
@njit
def trig_zero(x):
    return math.sin(x), math.cos(x), math.tan(x), math.asin(x), math.atan(x)


# tol: 1e-15
# cases: 0.5, -1.0, 3.0, 1e-5
@njit
def trig(x):
    return math.sin(x), math.cos(x), math.tan(x)


# tol: 1e-15
# cases: 1.0, -1.0, 0.5
@njit
def inverse_trig(x):
    return math.asin(x), math.acos(x), math.atan(x)


# cases: math.inf, -math.inf
@njit
def atan_inf(x):
    return math.atan(x) * 2.0


# tol: 1e-15
# cases: 0.5, -2.0, 0.0
@njit
def hyperbolic(x):
    return math.sinh(x), math.cosh(x), math.tanh(x)


# cases: math.inf, -math.inf
@njit
def tanh_inf(x):
    return math.tanh(x)


# tol: 1e-15
# cases: 1e-10, -1e-10, 1.0
@njit
def expm1_log1p(x):
    return math.expm1(x), math.log1p(x)


# cases: 0.0, -0.0
@njit
def expm1_log1p_zero(x):
    return math.expm1(x), math.log1p(x)


# cases: 1.0, 8.0, 1024.0, 0.5
@njit
def log2_powers(x):
    return math.log2(x)


# tol: 1e-15
# cases: 1.0, 1000.0, 1e-5, 2.0
@njit
def log10(x):
    return math.log10(x)


# tol: 1e-15
# cases: (2.0, 0.5), (10.0, -2.0), (0.5, 3.5), (2.0, 1000.0)
@njit
def pow_fn(x, y):
    return math.pow(x, y)


# cases: (2.0, 10.0), (-2.0, 3.0), (0.0, 0.0), (1.0, math.nan), (math.nan, 0.0), (-1.0, math.inf), (4.0, 0.5)
@njit
def pow_exact(x, y):
    return math.pow(x, y)


# tol: 1e-15
# cases: 180.0, 1.0, -90.0
@njit
def degrees_radians(x):
    return math.radians(x), math.degrees(x)


# cases: (1.5, 3), (1.0, -1074), (-0.75, 10), (1.0, 1023)
@njit
def ldexp(x, n):
    return math.ldexp(x, n)


# Functions of int arguments compute in float64.
# cases: 16, 2, 0
@njit
def sqrt_of_int(n):
    return math.sqrt(n)
