"""The math module's functions a numerical user reaches for."""
import math

from numba import njit
from _same import check_same



@njit
def math_suite(x, y):
    return (math.hypot(x, y), math.atan2(y, x), math.copysign(x, -1.0),
            math.log1p(x), math.expm1(x), math.erf(x), math.erfc(x), math.gamma(x),
            math.lgamma(x), math.degrees(y), math.radians(x), math.log(x, 2.0), math.log10(x),
            math.log2(y), math.pow(x, y), math.floor(x), math.ceil(y), math.trunc(-x),
            math.sinh(x), math.acosh(1 + x), math.asinh(y), math.atanh(0.5), math.isfinite(x),
            math.isnan(x), math.isinf(math.inf), math.fabs(-x), math.sqrt(y), math.exp(x))


@njit
def math_ints(n, k):
    return math.gcd(n, k), math.floor(n), math.sqrt(n), math.isnan(n), math.exp(k)


@njit
def frexp_ldexp(x):
    m, e = math.frexp(x)
    return m, e, math.ldexp(m, e), math.ldexp(x, -3)


def check():
    check_same(math_suite, 1.5, 2.25)
    check_same(math_suite, 0.3, 7.0)
    check_same(math_ints, 12, 18)
    check_same(frexp_ldexp, 10.5)
    check_same(frexp_ldexp, -0.375)
