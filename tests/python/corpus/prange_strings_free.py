"""parallel=True over independent simulations: each prange iteration runs a seeded-free
deterministic logistic-map trajectory into its row, and a second prange reduces with +=
and a conditional count."""
import numpy as np
from numba import njit, prange
from _same import check_same


@njit(parallel=True)
def trajectories(rs, steps):
    out = np.empty((rs.shape[0], steps))
    for i in prange(rs.shape[0]):
        x = 0.5
        for t in range(steps):
            x = rs[i] * x * (1.0 - x)
            out[i, t] = x
    return out


@njit(parallel=True)
def summarize(traj):
    total = 0.0
    chaotic = 0
    for i in prange(traj.shape[0]):
        row = traj[i, -50:]
        total += row.mean()
        if row.std() > 0.05:
            chaotic += 1
    return total, chaotic


def check():
    rs = np.linspace(2.5, 4.0, 64)
    t = check_same(trajectories, rs, 300)
    check_same(summarize, t)
