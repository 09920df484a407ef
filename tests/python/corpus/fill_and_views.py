"""Array views written through: a.fill, a column view scaled in place, a reversed view
assigned from another array, a transposed view's copy, and reshape of a view."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def edit(m):
    out = np.empty((m.shape[0], m.shape[1]), np.int32)
    out.fill(7)
    col = m[:, 1]
    col *= 10
    m[::-1, 0] = m[:, 2]
    t = m.T.copy()
    r = m[1:].reshape(-1)  # (m[1:, :] is layout A in Numba: reshape refuses it)
    return out, t, r, m.sum()


def check():
    check_same(edit, np.arange(12.0).reshape(4, 3))
