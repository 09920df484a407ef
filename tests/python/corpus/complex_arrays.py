"""Complex arrays: np.abs, np.angle, conj, real/imag views, products and sums, and roots of
unity from np.exp of imaginary numbers."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def roots_of_unity(n):
    k = np.arange(n)
    z = np.exp(2j * np.pi * k / n)
    return z, z.sum(), np.prod(z), np.abs(z), np.angle(z)


@njit
def parts(z):
    w = z * z.conj()
    return z.real.copy(), z.imag.copy(), w.real, np.abs(z) ** 2, (z * 1j).real


def check():
    check_same(roots_of_unity, 6)
    z = np.array([1 + 2j, -3 + 0.5j, 0j, -1 - 1j])
    check_same(parts, z)
