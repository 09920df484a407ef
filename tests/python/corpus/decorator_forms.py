"""The decorator forms tutorials use: @jit(nopython=True), @njit(cache=True), nogil=True,
fastmath, an eager signature string, and numba.typed.Dict.empty with explicit types."""
import numpy as np
from numba import jit, njit, types
from numba.typed import Dict
from _same import check_same


@jit(nopython=True)
def sum_sq(a):
    s = 0.0
    for v in a:
        s += v * v
    return s


@njit(cache=True)
def cached_norm(a):
    return np.sqrt(sum_sq(a))


@njit(nogil=True, fastmath=True)
def mean_fast(a):
    return a.sum() / a.shape[0]


@njit("float64(float64[:], float64)")
def shifted_max(a, s):
    return a.max() + s


@njit
def price_table(names, prices):
    d = Dict.empty(key_type=types.unicode_type, value_type=types.float64)
    for i in range(len(names)):
        d[names[i]] = prices[i]
    total = 0.0
    for k in d:
        total += d[k]
    return total, len(d)


def check():
    a = np.arange(10.0)
    check_same(cached_norm, a)
    check_same(mean_fast, a, rtol=1e-12)
    check_same(shifted_max, a, 0.5)
    check_same(price_table, ["tea", "cake", "tea"], np.array([1.5, 3.25, 2.0]))
