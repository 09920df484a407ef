"""prod, min, max and mean along an axis in compiled code (np.prod(a, axis=0), m.max(axis=1),
np.mean(a, -1)): NumPy is the oracle for values, dtypes and errors (Numba 0.68 takes no axis
for these; ujit takes NumPy's meaning); the allocation counters for leaks."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def along(a, k):
    return np.prod(a, axis=k), np.min(a, axis=k), np.max(a, k), np.mean(a, axis=k)


@njit
def methods(a, k):
    return a.prod(axis=k), a.min(axis=k), a.max(k), a.mean(axis=k)


@njit
def complex_along(a, k):
    return np.prod(a, axis=k), np.mean(a, axis=k)


def inputs():
    m = (np.arange(24).reshape(2, 3, 4) % 5 - 2).astype(np.float64)
    m[1, 2, 3] = np.nan
    return [
        m,
        m[:, ::-1, ::2],
        np.transpose(m),
        m.astype(np.float32),
        np.arange(12).reshape(3, 4).astype(np.int16),
        np.arange(12).reshape(3, 4).astype(np.uint32),
        np.arange(12).reshape(4, 3) % 2 == 0,
        np.arange(5.0),
    ]


def check(got, expected):
    assert np.shape(got) == np.shape(expected)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    np.testing.assert_allclose(got, expected, rtol=1e-6)


@pytest.mark.parametrize("k", range(len(inputs())))
def test_reductions_along_each_axis_match_numpy(k):
    a = inputs()[k]
    for axis in range(-a.ndim, a.ndim):
        for f in (along, methods):
            got = f(a, axis)
            expected = (np.prod(a, axis=axis), np.min(a, axis=axis), np.max(a, axis=axis), np.mean(a, axis=axis))
            for g, e in zip(got, expected):
                check(g, e)


def test_complex_prod_and_mean_along_an_axis():
    a = np.arange(6).reshape(2, 3) * (1 + 2j)
    for axis in (0, 1):
        got = complex_along(a, axis)
        check(got[0], np.prod(a, axis=axis))
        check(got[1], np.mean(a, axis=axis))


def test_empty_lanes_and_bad_axes_raise_as_numpy():
    e = np.zeros((0, 3))
    with pytest.raises(ValueError, match="zero-size array to reduction operation minimum"):
        along(e, 0)
    check(np.asarray(methods(e.T, 0)[0]), np.prod(e.T, axis=0))
    with pytest.raises(Exception, match="out of bounds"):
        along(np.zeros((2, 2)), 2)


def test_reductions_along_an_axis_leak_nothing():
    a = inputs()[0]
    along(a, 1)
    before = live()
    for _ in range(3):
        along(a, 1), methods(a, -1)
        with pytest.raises(ValueError):
            along(np.zeros((0, 2)), 0)
    assert live() == before
