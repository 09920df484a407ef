"""nplib7 (issue 18): np.angle, np.append, np.kron, np.cov, np.corrcoef and np.iinfo /
np.finfo in compiled code. NumPy is the oracle for values, shapes and dtypes (C, F, strided
and empty inputs; int, float, complex and bool where Numba takes them); Numba 0.68 for
signatures and errors; the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def same(got, want, rtol=1e-12):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w, rtol)
        return
    if isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray), got
        assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
        np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-12, equal_nan=True)
        return
    assert type(got) in (bool, int, float, complex) or isinstance(got, np.generic), got
    assert got == pytest.approx(want, rel=rtol, abs=1e-12, nan_ok=True), (got, want)


rng = np.random.RandomState(7)
Z = rng.standard_normal(12) + 1j * rng.standard_normal(12)
X = rng.standard_normal((3, 20))

# ---- np.angle


@njit
def angle(z):
    return np.angle(z)


@njit
def angle_deg(z, deg):
    return np.angle(z, deg)


def test_angle_arrays_and_scalars():
    for z in (Z, Z.astype(np.complex64), Z.real.copy(), Z.real.astype(np.float32), Z.reshape(3, 4).T, Z[::-2],
              np.array([0j, -1 + 0j, -0.0 - 1j, np.inf + 1j])):
        want = np.angle(z)
        same(angle(z), want, rtol=1e-6 if want.dtype == np.float32 else 1e-12)
        same(angle_deg(z, True), np.angle(z, True).astype(want.dtype), rtol=1e-6 if want.dtype == np.float32 else 1e-12)
        same(angle_deg(z, False), want, rtol=1e-6 if want.dtype == np.float32 else 1e-12)
    for s in (1 + 1j, -2.0, 3.0, -1j):
        assert angle(s) == pytest.approx(np.angle(s), rel=1e-15)
        assert angle_deg(s, True) == pytest.approx(np.angle(s, deg=True), rel=1e-15)
    assert angle(np.empty(0, np.complex128)).shape == (0,)
    assert angle(3) == np.angle(3) and angle(-3) == np.angle(-3)  # numbers of any kind, as Numba
    with pytest.raises(ujit.CompileError, match=r"np.angle\(\) of array\(int64, 1d, C\) is not supported"):
        angle(np.arange(3))


# ---- np.append


@njit
def append(a, v):
    return np.append(a, v)


@njit
def append_axis(a, v, axis):
    return np.append(a, v, axis)


@njit
def append_axis_kw(a, v):
    return np.append(a, v, axis=0)


def test_append():
    a = np.arange(6).reshape(2, 3)
    cases = [(np.arange(3), 7), (np.arange(3), 2.5), (np.arange(3.0), np.arange(4)), (a, a.T), (a.T, np.ones(2)),
             (np.empty(0), np.empty(0)), (np.array([True]), np.array([1 + 2j])), (a[:, ::-2], 5)]
    for x, v in cases:
        same(append(x, v), np.append(x, v))
    same(append(4, np.arange(3)), np.append(4, np.arange(3)))
    for axis in (0, 1, -1):
        same(append_axis(a, a * 2.0, axis), np.append(a, a * 2.0, axis))
    same(append_axis_kw(a, a), np.append(a, a, axis=0))
    with pytest.raises(ValueError, match="input sizes over dimension 1 do not match"):
        append_axis(a, np.ones((2, 2)), 0)
    with pytest.raises(ujit.CompileError, match="must have same number of dimensions"):
        append_axis(a, np.ones(3), 0)


# ---- np.kron


@njit
def kron(a, b):
    return np.kron(a, b)


def test_kron():
    m = np.array([[1.0, 2.0], [3.0, 4.0]])
    cases = [(np.eye(3), m), (m, np.eye(2)), (np.arange(3.0), np.arange(4.0)), (np.arange(3.0), m),
             (m, np.arange(3.0)), (np.asfortranarray(np.arange(6.0).reshape(2, 3)), m),
             (np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2)), (m.astype(np.complex64), m.astype(np.complex64)),
             (np.empty((0, 2)), m), (np.array([True, False]), np.array([True, True]))]
    for a, b in cases:
        same(kron(a, b), np.kron(a, b))
    with pytest.raises(ujit.CompileError, match="np.linalg.kron only supports 'C' or 'F' layout"):
        kron(m[:, ::2], m)
    with pytest.raises(ujit.CompileError, match=r"np.kron\(\) only supported on 1 and 2-D arrays"):
        kron(np.ones((2, 2, 2)), m)


# ---- np.cov and np.corrcoef


@njit
def cov(m):
    return np.cov(m)


@njit
def cov_all(m, y, rowvar, bias, ddof):
    return np.cov(m, y, rowvar, bias, ddof)


@njit
def cov_y(m, y, rowvar, bias):
    return np.cov(m, y, rowvar, bias, None)


@njit
def cov_kw(m, y):
    return np.cov(m, y=y, rowvar=False, bias=True)


@njit
def cov_ddof(m, ddof):
    return np.cov(m, ddof=ddof)


@njit
def corrcoef(x):
    return np.corrcoef(x)


@njit
def corrcoef_y(x, y, rowvar):
    return np.corrcoef(x, y, rowvar)


def test_cov():
    for m in (X, np.asfortranarray(X), X[:, ::2], X.T.copy().T, X.astype(np.float32), (X * 10).astype(np.int64),
              X + 1j * X[::-1], X[0], np.arange(5)):
        same(cov(m), np.cov(m))
    assert cov(X[0]).shape == () and cov(X[0]).dtype == np.float64
    for rowvar in (True, False):
        x, y = (X, X[:2] * 3.0) if rowvar else (X.T, X[:2].T * 3.0)
        for bias in (True, False):
            same(cov_y(x, y, rowvar, bias), np.cov(x, y, rowvar, bias))
    for bias in (True, False):
        same(cov_all(X.T, X.T[:, :1], False, bias, 2), np.cov(X.T, X.T[:, :1], False, bias, 2))
    same(cov_kw(X.T, X.T[:, 0]), np.cov(X.T, y=X.T[:, 0], rowvar=False, bias=True))
    same(cov_ddof(X, 0), np.cov(X, ddof=0))
    same(cov_ddof(X, 3.0), np.cov(X, ddof=3.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            same(cov_ddof(X, 20), np.cov(X, ddof=20))  # no degrees of freedom left: inf, as NumPy's
            same(cov(np.empty((2, 0))), np.cov(np.empty((2, 0))))
    with pytest.raises(ValueError, match="ddof must be integral value"):
        cov_ddof(X, 1.5)
    with pytest.raises(ValueError, match="Cannot convert non-finite ddof to integer"):
        cov_ddof(X, np.inf)
    with pytest.raises(RuntimeError, match="2D array containing a single row is unsupported"):
        cov(X[:1])
    with pytest.raises(ValueError, match="m and y have incompatible dimensions"):
        cov_y(X, X[:, :3], True, False)
    with pytest.raises(ujit.CompileError, match="m has more than 2 dimensions"):
        cov(np.ones((2, 2, 2)))


def test_corrcoef():
    for x in (X, X.astype(np.float32), X[:, ::-1], X + 1j * X[::-1], (X * 5).astype(np.int32)):
        same(corrcoef(x), np.corrcoef(x))
    got = corrcoef(X[0])
    assert got.shape == () and got == 1.0
    for rowvar in (True, False):
        x, y = (X, X[1:] ** 2) if rowvar else (X.T, (X[1:] ** 2).T)
        same(corrcoef_y(x, y, rowvar), np.corrcoef(x, y, rowvar))
    c = corrcoef(np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]]))
    assert np.all(np.abs(c) <= 1.0)  # clipped


# ---- np.iinfo and np.finfo


@njit
def int_limits():
    return (np.iinfo(np.int64).max, np.iinfo(np.int64).min, np.iinfo(np.int64).bits, np.iinfo(np.int8).min,
            np.iinfo(np.uint8).max, np.iinfo(np.int32).max, np.iinfo(np.uint64).max, np.iinfo(np.uint16).min)


@njit
def float_limits():
    return (np.finfo(np.float64).eps, np.finfo(np.float64).max, np.finfo(np.float64).min, np.finfo(np.float64).tiny,
            np.finfo(np.float64).resolution, np.finfo(np.float64).epsneg, np.finfo(np.float64).bits,
            np.finfo(np.float64).precision, np.finfo(np.float64).nmant, np.finfo(np.float64).nexp,
            np.finfo(np.float64).iexp, np.finfo(np.float64).machep, np.finfo(np.float64).negep,
            np.finfo(np.float64).maxexp, np.finfo(np.float64).minexp)


@njit
def float32_limits():
    return (np.finfo(np.float32).eps, np.finfo(np.float32).max, np.finfo(np.float32).tiny,
            np.finfo(np.float32).resolution, np.finfo(np.float32).precision, np.finfo(np.complex64).eps,
            np.finfo(np.float32).minexp, np.finfo(np.float32).maxexp, np.finfo(np.float32).bits)


@njit
def limits_of(a):
    return np.iinfo(a.dtype).max, np.iinfo(a.dtype).min


@njit
def eps_of(a):
    return np.finfo(a.dtype).eps


def test_iinfo_finfo_fold_numpys_values():
    want = (np.iinfo(np.int64).max, np.iinfo(np.int64).min, np.iinfo(np.int64).bits, np.iinfo(np.int8).min,
            np.iinfo(np.uint8).max, np.iinfo(np.int32).max, np.iinfo(np.uint64).max, np.iinfo(np.uint16).min)
    got = int_limits()
    assert got == want and all(isinstance(g, (int, np.integer)) for g in got)
    f = np.finfo(np.float64)
    want = (f.eps, f.max, f.min, f.tiny, f.resolution, f.epsneg, f.bits, f.precision, f.nmant, f.nexp, f.iexp,
            f.machep, f.negep, f.maxexp, f.minexp)
    assert float_limits() == want
    f32 = np.finfo(np.float32)
    got = float32_limits()
    assert got == (f32.eps, f32.max, f32.tiny, f32.resolution, f32.precision, np.finfo(np.complex64).eps,
                   f32.minexp, f32.maxexp, f32.bits)
    for dt in (np.int8, np.uint32, np.int64):
        assert limits_of(np.zeros(1, dt)) == (np.iinfo(dt).max, np.iinfo(dt).min)
    assert eps_of(np.zeros(1, np.float32)) == np.finfo(np.float32).eps
    assert eps_of(np.zeros(1, np.complex128)) == np.finfo(np.complex128).eps


@njit
def iinfo_of_float():
    return np.iinfo(np.float64).max


@njit
def iinfo_dtype():
    return np.iinfo(np.int64).dtype


@njit
def iinfo_object():
    info = np.iinfo(np.int64)
    return info.max


def test_iinfo_finfo_errors_are_located():
    with pytest.raises(ujit.CompileError, match=r"test_numpy_combine.py:\d+:\d+: error: np.iinfo\(\) takes an integer"):
        iinfo_of_float()
    with pytest.raises(ujit.CompileError, match="np.iinfo has no attribute 'dtype'"):
        iinfo_dtype()
    assert iinfo_object() == np.iinfo(np.int64).max  # kept in a variable: Numba's iinfo named tuple


def test_nothing_leaks():
    a = np.arange(6.0).reshape(2, 3)
    before = live()
    for _ in range(3):
        angle(Z)
        append(a, a)
        append_axis(a, a, 1)
        kron(a, a)
        cov(X)
        cov_all(X, X, False, True, 1)
        corrcoef(X[0])
        corrcoef_y(X, X, True)
        with pytest.raises(ValueError):
            cov_ddof(X, 0.5)
        with pytest.raises(ValueError):
            append_axis(a, np.ones((2, 2)), 0)
    assert live() == before
