"""numba.experimental.jitclass: a running-statistics object with a spec, methods and a
property, used from Python and from @njit code."""
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass


@jitclass([("n", int64), ("mean", float64), ("m2", float64)])
class Running:
    def __init__(self):
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def push(self, x):
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    @property
    def variance(self):
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0


@njit
def stats(a):
    r = Running()
    for v in a:
        r.push(v)
    return r.n, r.mean, r.variance


def check():
    a = np.random.RandomState(16).rand(100)
    n, mean, var = stats(a)
    assert n == 100 and abs(mean - a.mean()) < 1e-12 and abs(var - a.var(ddof=1)) < 1e-12
    r = Running()
    r.push(1.0)
    r.push(3.0)
    assert r.mean == 2.0 and r.variance == 2.0
