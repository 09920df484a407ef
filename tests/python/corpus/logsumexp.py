"""Log-space probabilities: np.logaddexp accumulations, a stable softmax, np.logaddexp2."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def logsumexp(v):
    acc = -np.inf
    for x in v:
        acc = np.logaddexp(acc, x)
    return acc


@njit
def softmax(v):
    return np.exp(v - logsumexp(v))


@njit
def pairwise(a, b):
    return np.logaddexp(a, b), np.logaddexp2(a, b)


def check():
    v = np.array([1000.0, 1001.0, 999.5, -5.0])
    check_same(logsumexp, v)
    check_same(softmax, v)
    check_same(pairwise, np.array([0.0, -np.inf, 3.0, 2.0]), np.array([0.0, 1.0, -2.0, 2.0]))
