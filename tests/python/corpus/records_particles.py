"""A structured array of particles (x, y, mass fields): reading fields per record and as
whole columns, updating fields in place, and the centre of mass."""
import numpy as np
from numba import njit
from _same import check_same

PARTICLE = np.dtype([("x", np.float64), ("y", np.float64), ("mass", np.float64)])


@njit
def centre_of_mass(p):
    mx = 0.0
    my = 0.0
    m = 0.0
    for i in range(p.shape[0]):
        mx += p[i]["x"] * p[i]["mass"]
        my += p[i]["y"] * p[i]["mass"]
        m += p[i]["mass"]
    return mx / m, my / m


@njit
def drift(p, dx):
    for i in range(p.shape[0]):
        p[i]["x"] += dx
        p[i]["y"] -= dx * 0.5
    return p["x"].sum(), p["mass"].max()


def check():
    rng = np.random.RandomState(50)
    p = np.zeros(10, dtype=PARTICLE)
    p["x"] = rng.rand(10)
    p["y"] = rng.rand(10)
    p["mass"] = rng.rand(10) + 0.5
    check_same(centre_of_mass, p)
    check_same(drift, p, 0.25)
