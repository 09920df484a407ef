"""Jacobi iteration for a linear system, stopped by np.allclose between sweeps; the answer
checked with np.isclose and np.array_equal."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def jacobi(a, b, tol):
    x = np.zeros(b.size)
    d = np.diag(a)
    r = a - np.diag(d)
    for it in range(1000):
        nxt = (b - np.dot(r, x)) / d
        if np.allclose(nxt, x, rtol=0.0, atol=tol):
            return nxt, it
        x = nxt
    return x, -1


@njit
def verify(a, x, b):
    ok = np.isclose(np.dot(a, x), b, atol=1e-6)
    return ok, np.array_equal(ok, np.ones(b.size, dtype=np.bool_))


def check():
    r = np.random.RandomState(3)
    a = r.rand(5, 5) + np.diag(np.full(5, 5.0))
    b = r.rand(5)
    x, it = check_same(jacobi, a, b, 1e-10)
    check_same(verify, a, x, b)
