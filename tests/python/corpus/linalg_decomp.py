"""Matrix decompositions on small matrices: Cholesky, QR, the symmetric eigenproblem, SVD and
least squares, checked by what they reconstruct (signs of vectors are LAPACK's choice)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def decompose(a):
    spd = a @ a.T + 4.0 * np.eye(a.shape[0])
    L = np.linalg.cholesky(spd)
    q, r = np.linalg.qr(a)
    w, v = np.linalg.eigh(spd)
    s = np.linalg.svd(a)[1]
    return (np.abs(L @ L.T - spd).max(), np.abs(q @ r - a).max(),
            np.abs(spd @ v - v * w).max(), w, s)


@njit
def fit_line(x, y):
    A = np.empty((x.shape[0], 2))
    A[:, 0] = x
    A[:, 1] = 1.0
    coef, res, rank, sv = np.linalg.lstsq(A, y)
    return coef, rank


def check():
    rng = np.random.RandomState(9)
    a = rng.rand(4, 4)
    got = decompose(a)
    want = decompose.py_func(a)
    for err in got[:3]:
        assert err < 1e-12
    np.testing.assert_allclose(got[3], want[3], rtol=1e-10)
    np.testing.assert_allclose(got[4], want[4], rtol=1e-10)
    x = np.linspace(0.0, 1.0, 20)
    check_same(fit_line, x, 3.0 * x - 1.0 + 0.01 * rng.randn(20))
