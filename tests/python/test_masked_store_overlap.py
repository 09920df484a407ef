"""`a[mask] = x` where the mask expression reads `a` other than element for element (`m[m.T
> 3] = 0`, `a[1:][a[:-1] > 1] = -1`): NumPy, and Numba's array expression, compute the whole
mask before storing; ujit read the mask inside the storing loop, so it saw the stores already
made. CPython/NumPy is the oracle; allocations and frees must balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def transposed(m):
    m[m.T > 3] = 0


def shifted(a):
    a[1:][a[:-1] > 1] = -1


def reversed_sum(a):
    a[(a + a[::-1]) > 5] = 1


def element_for_element(a):
    a[a > 2] = 0  # each element's mask read before its store: no copy needed


CASES = [
    (transposed, lambda: np.arange(9).reshape(3, 3)),
    (shifted, lambda: np.arange(6)),
    (reversed_sum, lambda: np.arange(6)),
    (element_for_element, lambda: np.arange(6.0)),
]


@pytest.mark.parametrize("fn,make", CASES, ids=[c[0].__name__ for c in CASES])
def test_the_mask_is_computed_before_the_stores(fn, make):
    compiled = njit(fn)
    expected = make()
    fn(expected)
    mine = make()
    compiled(mine)  # compile first: the count covers calls only
    np.testing.assert_array_equal(mine, expected)
    before = live()
    for _ in range(20):
        mine = make()
        compiled(mine)
        np.testing.assert_array_equal(mine, expected)
    assert live() == before
