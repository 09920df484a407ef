# A @jitclass class of the file compiles with the functions that use it (numba.experimental.jitclass):
# the CLI runs a function that makes an instance, calls its methods and reads its property.
# RUN: %ujit run %s stats 6 | FileCheck %s --check-prefix=STATS
# RUN: %ujit run %s scaled 2.5 | FileCheck %s --check-prefix=STATIC
# STATS: (7, 0.0, 7.5)
# STATIC: 7.5
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass


@jitclass([("lo", float64), ("hi", float64), ("count", int64)])
class Extent:
    def __init__(self, first):
        self.lo = first
        self.hi = first
        self.count = 1

    def widen(self, x):
        self.lo = min(self.lo, x)
        self.hi = max(self.hi, x)
        self.count += 1

    @property
    def span(self):
        return self.hi - self.lo

    @staticmethod
    def triple(x):
        return 3 * x


@njit
def stats(n):
    e = Extent(0.5)
    for v in np.arange(n):
        e.widen(v * 1.5)
    return e.count, e.lo, e.span


@njit
def scaled(x):
    return Extent.triple(x)
