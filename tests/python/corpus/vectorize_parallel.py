"""@vectorize with explicit signatures and target='parallel', and a lazily typed ufunc's
reduce and accumulate (ufunc methods Numba's DUFunc provides)."""
import math

import numpy as np
from numba import vectorize


@vectorize(["float64(float64, float64)"], target="parallel")
def rel_diff(x, y):
    return 2 * (x - y) / (x + y)


@vectorize(["float64(float64)", "float32(float32)"])
def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


@vectorize
def clipped_add(a, b):
    s = a + b
    return s if s < 10 else 10


def check():
    rng = np.random.RandomState(21)
    x, y = rng.rand(1000) + 1, rng.rand(1000) + 1
    np.testing.assert_allclose(rel_diff(x, y), 2 * (x - y) / (x + y))
    np.testing.assert_allclose(sigmoid(x), 1 / (1 + np.exp(-x)))
    assert sigmoid(x.astype(np.float32)).dtype == np.float32
    a = np.arange(8)
    np.testing.assert_array_equal(clipped_add(a, a), np.minimum(a + a, 10))
    assert clipped_add.reduce(a) == 10
    np.testing.assert_array_equal(clipped_add.accumulate(a), [0, 1, 3, 6, 10, 10, 10, 10])
