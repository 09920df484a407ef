# A @jitclass class of the file compiles with the functions that use it (numba.experimental.jitclass):
# the CLI runs a function that makes instances, calls their methods and reads their properties.
# RUN: %ujit run %s stats 6 | FileCheck %s --check-prefix=STATS
# RUN: %ujit run %s scaled 2.5 | FileCheck %s --check-prefix=STATIC
# STATS: (6, 2.5, 3.5)
# STATIC: 7.5
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

    @staticmethod
    def triple(x):
        return 3 * x


@njit
def stats(n):
    r = Running()
    for v in np.arange(n):
        r.push(float(v))
    return r.n, r.mean, r.variance


@njit
def scaled(x):
    return Running.triple(x)
