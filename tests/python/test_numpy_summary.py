"""nplib6's NumPy functions in compiled code: np.histogram (bins int or array, range=),
np.digitize (right=), np.correlate, np.trapz / np.trapezoid, np.cross, np.nansum / nanprod /
nanmin / nanmax / nanmean / nanvar / nanstd, np.ptp, np.average (weights=), np.array_equal,
np.diag, np.expand_dims, np.atleast_1d / 2d / 3d, and Ellipsis indexing. NumPy is the oracle
for values, shapes and dtypes (empty, 0-d, non-contiguous and negative-stride inputs; int,
float, complex and bool where NumPy takes them); Numba 0.68 for signatures and errors; the
allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
        return
    if isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray), got
        assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12, equal_nan=True)
        return
    assert type(got) in (bool, int, float, complex) or isinstance(got, np.generic), got
    if isinstance(want, (float, np.floating)) and np.isnan(want):
        assert np.isnan(got)
    else:
        assert got == pytest.approx(want, rel=1e-12, abs=1e-12), (got, want)


rng = np.random.RandomState(6)
FLOATS = rng.standard_normal(40)
MATRIX = rng.standard_normal((5, 6))
INTS = rng.randint(-5, 9, size=30)


# ---- np.histogram


@njit
def histogram(a):
    return np.histogram(a)


@njit
def histogram_bins(a, bins):
    return np.histogram(a, bins)


@njit
def histogram_range(a, bins, lo, hi):
    return np.histogram(a, bins=bins, range=(lo, hi))


@pytest.mark.parametrize("a", [FLOATS, MATRIX, MATRIX[::-1, ::2], INTS, INTS.astype(np.float32),
                               np.array([2.5, 2.5, 2.5]), np.zeros(0), np.array([1.0])])
def test_histogram_int_bins(a):
    def want(*args):  # float64 edges, as Numba's (NumPy's follow a float32 array's dtype)
        return np.histogram(a.astype(np.float64) if a.dtype == np.float32 else a, *args)
    same(histogram(a), want())
    same(histogram_bins(a, 7), want(7))
    same(histogram_bins(a, 1), want(1))


def test_histogram_range_and_edges():
    a = np.linspace(-2, 3, 57)
    same(histogram_range(a, 5, -1.0, 2.0), np.histogram(a, bins=5, range=(-1.0, 2.0)))
    same(histogram_range(a, 4, 0, 1), np.histogram(a, bins=4, range=(0, 1)))
    same(histogram_range(np.zeros(0), 3, 0.0, 1.0), np.histogram(np.zeros(0), bins=3, range=(0.0, 1.0)))
    for edges in [np.array([-2.0, -0.5, 0.0, 2.5, 3.0]), np.array([0, 1, 2]), np.array([1.0]),
                  np.array([-1.0, 5.0])[::-1][::-1]]:
        same(histogram_bins(a, edges), np.histogram(a, edges))
    # the last edge belongs to the last bin; values outside are left out
    same(histogram_bins(np.array([0.0, 1.0, 2.0, 3.0, -1.0]), np.array([0.0, 1.0, 2.0])),
         np.histogram(np.array([0.0, 1.0, 2.0, 3.0, -1.0]), np.array([0.0, 1.0, 2.0])))


def test_histogram_errors():
    with pytest.raises(ValueError, match="`bins` should be a positive integer"):
        histogram_bins(FLOATS, 0)
    with pytest.raises(ValueError, match="max must be larger than min in range parameter"):
        histogram_range(FLOATS, 3, 1.0, 0.0)
    with pytest.raises(ValueError, match="bins must increase monotonically"):
        histogram_bins(FLOATS, np.array([0.0, 2.0, 1.0]))
    with pytest.raises(ValueError, match="range of histogram\\(\\) is not finite"):
        histogram(np.array([1.0, np.nan]))
    with pytest.raises(ujit.CompileError, match="np.histogram\\(\\) takes an array"):
        njit(lambda a: np.histogram(a))(np.ones(3, np.bool_))


# ---- np.digitize


@njit
def digitize(x, bins):
    return np.digitize(x, bins)


@njit
def digitize_right(x, bins):
    return np.digitize(x, bins, right=True)


@pytest.mark.parametrize("bins", [np.array([-1.0, 0.0, 0.5, 2.0]), np.array([2.0, 0.5, 0.0, -1.0]),
                                  np.array([0, 1, 1, 3]), np.array([1.0, 1.0]), np.zeros(0),
                                  np.arange(10.0)[::-3]])
def test_digitize(bins):
    x = np.array([-3.0, -1.0, 0.0, 0.25, 0.5, 1.0, 2.0, 7.0, np.nan])
    same(digitize(x, bins), np.digitize(x, bins))
    same(digitize_right(x, bins), np.digitize(x, bins, right=True))
    same(digitize(x.reshape(3, 3)[:, ::-1], bins), np.digitize(x.reshape(3, 3)[:, ::-1], bins))
    same(digitize(INTS, bins), np.digitize(INTS, bins))
    same(digitize(0.5, bins), int(np.digitize(0.5, bins)))


def test_digitize_errors():
    with pytest.raises(ValueError, match="bins must be monotonically increasing or decreasing"):
        digitize(FLOATS, np.array([0.0, 2.0, 1.0]))
    with pytest.raises(ujit.CompileError, match="x may not be complex"):
        digitize(FLOATS.astype(np.complex128), np.array([0.0, 1.0]))


# ---- np.correlate, np.trapz

# The oracle: NumPy 2.0 renamed trapz trapezoid, and NumPy 2.4 dropped the old name.
numpy_trapz = getattr(np, "trapezoid", None) or np.trapz


@njit
def correlate(a, v):
    return np.correlate(a, v)


@pytest.mark.parametrize("a,v", [
    (np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, -2.0])),
    (np.array([1, 2]), np.array([1, 2, 3])),
    (FLOATS[::-2], FLOATS[:5]),
    (np.array([1 + 2j, 3 - 1j, 0.5j]), np.array([2 - 1j, 1j])),
    (np.array([1.0, 2.0, 3.0]), np.array([1j, 2.0])),
    (np.array([5.0]), np.array([2.0])),
])
def test_correlate(a, v):
    same(correlate(a, v), np.correlate(a, v))


def test_correlate_errors():
    with pytest.raises(ValueError, match="'a' cannot be empty"):
        correlate(np.zeros(0), np.ones(2))
    with pytest.raises(ValueError, match="'v' cannot be empty"):
        correlate(np.ones(2), np.zeros(0))


@njit
def trapz(y):
    return np.trapz(y)


@njit
def trapz_x(y, x):
    return np.trapz(y, x)


@njit
def trapz_dx(y, dx):
    return np.trapz(y, dx=dx)


@njit
def trapezoid(y, x):
    return np.trapezoid(y, x=x)


@pytest.mark.parametrize("y", [FLOATS, MATRIX, MATRIX[:, ::-1], MATRIX.T, INTS, np.ones(1), np.zeros(0),
                               np.zeros((3, 0)), np.array([True, False, True]),
                               np.array([1 + 1j, 2 - 1j, 0.5])])
def test_trapz(y):
    same(trapz(y), numpy_trapz(y))
    same(trapz_dx(y, 0.25), numpy_trapz(y, dx=0.25))
    x = np.cumsum(np.abs(np.arange(y.shape[-1]) * 0.3 - 1.0))
    same(trapz_x(y, x), numpy_trapz(y, x))
    same(trapezoid(y, x), numpy_trapz(y, x=x))
    if y.ndim == 2:
        xs = np.cumsum(np.ones(y.shape), axis=-1) ** 1.5
        same(trapz_x(y, xs), numpy_trapz(y, xs))


def test_trapz_errors():
    with pytest.raises(ujit.CompileError, match="y cannot be a scalar"):
        trapz(1.0)
    with pytest.raises(ValueError, match="could not be broadcast"):
        trapz_x(FLOATS, np.ones(3))


# ---- np.cross


@njit
def cross(a, b):
    return np.cross(a, b)


@pytest.mark.parametrize("a,b", [
    (np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])),
    (np.array([1, 2, 3]), np.array([-1, 0, 2])),
    (np.array([1.0, 2.0]), np.array([4.0, 5.0, 6.0])),
    (np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0])),
    (MATRIX[:, :3], MATRIX[::-1, 3:]),
    (MATRIX[:4, :3], np.array([0.5, -1.0, 2.0])),
    (np.array([1j, 2.0, 3.0]), np.array([1.0, 2.0, 3.0])),
    (rng.standard_normal((2, 1, 3)), rng.standard_normal((4, 3))),
    (np.zeros((0, 3)), np.ones(3)),
])
def test_cross(a, b):
    same(cross(a, b), np.cross(a, b))


def test_cross_errors():
    with pytest.raises(ValueError, match="Incompatible dimensions for cross product"):
        cross(np.ones(4), np.ones(3))
    with pytest.raises(ValueError, match="Dimensions for both inputs is 2"):
        cross(np.ones(2), np.ones(2))
    with pytest.raises(ujit.CompileError, match="Inputs must be array-like"):
        cross(1.0, np.ones(3))


# ---- nan* reductions, np.ptp, np.average, np.array_equal

WITH_NANS = np.array([1.5, np.nan, -2.0, 4.0, np.nan, 0.25])
NAN_CASES = [WITH_NANS, WITH_NANS.reshape(2, 3)[:, ::-1], WITH_NANS.astype(np.float32), FLOATS, INTS,
             INTS.astype(np.uint8), np.array([True, False, True]), np.full(3, np.nan), np.array(2.5)]


NAN_FUNCS = {
    "nansum": njit(lambda a: np.nansum(a)),
    "nanprod": njit(lambda a: np.nanprod(a)),
    "nanmean": njit(lambda a: np.nanmean(a)),
    "nanvar": njit(lambda a: np.nanvar(a)),
    "nanstd": njit(lambda a: np.nanstd(a)),
    "nanmin": njit(lambda a: np.nanmin(a)),
    "nanmax": njit(lambda a: np.nanmax(a)),
}


@pytest.mark.parametrize("name", sorted(NAN_FUNCS))
@pytest.mark.parametrize("a", NAN_CASES)
def test_nan_reductions(name, a):
    f = NAN_FUNCS[name]
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = getattr(np, name)(a)
    got = f(a)
    # A scalar comes back as a Python number (float32 and uint8 ones too), as from Numba.
    kind = {"f": float, "i": int, "u": int, "b": int}[want.dtype.kind] if name != "nanmean" else float
    if name in ("nanmin", "nanmax") and a.dtype == np.bool_:
        kind = bool
    assert isinstance(got, kind), (got, want)
    assert got == pytest.approx(want, rel=1e-6, nan_ok=True)


def test_nan_reductions_complex_and_empty():
    z = np.array([1 + 1j, complex(np.nan, 0), 2 - 3j])
    same(njit(lambda a: np.nansum(a))(z), np.nansum(z))
    same(njit(lambda a: np.nanprod(a))(z), np.nanprod(z))
    assert NAN_FUNCS["nansum"](np.zeros(0)) == 0.0
    assert np.isnan(NAN_FUNCS["nanmean"](np.zeros(0)))
    with pytest.raises(ValueError, match="zero-size array to reduction operation not possible"):
        njit(lambda a: np.nanmin(a))(np.zeros(0))
    same(njit(lambda a: np.nanmax(a))(z), np.nanmax(z))  # complex: test_numpy_nan_cumulative.py


@njit
def ptp(a):
    return np.ptp(a)


@pytest.mark.parametrize("a", [FLOATS, MATRIX[::-1, 1::2], INTS, INTS.astype(np.int8), np.array([3.0]),
                               np.array([1.0, np.nan, 3.0]), np.array(4)])
def test_ptp(a):
    same(ptp(a), np.ptp(a))


def test_ptp_errors():
    with pytest.raises(ValueError, match="zero-size array reduction not possible"):
        ptp(np.zeros(0))
    with pytest.raises(ujit.CompileError, match="Boolean dtype is unsupported"):
        ptp(np.ones(2, np.bool_))


@njit
def average(a):
    return np.average(a)


@njit
def average_w(a, w):
    return np.average(a, weights=w)


@pytest.mark.parametrize("a", [FLOATS, MATRIX.T, INTS, INTS.astype(np.float32), np.array([1 + 2j, 3j])])
def test_average(a):
    same(average(a), np.average(a))
    w = np.abs(np.sin(np.arange(a.size))).reshape(a.shape) + 0.5
    same(average_w(a, w), np.average(a, weights=w))
    wi = (np.arange(a.size) % 3 + 1).reshape(a.shape)
    same(average_w(a, wi), np.average(a, weights=wi))


def test_average_errors():
    with pytest.raises(ZeroDivisionError, match="Weights sum to zero"):
        average_w(FLOATS[:2], np.array([1.0, -1.0]))
    with pytest.raises(TypeError, match="shapes of a and weights differ"):
        average_w(FLOATS[:2], np.array([1.0, 1.0, 1.0]))
    with pytest.raises(ujit.CompileError, match="Numba does not support average with axis"):
        njit(lambda a: np.average(a, 0))(FLOATS)


@njit
def array_equal(a, b):
    return np.array_equal(a, b)


def test_array_equal():
    assert array_equal(MATRIX, MATRIX.copy()) is True
    assert array_equal(MATRIX, MATRIX[::-1]) is False
    assert array_equal(MATRIX, MATRIX.T) is False
    assert array_equal(FLOATS, MATRIX) is False
    assert array_equal(INTS, INTS.astype(np.float64)) is True
    assert array_equal(np.zeros(0), np.zeros(0)) is True
    assert array_equal(np.array([np.nan]), np.array([np.nan])) is False
    assert array_equal(2, 2.0) is True
    assert array_equal(np.array(3), 3) is True
    assert array_equal(np.array([True, False]), np.array([1, 0])) is True


# ---- np.diag, np.expand_dims, np.atleast_*d


@njit
def diag(v, k):
    return np.diag(v, k)


@pytest.mark.parametrize("v", [FLOATS[:4], INTS[::-3], np.array([1j, 2.0]), np.zeros(0), MATRIX, MATRIX.T,
                               MATRIX[::-1, ::2], np.ones((2, 7), np.bool_)])
@pytest.mark.parametrize("k", [0, 1, -2, 9, -9])
def test_diag(v, k):
    same(diag(v, k), np.diag(v, k).copy())
    same(njit(lambda v: np.diag(v))(v), np.diag(v).copy())


def test_diag_errors():
    with pytest.raises(ujit.CompileError, match="Input must be 1- or 2-d"):
        njit(lambda v: np.diag(v))(np.ones((2, 2, 2)))


@pytest.mark.parametrize("a", [FLOATS[:3], MATRIX[::2], np.array(5.0)])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_expand_dims(a, axis):
    if axis > a.ndim:
        return
    same(njit(lambda a, k: np.expand_dims(a, k))(a, axis), np.expand_dims(a, axis))


def test_expand_dims_view_and_errors():
    a = np.arange(6.0)
    v = njit(lambda a: np.expand_dims(a, 1))(a)
    v[2, 0] = 50.0
    assert a[2] == 50.0  # a view, as NumPy's
    with pytest.raises(ValueError, match="axis out of bounds"):
        njit(lambda a: np.expand_dims(a, 3))(a)


ATLEAST = {"atleast_1d": njit(lambda a: np.atleast_1d(a)), "atleast_2d": njit(lambda a: np.atleast_2d(a)),
           "atleast_3d": njit(lambda a: np.atleast_3d(a))}


@pytest.mark.parametrize("a", [np.array(7.0), FLOATS[:3], MATRIX[:, ::-2], rng.standard_normal((2, 3, 4))])
@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
def test_atleast(a, name):
    same(ATLEAST[name](a), getattr(np, name)(a))


# ---- Ellipsis


@njit
def ellipsis_reads(m):
    return m[..., 0], m[...], m[1, ...], m[..., 1:, 0], m[None, ...].shape[0]


@njit
def ellipsis_writes(m):
    m[..., 0] = -1.0
    m[1, ...] = 7.0
    m[...] += 1.0
    return m


@njit
def placeholder():
    ...


@njit
def call_placeholder():
    return placeholder()


def test_ellipsis():
    m = rng.standard_normal((3, 4, 2))
    got = ellipsis_reads(m)
    same(got[:4], (m[..., 0], m[...], m[1, ...], m[..., 1:, 0]))
    assert got[4] == 1
    v = rng.standard_normal((2, 3))[:, ::-1]
    same(ellipsis_reads(np.ascontiguousarray(v)[..., None])[0], v[..., None][..., 0])
    w = m.copy()
    want = m.copy()
    want[..., 0] = -1.0
    want[1, ...] = 7.0
    want[...] += 1.0
    same(ellipsis_writes(w), want)
    same(w, want)
    assert call_placeholder() is None


def test_ellipsis_errors():
    with pytest.raises(ujit.CompileError, match="only supported as an array index"):
        njit(lambda: ...)()
    with pytest.raises(ujit.CompileError, match="single ellipsis"):
        njit(lambda m: m[..., ...])(MATRIX)
    with pytest.raises(ujit.CompileError, match="too many indices"):
        njit(lambda m: m[1, ..., 2, 3])(MATRIX)


# ---- leaks


def test_nothing_leaks():
    before = live()
    for _ in range(3):
        histogram(FLOATS)
        histogram_bins(FLOATS, np.array([0.0, 1.0]))
        digitize(FLOATS, np.array([0.0, 1.0]))
        correlate(FLOATS, FLOATS[:3])
        trapz(MATRIX)
        cross(MATRIX[:, :3], np.ones(3))
        diag(FLOATS[:3], 1)
        ellipsis_reads(MATRIX[..., None])
        with pytest.raises(ValueError):
            histogram_bins(FLOATS, np.array([1.0, 0.0]))
        with pytest.raises(ValueError):
            cross(np.ones((3, 4)), np.ones(3))
    assert live() == before


# ---- np.repeat with a count per item


@njit
def repeat_each(a, r):
    return np.repeat(a, r), a.repeat(r)


@pytest.mark.parametrize("a,r", [
    (np.arange(4.0), np.array([1, 0, 3, 2])),
    (np.arange(6).reshape(2, 3)[:, ::-1], np.array([2, 1, 0, 1, 1, 3])),
    (np.array([True, False]), np.array([2, 2], np.int32)),
    (np.arange(3.0), np.array([2])),
    (np.zeros(0), np.zeros(0, np.int64)),
])
def test_repeat_each(a, r):
    same(repeat_each(a, r), (np.repeat(a, r), a.repeat(r)))


def test_repeat_each_errors():
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        repeat_each(np.arange(2.0), np.array([1, -1]))
    with pytest.raises(ValueError, match="could not be broadcast"):
        repeat_each(np.arange(3.0), np.array([1, 1]))


def test_functions_numba_lacks_are_located_errors():
    for f in (lambda a: np.tile(a, 2), lambda a: np.meshgrid(a, a), lambda a: np.squeeze(a)):
        with pytest.raises(ujit.CompileError, match="Numba 0.68 does not compile it either"):
            njit(f)(np.ones(2))
