"""The dominant eigenvalue by power iteration with @ and np.linalg.norm, the Rayleigh quotient,
and a check against NumPy's np.linalg.eigvalsh (ujit has no eigvalsh: linalg_decomp.py)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def power_iteration(a, iters):
    v = np.ones(a.shape[0])
    v /= np.linalg.norm(v)
    lam = 0.0
    for _ in range(iters):
        w = a @ v
        v = w / np.linalg.norm(w)
        lam = v @ (a @ v)
    return lam, v


def check():
    rng = np.random.RandomState(17)
    b = rng.rand(5, 5)
    a = b + b.T + 5 * np.eye(5)
    lam, v = check_same(power_iteration, a, 200)
    assert abs(lam - np.linalg.eigvalsh(a)[-1]) < 1e-8
