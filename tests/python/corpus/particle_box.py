"""Particles bouncing in a unit box: positions and velocities as (n, 2) arrays updated with
np.where reflections, kinetic energy conserved, and a count of wall hits per step."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def simulate(pos, vel, dt, steps):
    p = pos.copy()
    v = vel.copy()
    hits = np.zeros(steps, np.int64)
    for s in range(steps):
        p += v * dt
        low = p < 0.0
        high = p > 1.0
        hits[s] = low.sum() + high.sum()
        p = np.where(low, -p, p)
        p = np.where(high, 2.0 - p, p)
        v = np.where(low | high, -v, v)
    energy = 0.5 * (v ** 2).sum()
    return p, v, hits, energy


def check():
    rng = np.random.RandomState(35)
    check_same(simulate, rng.rand(20, 2), rng.randn(20, 2), 0.05, 100)
