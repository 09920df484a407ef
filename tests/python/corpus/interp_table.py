"""Table lookup by linear interpolation: np.interp at scalars and arrays, clamped at both
ends, and a hand-written lookup with np.searchsorted that must agree with it."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def lookup(x, xp, fp):
    return np.interp(x, xp, fp)


@njit
def by_hand(x, xp, fp):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        j = np.searchsorted(xp, x[i]) - 1
        if j < 0:
            out[i] = fp[0]
        elif j >= xp.shape[0] - 1:
            out[i] = fp[-1]
        else:
            t = (x[i] - xp[j]) / (xp[j + 1] - xp[j])
            out[i] = fp[j] + t * (fp[j + 1] - fp[j])
    return out


def check():
    xp = np.array([0.0, 1.0, 2.5, 4.0, 10.0])
    fp = np.array([0.0, 2.0, 1.0, 3.0, -1.0])
    x = np.linspace(-1.0, 11.0, 25)
    check_same(lookup, x, xp, fp)
    check_same(lookup, 3.2, xp, fp)
    check_same(by_hand, x, xp, fp)
    assert np.allclose(by_hand(x, xp, fp), lookup(x, xp, fp))
