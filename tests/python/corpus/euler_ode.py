"""Euler and RK4 integration of an oscillator returning trajectories."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def deriv(state, k):
    return np.array([state[1], -k * state[0]])


@njit
def rk4(y0, k, dt, n):
    out = np.empty((n + 1, 2))
    y = y0.copy()
    out[0] = y
    for i in range(n):
        k1 = deriv(y, k)
        k2 = deriv(y + 0.5 * dt * k1, k)
        k3 = deriv(y + 0.5 * dt * k2, k)
        k4 = deriv(y + dt * k3, k)
        y = y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        out[i + 1] = y
    return out


def check():
    check_same(rk4, np.array([1.0, 0.0]), 4.0, 0.01, 200)
