"""Inverses and determinants: np.linalg.inv against the identity, det's product rule,
slogdet of a large-determinant matrix."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def inverse_checks(a, b):
    ai = np.linalg.inv(a)
    err = np.abs(ai @ a - np.eye(a.shape[0])).max()
    whole = np.linalg.det(a @ b)
    prod = (whole - np.linalg.det(a) * np.linalg.det(b)) / whole
    sign, logdet = np.linalg.slogdet(10.0 * a)
    return ai, err < 1e-10, abs(prod) < 1e-12, sign, logdet


def check():
    rng = np.random.RandomState(8)
    a = rng.rand(6, 6) + 3 * np.eye(6)
    b = rng.rand(6, 6) + 2 * np.eye(6)
    check_same(inverse_checks, a, b, rtol=1e-8)
