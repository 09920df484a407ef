"""Statistics in compiled code: np.median, np.percentile, np.quantile (and nanmedian,
nanpercentile, nanquantile), np.trace, np.isclose / np.allclose, np.bincount. NumPy is the
oracle for values (its 'linear' interpolation; NaN propagation), Numba 0.68 for result types
and errors (empty arrays give NaN; q out of range is ValueError); the allocation counters
for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def median(a):
    return np.median(a)


@njit
def percentile(a, q):
    return np.percentile(a, q)


@njit
def quantile(a, q):
    return np.quantile(a, q)


@njit
def nan_forms(a, q):
    return np.nanmedian(a), np.nanpercentile(a, q), np.nanquantile(a, q / 100)


@njit
def trace(a):
    return np.trace(a)


@njit
def trace_offset(a, k):
    return np.trace(a, k)


@njit
def isclose(a, b):
    return np.isclose(a, b)


@njit
def isclose_tol(a, b, rtol, atol, equal_nan):
    return np.isclose(a, b, rtol, atol, equal_nan)


@njit
def allclose(a, b):
    return np.allclose(a, b)


@njit
def bincount(x):
    return np.bincount(x)


@njit
def bincount_w(x, w, n):
    return np.bincount(x, w, n)


def samples():
    rng = np.random.RandomState(1)
    m = rng.standard_normal((5, 7))
    return [
        m,
        m[::-1, ::3],
        m.T,
        m.astype(np.float32),
        (m * 10).astype(np.int64),
        np.arange(10.0),
        np.arange(11),
        np.array([3.0]),
        np.array([True, False, True]),
    ]


@pytest.mark.parametrize("k", range(len(samples())))
def test_median_percentile_quantile_match_numpy(k):
    a = samples()[k]
    np.testing.assert_allclose(median(a), np.median(a), rtol=1e-6)  # float32 arrays: a float32 median
    if a.dtype == np.bool_:
        with pytest.raises(ujit.TypingError, match="bool array is not supported"):
            percentile(a, 50.0)
        return
    # NumPy >= 2 interpolates a float32 array in float32 (NEP 50); ujit, as Numba, in float64.
    rtol = 1e-6 if a.dtype == np.float32 else 1e-12
    for q in (0.0, 12.5, 50.0, 99.0, 100.0):
        np.testing.assert_allclose(percentile(a, q), np.percentile(a, q), rtol=rtol)
        np.testing.assert_allclose(quantile(a, q / 100), np.quantile(a, q / 100), rtol=rtol)
    qs = np.array([[10.0, 90.0], [0.0, 50.0]])
    got = percentile(a, qs)
    assert got.shape == qs.shape
    np.testing.assert_allclose(got, np.percentile(a, qs), rtol=rtol)
    np.testing.assert_allclose(quantile(a, qs[:, ::-1] / 100), np.quantile(a, qs[:, ::-1] / 100), rtol=rtol)


def test_nan_propagates_and_nan_forms_skip_it():
    a = np.array([1.0, np.nan, 3.0, 2.0])
    assert np.isnan(median(a)) and np.isnan(percentile(a, 50.0))
    got = nan_forms(a, 30.0)
    np.testing.assert_allclose(got, (np.nanmedian(a), np.nanpercentile(a, 30.0), np.nanquantile(a, 0.3)))


def test_empty_arrays_give_nan_and_q_out_of_range_raises():
    assert np.isnan(median(np.zeros(0)))
    assert np.isnan(percentile(np.zeros((0, 3)), 50.0))
    with pytest.raises(ValueError, match=r"Percentiles must be in the range \[0, 100\]"):
        percentile(np.arange(3.0), 101.0)
    with pytest.raises(ValueError, match=r"Quantiles must be in the range \[0, 1\]"):
        quantile(np.arange(3.0), np.array([0.5, -0.1]))

    @njit
    def complex_median(a):
        return np.median(a)

    with pytest.raises(ujit.TypingError, match="real numbers only"):
        complex_median(np.zeros(2, dtype=np.complex128))


@pytest.mark.parametrize("dtype", [np.int8, np.int64, np.uint32, np.float32, np.float64, np.complex128, np.bool_])
def test_trace_matches_numpy(dtype):
    m = (np.arange(20).reshape(4, 5) % 3).astype(dtype)
    for a in (m, m.T, m[::-1, ::2], m[:0]):
        got = trace(a)
        assert got == np.trace(a)
        for k in (-5, -2, 0, 1, 4, 9):
            assert trace_offset(a, k) == np.trace(a, k)
    assert type(trace(m)) in (int, float, complex, bool) or np.isscalar(trace(m))

    @njit
    def trace1(a):
        return np.trace(a)

    with pytest.raises(ujit.TypingError, match="2-D"):
        trace1(np.arange(3))


def test_isclose_and_allclose_match_numpy():
    a = np.array([1.0, 1e10, np.inf, -np.inf, np.nan, 0.0, 1e-9])
    b = np.array([1.0 + 1e-6, 1.0001e10, np.inf, np.inf, np.nan, 1e-9, 0.0])
    np.testing.assert_array_equal(isclose(a, b), np.isclose(a, b))
    np.testing.assert_array_equal(isclose(a[::-1], 1.0), np.isclose(a[::-1], 1.0))
    np.testing.assert_array_equal(isclose(a.reshape(7, 1), b), np.isclose(a.reshape(7, 1), b))
    np.testing.assert_array_equal(isclose_tol(a, b, 0.0, 1e-3, True), np.isclose(a, b, 0.0, 1e-3, True))
    assert isclose(1.0, 1.0 + 1e-9) == np.isclose(1.0, 1.0 + 1e-9)
    assert allclose(a, a) == np.allclose(a, a)
    assert allclose(a[:2], b[:2]) == np.allclose(a[:2], b[:2])
    assert allclose(np.arange(4), np.arange(4.0)) is True
    assert allclose(np.zeros((0, 2)), 1.0) is True
    with pytest.raises(ValueError, match="broadcast"):
        isclose(np.zeros(3), np.zeros(4))


def test_bincount_matches_numpy():
    x = np.array([0, 1, 1, 3, 2, 1, 7])
    np.testing.assert_array_equal(bincount(x), np.bincount(x))
    np.testing.assert_array_equal(bincount(x.astype(np.uint8)[::-1]), np.bincount(x[::-1]))
    np.testing.assert_array_equal(bincount(np.zeros(0, dtype=np.int64)), np.bincount(np.zeros(0, dtype=np.int64)))
    w = np.linspace(0, 1, 7)
    got = bincount_w(x, w, 10)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, np.bincount(x, w, 10))
    with pytest.raises(ValueError, match="must be non-negative"):
        bincount(np.array([1, -1]))
    with pytest.raises(ValueError, match="same length"):
        bincount_w(x, w[:3], 0)
    with pytest.raises(ValueError, match="'minlength' must not be negative"):
        bincount_w(x, w, -1)


def test_stats_leak_nothing():
    a = samples()[0]
    qs = np.array([10.0, 50.0])
    median(a), percentile(a, qs), isclose(a, a), bincount(np.arange(3))
    before = live()
    for _ in range(3):
        median(a), percentile(a, qs), isclose(a, a), bincount(np.arange(3)), nan_forms(a, 5.0)
        with pytest.raises(ValueError):
            percentile(a, np.array([50.0, 200.0]))
    assert live() == before


@njit
def interp(x, xp, fp):
    return np.interp(x, xp, fp)


@njit
def convolve(a, v):
    return np.convolve(a, v)


def test_interp_matches_numpy():
    xp = np.array([0.0, 1.0, 1.5, 4.0, 10.0])
    fp = np.array([3.0, -1.0, 2.0, 2.0, 0.5])
    xs = np.array([-5.0, 0.0, 0.25, 1.0, 1.2, 3.9, 4.0, 9.99, 10.0, 11.0, np.nan, np.inf])
    for x in xs:
        got, expected = interp(x, xp, fp), np.interp(x, xp, fp)
        assert got == expected or (np.isnan(got) and np.isnan(expected))
    np.testing.assert_array_equal(interp(xs.reshape(3, 4), xp, fp), np.interp(xs.reshape(3, 4), xp, fp))
    np.testing.assert_array_equal(interp(xs[::-2], xp.astype(np.int32), fp[::-1]),
                                  np.interp(xs[::-2], xp.astype(np.int32), fp[::-1]))
    assert interp(2, np.array([1, 3]), np.array([10, 30])) == 20.0
    with pytest.raises(ValueError, match="fp and xp are not of the same size"):
        interp(1.0, xp, fp[:2])
    with pytest.raises(ValueError, match="array of sample points is empty"):
        interp(1.0, xp[:0], fp[:0])


@pytest.mark.parametrize("dta,dtv", [(np.float64, np.float64), (np.int32, np.int64), (np.int8, np.float32),
                                     (np.complex128, np.float64)])
def test_convolve_matches_numpy(dta, dtv):
    a = (np.arange(7) - 3).astype(dta)
    v = np.array([1, 0, 2]).astype(dtv)
    for x, y in ((a, v), (v, a), (a[::-2], v), (a[:1], v[::-1])):
        got, expected = convolve(x, y), np.convolve(x, y)
        assert got.dtype == expected.dtype
        np.testing.assert_allclose(got, expected)
    with pytest.raises(ValueError, match="'a' cannot be empty"):
        convolve(a[:0], v)
    with pytest.raises(ValueError, match="'v' cannot be empty"):
        convolve(a, v[:0])


def test_interp_and_convolve_leak_nothing():
    xp = np.arange(5.0)
    interp(xp, xp, xp), convolve(xp, xp)
    before = live()
    for _ in range(3):
        interp(xp, xp, xp), convolve(xp, xp)
        with pytest.raises(ValueError):
            convolve(xp[:0], xp)
    assert live() == before
