"""cmath on complex numbers: sqrt, exp, log, polar, rect, phase."""
import cmath

from numba import njit
from _same import check_same



@njit
def cmath_suite(z):
    r, phi = cmath.polar(z)
    return (cmath.sqrt(z), cmath.exp(z), cmath.log(z), abs(z), cmath.phase(z), r, phi,
            cmath.rect(r, phi), cmath.sin(z), cmath.cos(z), cmath.tanh(z), cmath.isfinite(z),
            cmath.log10(z), z.conjugate(), z.real, z.imag)


@njit
def quadratic_roots(a, b, c):
    d = cmath.sqrt(b * b - 4 * a * c)
    return (-b + d) / (2 * a), (-b - d) / (2 * a)


def check():
    check_same(cmath_suite, 1 + 2j)
    check_same(cmath_suite, -3.5 + 0.25j)
    check_same(quadratic_roots, 1.0, 2.0, 5.0)
    check_same(quadratic_roots, 1.0, -3.0, 2.0)
