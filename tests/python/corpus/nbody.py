"""A small n-body step: pairwise forces, then positions and the energy."""
import math

import numpy as np
from numba import njit
from _same import check_same


@njit
def energy(pos, vel, mass):
    e = 0.0
    n = pos.shape[0]
    for i in range(n):
        e += 0.5 * mass[i] * (vel[i, 0] ** 2 + vel[i, 1] ** 2 + vel[i, 2] ** 2)
        for j in range(i + 1, n):
            dx = pos[i, 0] - pos[j, 0]
            dy = pos[i, 1] - pos[j, 1]
            dz = pos[i, 2] - pos[j, 2]
            e -= mass[i] * mass[j] / math.sqrt(dx * dx + dy * dy + dz * dz)
    return e


@njit
def advance(pos, vel, mass, dt, steps):
    n = pos.shape[0]
    for _ in range(steps):
        for i in range(n):
            for j in range(i + 1, n):
                d = pos[i] - pos[j]
                dist2 = (d * d).sum()
                mag = dt / (dist2 * math.sqrt(dist2))
                vel[i] -= d * mass[j] * mag
                vel[j] += d * mass[i] * mag
        pos += dt * vel
    return energy(pos, vel, mass)


def check():
    rng = np.random.RandomState(1)
    pos = rng.rand(5, 3) * 10
    vel = rng.rand(5, 3)
    mass = rng.rand(5) + 1
    check_same(advance, pos, vel, mass, 0.01, 20)
