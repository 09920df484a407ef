"""The stationary distribution of a Markov chain: solve (P^T - I) pi = 0 with the last
equation replaced by sum(pi) = 1, then check it by iterating the chain."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def stationary(P):
    n = P.shape[0]
    A = P.T - np.eye(n)
    A[n - 1, :] = 1.0
    rhs = np.zeros(n)
    rhs[n - 1] = 1.0
    pi = np.linalg.solve(A, rhs)
    p = np.ones(n) / n
    for _ in range(200):
        p = p @ P
    return pi, np.abs(p - pi).max() < 1e-9


def check():
    P = np.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]])
    check_same(stationary, P)
