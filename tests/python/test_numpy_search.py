"""Searching and rearranging in compiled code: np.nonzero / a.nonzero() / np.where(cond),
np.argwhere, np.flatnonzero, np.count_nonzero, np.searchsorted (side=), np.diff (n=),
np.flip / fliplr / flipud, np.roll, np.repeat. NumPy is the oracle for values, shapes and
dtypes (empty, non-contiguous and negative-stride inputs; int, float, complex and bool);
Numba 0.68 for signatures and errors; the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def nonzero(a):
    return np.nonzero(a)


@njit
def nonzero_method(a):
    return a.nonzero()


@njit
def where1(a):
    return np.where(a > 1)


@njit
def argwhere(a):
    return np.argwhere(a)


@njit
def flatnonzero(a):
    return np.flatnonzero(a)


@njit
def count_nonzero(a):
    return np.count_nonzero(a)


@njit
def searchsorted(a, v):
    return np.searchsorted(a, v)


@njit
def searchsorted_right(a, v):
    return np.searchsorted(a, v, side="right")


@njit
def diff(a):
    return np.diff(a)


@njit
def diff_n(a, n):
    return np.diff(a, n)


@njit
def flips(a):
    return np.flip(a), np.flipud(a)


@njit
def fliplr(a):
    return np.fliplr(a)


@njit
def roll(a, k):
    return np.roll(a, k)


@njit
def repeat(a, k):
    return np.repeat(a, k), a.repeat(k)


def arrays():
    m = np.array([[0, 2, 0, 3], [1, 0, 0, 0], [0, 0, 5, 0]])
    return [
        m,
        m.astype(np.float32),
        m.astype(np.complex128) * 1j,
        m.astype(np.bool_),
        m[::-1, ::2],
        m.T,
        np.zeros((0, 3)),
        np.array([0.0, np.nan, -0.0, 2.0]),
        np.arange(24).reshape(2, 3, 4) % 3,
    ]


def same(got, expected):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            same(g, e)
        return
    assert np.shape(got) == np.shape(expected)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("k", range(len(arrays())))
def test_nonzero_family_matches_numpy(k):
    a = arrays()[k]
    same(nonzero(a), np.nonzero(a))
    same(nonzero_method(a), a.nonzero())
    same(argwhere(a), np.argwhere(a))
    same(flatnonzero(a), np.flatnonzero(a))
    assert count_nonzero(a) == np.count_nonzero(a)
    if a.dtype != np.complex128:
        same(where1(a), np.where(a > 1))


def test_nonzero_of_a_0d_array():
    same(nonzero(np.array(5.0)), (np.array([0]),))
    same(nonzero(np.array(0.0)), (np.array([], dtype=np.int64),))
    same(argwhere(np.array(5.0)), np.argwhere(np.array(5.0)))
    assert count_nonzero(np.array(3)) == 1


@pytest.mark.parametrize("dtype", [np.int32, np.uint8, np.float32, np.float64])
def test_searchsorted_matches_numpy(dtype):
    a = np.array([0, 1, 1, 2, 5, 5, 5, 9], dtype=dtype)
    for v in (0, 1, 3, 5, 9, 10) if dtype == np.uint8 else (-1, 0, 1, 3, 5, 9, 10):
        assert searchsorted(a, dtype(v)) == np.searchsorted(a, dtype(v))
        assert searchsorted_right(a, dtype(v)) == np.searchsorted(a, dtype(v), side="right")
    vs = np.array([[5, 0], [10, 1]], dtype=dtype)
    same(searchsorted(a, vs), np.searchsorted(a, vs))
    same(searchsorted_right(a[::-1][::-1], vs.T), np.searchsorted(a, vs.T, side="right"))
    same(searchsorted(a[:0], vs), np.searchsorted(a[:0], vs))


def test_searchsorted_puts_nan_last_and_mixes_types():
    a = np.array([1.0, 2.0, np.inf, np.nan, np.nan])
    for v in (np.nan, np.inf, 1.5, -np.inf):
        assert searchsorted(a, v) == np.searchsorted(a, v)
        assert searchsorted_right(a, v) == np.searchsorted(a, v, side="right")
    assert searchsorted(np.array([1, 3, 5]), 2.5) == 1
    same(searchsorted(np.arange(10), np.array([2.5, -1.0, 20.0])), np.searchsorted(np.arange(10), [2.5, -1.0, 20.0]))


@pytest.mark.parametrize("k", range(len(arrays())))
def test_diff_matches_numpy(k):
    a = arrays()[k]
    same(diff(a), np.diff(a))
    for n in (0, 2, 3, 7):
        same(diff_n(a, n), np.diff(a, n))


def test_diff_of_unsigned_wraps_and_bad_orders_raise():
    a = np.array([3, 1, 7], dtype=np.uint8)
    same(diff(a), np.diff(a))
    with pytest.raises(ValueError, match="order must be non-negative"):
        diff_n(np.arange(3.0), -1)

    @njit
    def diff0(a):
        return np.diff(a)

    with pytest.raises(ujit.TypingError, match="at least one dimensional"):
        diff0(np.array(1.0))


@pytest.mark.parametrize("k", range(len(arrays())))
def test_flips_are_views_that_match_numpy(k):
    a = arrays()[k]
    same(flips(a), (np.flip(a), np.flipud(a)))
    if a.ndim >= 2:
        same(fliplr(a), np.fliplr(a))
    b = a.copy()
    got = njit(lambda x: np.flip(x))(b)
    if b.size:
        assert np.shares_memory(got, b)


def test_flip_errors_follow_numba():
    with pytest.raises(ujit.TypingError, match="Input must be >= 2-d"):
        fliplr(np.arange(3))


@pytest.mark.parametrize("k", range(len(arrays())))
def test_roll_and_repeat_match_numpy(k):
    a = arrays()[k]
    for shift in (0, 1, -1, 5, -13, 100):
        same(roll(a, shift), np.roll(a, shift))
    for r in (0, 1, 3):
        same(repeat(a, r), (np.repeat(a, r), a.repeat(r)))
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        repeat(a, -1)


def test_search_calls_leak_nothing():
    a = arrays()[0]
    nonzero(a), argwhere(a), diff_n(a, 2), roll(a, 2), repeat(a, 2), flips(a), searchsorted(a[0], a)
    before = live()
    for _ in range(3):
        nonzero(a), argwhere(a), diff_n(a, 2), roll(a, 2), repeat(a, 2), flips(a), searchsorted(a[0], a)
        with pytest.raises(ValueError):
            diff_n(a, -1)
    assert live() == before


def test_bad_arguments_are_located_errors():
    @njit
    def side(a):
        return np.searchsorted(a, 1.0, side="middle")

    with pytest.raises(ujit.TypingError, match="Invalid value given for 'side': middle"):
        side(np.arange(3.0))

    @njit
    def two_d(a):
        return np.searchsorted(a, 1.0)

    with pytest.raises(ujit.TypingError, match="1-D array"):
        two_d(np.zeros((2, 2)))
