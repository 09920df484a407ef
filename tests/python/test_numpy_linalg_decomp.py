"""nplib7 (issue 18): np.linalg's factorizations in compiled code, through LAPACK as Numba's:
cholesky, qr, eigh, eigvalsh, eig, eigvals, svd, lstsq, pinv, matrix_rank, matrix_power and
cond. NumPy is the oracle: values up to rounding (eigen and singular vectors by what they
reconstruct, their signs being LAPACK's choice), shapes and dtypes (float32 stays float32,
eigenvalues and singular values of a complex matrix are real); C-, F-ordered and strided
operands; Numba 0.68 for the errors (LinAlgError and its messages, located compile errors);
the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys

DTYPES = [np.float64, np.float32, np.complex128, np.complex64]


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def tol(dtype):
    return 2e-4 if np.dtype(dtype).itemsize in (4, 8) and np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


def matrix(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def hermitian_pd(rng, n, dtype):
    a = matrix(rng, (n, n), dtype)
    return (a @ a.conj().T + n * np.eye(n)).astype(dtype)


def layouts(a):
    """a itself, a Fortran-ordered copy and a strided view holding the same values."""
    big = np.zeros((a.shape[0] * 2, a.shape[1] * 3), a.dtype)
    big[::2, ::3] = a
    return [a, np.asfortranarray(a), big[::2, ::3]]


@njit
def cholesky(a):
    return np.linalg.cholesky(a)


@njit
def qr(a):
    return np.linalg.qr(a)


@njit
def eigh(a):
    return np.linalg.eigh(a)


@njit
def eigvalsh(a):
    return np.linalg.eigvalsh(a)


@njit
def eig(a):
    return np.linalg.eig(a)


@njit
def eigvals(a):
    return np.linalg.eigvals(a)


@njit
def svd(a):
    return np.linalg.svd(a)


@njit
def svd_full(a, full):
    return np.linalg.svd(a, full)


@njit
def lstsq(a, b):
    return np.linalg.lstsq(a, b)


@njit
def lstsq_rcond(a, b, rcond):
    return np.linalg.lstsq(a, b, rcond)


@njit
def pinv(a):
    return np.linalg.pinv(a)


@njit
def pinv_rcond(a, rcond):
    return np.linalg.pinv(a, rcond)


@njit
def matrix_rank(a):
    return np.linalg.matrix_rank(a)


@njit
def matrix_rank_tol(a, tol):
    return np.linalg.matrix_rank(a, tol)


@njit
def matrix_power(a, n):
    return np.linalg.matrix_power(a, n)


@njit
def cond(a):
    return np.linalg.cond(a)


@njit
def cond_p(a, p):
    return np.linalg.cond(a, p)


@pytest.mark.parametrize("dtype", DTYPES)
def test_cholesky(dtype):
    rng = np.random.RandomState(1)
    a = hermitian_pd(rng, 5, dtype)
    for m in layouts(a):
        got = cholesky(m)
        assert got.dtype == a.dtype and got.shape == (5, 5)
        np.testing.assert_allclose(got, np.linalg.cholesky(a), rtol=tol(dtype), atol=tol(dtype))
    assert cholesky(np.empty((0, 0), dtype)).shape == (0, 0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (6, 3), (3, 6)])
def test_qr(dtype, shape):
    rng = np.random.RandomState(2)
    a = matrix(rng, shape, dtype)
    wq, wr = np.linalg.qr(a)
    for m in layouts(a):
        q, r = qr(m)
        assert q.dtype == a.dtype and r.dtype == a.dtype
        assert q.shape == wq.shape and r.shape == wr.shape
        np.testing.assert_allclose(q @ r, a, rtol=tol(dtype), atol=tol(dtype))
        np.testing.assert_allclose(np.abs(r), np.abs(wr), rtol=tol(dtype), atol=tol(dtype))
        np.testing.assert_allclose(np.triu(r), r)


@pytest.mark.parametrize("dtype", DTYPES)
def test_eigh_and_eigvalsh(dtype):
    rng = np.random.RandomState(3)
    a = hermitian_pd(rng, 6, dtype)
    real = np.finfo(dtype).dtype
    ww = np.linalg.eigvalsh(a)
    for m in layouts(a):
        w, v = eigh(m)
        assert w.dtype == real and v.dtype == a.dtype and v.shape == (6, 6)
        np.testing.assert_allclose(w, ww, rtol=tol(dtype))
        np.testing.assert_allclose(a @ v, v * w, rtol=tol(dtype), atol=50 * tol(dtype))
        wv = eigvalsh(m)
        assert wv.dtype == real
        np.testing.assert_allclose(wv, ww, rtol=tol(dtype))
    # only the lower triangle is read, as NumPy's (UPLO='L')
    lower = np.tril(a)
    np.testing.assert_allclose(eigvalsh(lower), ww, rtol=tol(dtype))
    w, v = eigh(np.empty((0, 0), dtype))
    assert w.shape == (0,) and v.shape == (0, 0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_eig_and_eigvals(dtype):
    rng = np.random.RandomState(4)
    # a real matrix with real eigenvalues: similar to a diagonal one
    p = matrix(rng, (5, 5), dtype) + 5 * np.eye(5, dtype=dtype)
    a = (p @ np.diag(np.arange(1.0, 6.0)).astype(dtype) @ np.linalg.inv(p)).astype(dtype)
    for m in layouts(a):
        w, v = eig(m)
        assert w.dtype == a.dtype and v.dtype == a.dtype
        np.testing.assert_allclose(np.sort_complex(w.astype(complex)), np.sort_complex(np.linalg.eigvals(a)),
                                   rtol=50 * tol(dtype))
        np.testing.assert_allclose(a @ v, v * w, rtol=50 * tol(dtype), atol=200 * tol(dtype))
        wv = eigvals(m)
        assert wv.dtype == a.dtype
        np.testing.assert_allclose(np.sort_complex(wv.astype(complex)), np.sort_complex(w.astype(complex)),
                                   rtol=50 * tol(dtype))


def test_eig_of_a_rotation_is_a_domain_change_for_real_input():
    rot = np.array([[0.0, -1.0], [1.0, 0.0]])
    with pytest.raises(ValueError, match=r"eig\(\) argument must not cause a domain change."):
        eig(rot)
    with pytest.raises(ValueError, match=r"eigvals\(\) argument must not cause a domain change."):
        eigvals(rot)
    w, v = eig(rot.astype(np.complex128))
    np.testing.assert_allclose(sorted(w, key=lambda z: z.imag), [-1j, 1j], atol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (6, 3), (3, 6)])
def test_svd(dtype, shape):
    rng = np.random.RandomState(5)
    a = matrix(rng, shape, dtype)
    real = np.finfo(dtype).dtype
    for m in layouts(a):
        for full in (True, False):
            wu, ws, wvh = np.linalg.svd(a, full)
            u, s, vh = svd_full(m, full)
            assert u.shape == wu.shape and s.shape == ws.shape and vh.shape == wvh.shape
            assert u.dtype == a.dtype and s.dtype == real and vh.dtype == a.dtype
            np.testing.assert_allclose(s, ws, rtol=tol(dtype), atol=tol(dtype))
            k = min(shape)
            np.testing.assert_allclose((u[:, :k] * s) @ vh[:k], a, rtol=tol(dtype), atol=10 * tol(dtype))
        u, s, vh = svd(m)
        assert u.shape == (shape[0], shape[0]) and vh.shape == (shape[1], shape[1])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(8, 3), (3, 3), (3, 6)])
def test_lstsq(dtype, shape):
    rng = np.random.RandomState(6)
    a = matrix(rng, shape, dtype)
    for b in (matrix(rng, (shape[0],), dtype), matrix(rng, (shape[0], 2), dtype)):
        wx, wres, wrank, ws = np.linalg.lstsq(a, b, rcond=-1)
        for m in layouts(a):
            x, res, rank, s = lstsq(m, b)
            assert x.shape == wx.shape and x.dtype == a.dtype
            assert res.shape == wres.shape and res.dtype == wres.dtype
            assert rank == wrank and isinstance(rank, (int, np.integer))
            np.testing.assert_allclose(x, wx, rtol=50 * tol(dtype), atol=50 * tol(dtype))
            np.testing.assert_allclose(res, wres, rtol=50 * tol(dtype), atol=50 * tol(dtype))
            np.testing.assert_allclose(s, ws, rtol=tol(dtype), atol=tol(dtype))


def test_lstsq_rank_deficient_and_rcond():
    a = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])
    b = np.array([1.0, 2.0, 3.5])
    x, res, rank, s = lstsq(a, b)
    wx, wres, wrank, ws = np.linalg.lstsq(a, b, rcond=-1)
    assert rank == wrank == 1 and res.shape == wres.shape == (0,)
    np.testing.assert_allclose(x, wx, rtol=1e-10)
    x, res, rank, s = lstsq_rcond(np.diag([1.0, 1e-3, 1.0]), np.ones(3), 1e-2)
    assert rank == 2
    np.testing.assert_allclose(x, np.linalg.lstsq(np.diag([1.0, 1e-3, 1.0]), np.ones(3), rcond=1e-2)[0])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 6)])
def test_pinv(dtype, shape):
    rng = np.random.RandomState(7)
    a = matrix(rng, shape, dtype)
    for m in layouts(a):
        got = pinv(m)
        assert got.dtype == a.dtype and got.shape == (shape[1], shape[0])
        np.testing.assert_allclose(got, np.linalg.pinv(a), rtol=50 * tol(dtype), atol=50 * tol(dtype))
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    np.testing.assert_allclose(pinv(singular), np.linalg.pinv(singular), rtol=1e-10)
    np.testing.assert_allclose(pinv_rcond(np.diag([1.0, 1e-3]), 1e-2), np.linalg.pinv(np.diag([1.0, 1e-3]), 1e-2))
    assert pinv(np.empty((0, 3))).shape == (3, 0)


def test_matrix_rank():
    a = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    for m in layouts(a):
        assert matrix_rank(m) == np.linalg.matrix_rank(a) == 2
    assert matrix_rank(np.eye(4, dtype=np.complex64)) == 4
    assert matrix_rank_tol(np.diag([1.0, 1e-3, 1e-9]), 1e-2) == np.linalg.matrix_rank(np.diag([1.0, 1e-3, 1e-9]),
                                                                                       1e-2) == 1
    assert matrix_rank(np.array([0.0, 0.0])) == 0 and matrix_rank(np.array([0.0, 1.0])) == 1
    assert isinstance(matrix_rank(a), int)


@pytest.mark.parametrize("dtype", DTYPES)
def test_matrix_power(dtype):
    rng = np.random.RandomState(8)
    a = (matrix(rng, (4, 4), dtype) + 4 * np.eye(4)).astype(dtype)
    for m in layouts(a):
        for n in (0, 1, 2, 3, 5, 8, -1, -3):
            got = matrix_power(m, n)
            assert got.dtype == a.dtype and got.shape == (4, 4)
            np.testing.assert_allclose(got, np.linalg.matrix_power(a, n), rtol=100 * tol(dtype),
                                       atol=100 * tol(dtype))
    np.testing.assert_array_equal(matrix_power(np.ones((2, 3)), 0), [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    with pytest.raises(ValueError, match="input must be a square array"):
        matrix_power(np.ones((2, 3)), 2)
    with pytest.raises(np.linalg.LinAlgError, match="Matrix is singular to machine precision."):
        matrix_power(np.ones((2, 2)), -1)


def test_cond():
    rng = np.random.RandomState(9)
    a = rng.standard_normal((4, 4))
    for m in layouts(a):
        assert cond(m) == pytest.approx(np.linalg.cond(a), rel=1e-10)
        for p in (2, -2, 1, -1, np.inf, -np.inf):
            assert cond_p(m, p) == pytest.approx(np.linalg.cond(a, p), rel=1e-10)
    assert cond(rng.standard_normal((3, 5))) > 1
    assert cond(np.zeros((2, 2))) == np.inf  # NaN ratio: Numba answers inf
    assert isinstance(cond(a.astype(np.float32)), float)
    with pytest.raises(ValueError, match="Invalid norm order for matrices."):
        cond_p(a, 3)


@njit
def decompositions(a):
    spd = a @ a.T + 4.0 * np.eye(a.shape[0])
    return (np.linalg.cholesky(spd), np.linalg.qr(a), np.linalg.eigh(spd), np.linalg.svd(a),
            np.linalg.lstsq(a, a[:, 0]), np.linalg.pinv(a), np.linalg.eig(spd))


def test_errors_are_numbas():
    with pytest.raises(np.linalg.LinAlgError, match="Matrix is not positive definite."):
        cholesky(np.array([[1.0, 2.0], [2.0, 1.0]]))
    square = "Last 2 dimensions of the array must be square."
    for f in (cholesky, eigh, eigvalsh, eig, eigvals):
        with pytest.raises(np.linalg.LinAlgError, match=square):
            f(np.ones((2, 3)))
    nan = np.array([[1.0, np.nan], [0.0, 1.0]])
    for f in (qr, eigh, eigvalsh, eig, eigvals, svd, pinv, matrix_rank, cond):
        with pytest.raises(np.linalg.LinAlgError, match="Array must not contain infs or NaNs."):
            f(nan)
    with pytest.raises(np.linalg.LinAlgError, match="Array must not contain infs or NaNs."):
        lstsq(np.eye(2), np.array([np.inf, 1.0]))
    for f in (qr, svd, matrix_rank, cond):
        with pytest.raises(np.linalg.LinAlgError, match="Arrays cannot be empty"):
            f(np.empty((0, 3)))
    with pytest.raises(np.linalg.LinAlgError, match="Arrays cannot be empty"):
        lstsq(np.empty((0, 2)), np.empty(0))
    with pytest.raises(np.linalg.LinAlgError, match="Incompatible array sizes, system is not dimensionally valid."):
        lstsq(np.eye(3), np.ones(2))
    assert cholesky(np.eye(2)).tolist() == [[1.0, 0.0], [0.0, 1.0]]  # the process stays usable


def test_typing_errors_are_numbas_and_located():
    with pytest.raises(ujit.CompileError, match=r"np.linalg.cholesky\(\) only supported on 2-D arrays."):
        cholesky(np.ones(3))
    with pytest.raises(ujit.CompileError, match=r"np.linalg.qr\(\) only supported on float and complex arrays."):
        qr(np.eye(3, dtype=np.int64))
    with pytest.raises(ujit.CompileError, match=r"np.linalg.svd\(\) only supported for array types"):
        svd(1.0)
    with pytest.raises(ujit.CompileError, match=r"np.linalg.lstsq\(\) only supports inputs that have homogeneous"):
        lstsq(np.eye(2), np.ones(2, np.float32))
    with pytest.raises(ujit.CompileError, match="Exponent must be an integer."):
        matrix_power(np.eye(2), 1.5)
    with pytest.raises(ujit.CompileError, match=r"test_numpy_linalg_decomp.py:\d+:\d+: error:"):
        eigh(np.ones(3))


def test_nothing_leaks():
    rng = np.random.RandomState(10)
    a = rng.standard_normal((4, 4))
    decompositions(a)
    before = live()
    for _ in range(3):
        decompositions(a)
        lstsq(a, a)
        matrix_power(a, 5)
        matrix_power(a, -2)
        eigvals(a @ a.T)
        with pytest.raises(np.linalg.LinAlgError):
            cholesky(-np.eye(3))
        with pytest.raises(np.linalg.LinAlgError):
            lstsq(np.eye(3), np.ones(2))
        with pytest.raises(ValueError):
            eig(np.array([[0.0, -1.0], [1.0, 0.0]]))
    assert live() == before
