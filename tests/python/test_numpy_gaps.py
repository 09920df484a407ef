"""Ordinary NumPy calls Numba 0.68 compiles that ujit refused until gaps1: a.clip, np.nanargmax /
nanargmin, np.cbrt, np.sinc, np.iscomplexobj / isrealobj / iscomplex / isreal, np.logspace /
geomspace, np.take / a.take, np.broadcast_to, np.swapaxes / moveaxis, np.fill_diagonal. NumPy is
the oracle for values, dtypes and shapes; Numba's messages where it raises (checked on Numba 0.68)."""
import numpy as np
import pytest

from ujit import njit

STRIDED = np.arange(24.0).reshape(4, 6)[::2, ::-3]  # neither C nor F: the flat walks must use strides


@njit
def clip_method(a, lo, hi):
    return a.clip(lo, hi)


@njit
def clip_in_expression(a):
    return a.clip(1, 3) * 2 + 1


@pytest.mark.parametrize("a", [np.arange(5.0), np.arange(-3, 4), STRIDED])
def test_clip_method(a):
    got = clip_method(a, 1, 3)
    want = a.clip(1, 3)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(clip_in_expression(a), a.clip(1, 3) * 2 + 1)


@njit
def nanargs(a):
    return np.nanargmax(a), np.nanargmin(a)


@pytest.mark.parametrize("a", [
    np.array([1.0, np.nan, 5.0, -2.0]),
    np.array([np.nan, 3.0, 3.0, np.nan, -1.0, -1.0]),  # ties: the first
    np.array([3, 1, 7, 7]),
    np.array([[1.0, np.nan], [9.0, 2.0]]),
    STRIDED,
    np.array([2.5], dtype=np.float32),
])
def test_nanargmax_nanargmin(a):
    assert nanargs(a) == (np.nanargmax(a), np.nanargmin(a))


@pytest.mark.parametrize("a, message", [
    (np.array([np.nan, np.nan]), "All-NaN slice encountered"),
    (np.zeros(0), "attempt to get nanargmax of an empty sequence"),
])
def test_nanargmax_errors(a, message):
    with pytest.raises(ValueError, match=message):
        nanargs(a)


@njit
def cbrt_sinc(a, x):
    return np.cbrt(a), np.sinc(a), np.sinc(x)


def test_cbrt_and_sinc():
    a = np.array([0.0, 0.5, 1.0, -1.5, 8.0, -27.0])
    c, s, s0 = cbrt_sinc(a, 0.5)
    np.testing.assert_allclose(c, np.cbrt(a), rtol=1e-15)
    np.testing.assert_allclose(s, np.sinc(a), rtol=1e-14, atol=1e-16)
    assert s0 == pytest.approx(np.sinc(0.5), rel=1e-15)
    c32, s32, _ = cbrt_sinc(a.astype(np.float32), 0.0)
    assert c32.dtype == np.float32 and s32.dtype == np.float32
    np.testing.assert_allclose(s32, np.sinc(a.astype(np.float32)), rtol=1e-6, atol=1e-7)


@njit
def complex_tests(a):
    return np.iscomplexobj(a), np.isrealobj(a), np.iscomplex(a), np.isreal(a)


@njit
def complex_tests_scalar(z):
    return np.iscomplexobj(z), np.isrealobj(z), np.iscomplex(z), np.isreal(z)


@pytest.mark.parametrize("a", [np.arange(3.0), np.array([1 + 0j, 1 + 1j, -2j]), np.array([[1, 2], [3, 4]])])
def test_complex_tests(a):
    obj, real_obj, cx, re = complex_tests(a)
    assert (obj, real_obj) == (np.iscomplexobj(a), np.isrealobj(a))
    np.testing.assert_array_equal(cx, np.iscomplex(a))
    np.testing.assert_array_equal(re, np.isreal(a))
    assert cx.dtype == np.bool_ and re.shape == a.shape


@pytest.mark.parametrize("z", [3.5, 2 + 0j, 1j, 7])
def test_complex_tests_of_scalars(z):
    assert complex_tests_scalar(z) == (np.iscomplexobj(z), np.isrealobj(z), np.iscomplex(z), np.isreal(z))


@njit
def spaces(start, stop, num):
    return np.logspace(start, stop, num), np.geomspace(start, stop, num)


@pytest.mark.parametrize("start, stop, num", [(1, 1000, 4), (0.5, 3.0, 7), (-1.0, -100.0, 5), (2.0, 2.0, 1),
                                              (1.0, 10.0, 0), (3, 300, 2)])
def test_logspace_geomspace(start, stop, num):
    log, geom = spaces(start, stop, num)
    np.testing.assert_allclose(log, np.logspace(start, stop, num), rtol=1e-13)
    np.testing.assert_allclose(geom, np.geomspace(start, stop, num), rtol=1e-13)
    if num > 1:  # the ends are start and stop themselves
        assert geom[0] == start and geom[-1] == stop


@njit
def default_num():
    return np.logspace(0, 2).size, np.geomspace(1, 100).size


def test_space_default_num_and_zero():
    assert default_num() == (50, 50)
    with pytest.raises(ValueError, match="Geometric sequence cannot include zero"):
        spaces(0.0, 1.0, 3)


@njit
def take_all(a, idx, i):
    return np.take(a, idx), a.take(idx), np.take(a, i), a.take((0, -1, 2))


@pytest.mark.parametrize("a", [np.arange(10.0).reshape(2, 5), STRIDED, np.arange(6, dtype=np.int32)])
def test_take(a):
    idx = np.array([[0, 3], [-1, 2]])
    t1, t2, t3, t4 = take_all(a, idx, -2)
    np.testing.assert_array_equal(t1, np.take(a, idx))
    np.testing.assert_array_equal(t2, a.take(idx))
    assert t3 == np.take(a, -2)
    np.testing.assert_array_equal(t4, a.take((0, -1, 2)))
    assert t1.shape == idx.shape and t1.dtype == a.dtype


@njit
def take_list(a):
    return np.take(a, [1, -1, 2]), a.take([0])


def test_take_of_lists():
    a = np.arange(12.0).reshape(3, 4)[:, ::2]
    t1, t2 = take_list(a)
    np.testing.assert_array_equal(t1, np.take(a, [1, -1, 2]))
    np.testing.assert_array_equal(t2, a.take([0]))


def test_take_out_of_bounds():
    with pytest.raises(IndexError, match="Index out of bounds"):
        take_all(np.arange(4.0), np.array([4]), 0)
    with pytest.raises(IndexError, match="Index out of bounds"):
        take_all(np.arange(4.0), np.array([0]), -5)


@njit
def broadcast(a, shape):
    return np.broadcast_to(a, shape)


@njit
def broadcast_sum(a):
    return np.broadcast_to(a, (3, 4)).sum()


@njit
def broadcast_scalar(x):
    return np.broadcast_to(x, (2, 3))


@pytest.mark.parametrize("a, shape", [
    (np.arange(4.0), (3, 4)),
    (np.arange(3.0).reshape(3, 1), (2, 3, 5)),
    (STRIDED, (2, 2, 2)),
    (np.arange(5), 5),
])
def test_broadcast_to(a, shape):
    got = broadcast(a, shape)
    want = np.broadcast_to(a, shape)
    assert got.shape == want.shape and not got.flags.writeable
    np.testing.assert_array_equal(got, want)


def test_broadcast_to_scalars_reductions_and_errors():
    assert broadcast_sum(np.arange(4.0)) == np.broadcast_to(np.arange(4.0), (3, 4)).sum()
    np.testing.assert_array_equal(broadcast_scalar(3.5), np.full((2, 3), 3.5))
    with pytest.raises(ValueError, match="could not be broadcast"):
        broadcast(np.arange(3.0), (2, 4))
    with pytest.raises(ValueError, match="non-negative"):
        broadcast(np.arange(3.0), (-1, 3))


@njit
def axes(a, i, j):
    return np.swapaxes(a, i, j), np.moveaxis(a, i, j)


@pytest.mark.parametrize("i, j", [(0, 1), (0, -1), (2, 0), (-1, 1), (1, 1)])
def test_swapaxes_moveaxis(i, j):
    a = np.arange(24.0).reshape(2, 3, 4)
    s, m = axes(a, i, j)
    np.testing.assert_array_equal(s, np.swapaxes(a, i, j))
    np.testing.assert_array_equal(m, np.moveaxis(a, i, j))
    s[...] = -1  # views of a
    assert (a == -1).any()


def test_axes_out_of_bounds():
    with pytest.raises(ValueError, match="np.swapaxes: Argument axis1 out of bounds"):
        axes(np.zeros((2, 2)), 2, 0)


@njit
def fill_diag(a, val, wrap):
    np.fill_diagonal(a, val, wrap)
    return a


@pytest.mark.parametrize("shape, val, wrap", [
    ((3, 3), 5.0, False),
    ((7, 3), 4, True),
    ((7, 3), 4, False),
    ((3, 4), np.array([1.0, 2.0]), False),
    ((3, 3, 3), np.array([[7.0, 8.0]]), False),
    ((2, 5), np.arange(3), True),
])
def test_fill_diagonal(shape, val, wrap):
    got = fill_diag(np.zeros(shape), val, wrap)
    want = np.zeros(shape)
    np.fill_diagonal(want, val, wrap)
    np.testing.assert_array_equal(got, want)


def test_fill_diagonal_unequal_sides_and_views():
    with pytest.raises(ValueError, match="All dimensions of input must be of equal length"):
        fill_diag(np.zeros((2, 3, 3)), 1.0, False)
    base = np.zeros((4, 6))
    fill_diag(base[:, ::2], 9.0, False)  # a strided view: its own diagonal
    want = np.zeros((4, 6))
    np.fill_diagonal(want[:, ::2], 9.0)
    np.testing.assert_array_equal(base, want)


@njit
def ediff(a):
    return np.ediff1d(a)


@pytest.mark.parametrize("a", [np.array([1.0, 4.0, 9.0]), np.array([[5, 1], [2, 8]]), STRIDED, np.zeros(0),
                               np.array([3], dtype=np.int8)])
def test_ediff1d(a):
    got, want = ediff(a), np.ediff1d(a)
    assert got.dtype == a.dtype
    np.testing.assert_array_equal(got, want)


@njit
def vander_all(x, n):
    return np.vander(x), np.vander(x, n), np.vander(x, n, True)


@pytest.mark.parametrize("x", [np.array([1.0, 2.0, 3.0, -0.5]), np.array([2, 3, 5], dtype=np.int32),
                               np.array([True, False])])
def test_vander(x):
    v1, v2, v3 = vander_all(x, 3)
    for got, want in ((v1, np.vander(x)), (v2, np.vander(x, 3)), (v3, np.vander(x, 3, True))):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


@njit
def triangles(n, k, m):
    return np.tri(n), np.tri(n, m, k), np.triu_indices(n), np.tril_indices(n, k, m), np.triu_indices(n, k, m)


@pytest.mark.parametrize("n, k, m", [(3, 0, 3), (4, 1, 2), (3, -1, 5), (0, 0, 0), (2, 5, 2)])
def test_tri_and_indices(n, k, m):
    t1, t2, u1, l2, u2 = triangles(n, k, m)
    np.testing.assert_array_equal(t1, np.tri(n))
    np.testing.assert_array_equal(t2, np.tri(n, m, k))
    for got, want in ((u1, np.triu_indices(n)), (l2, np.tril_indices(n, k, m)), (u2, np.triu_indices(n, k, m))):
        assert len(got) == 2
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_array_equal(got[1], want[1])


@njit
def rot(m, k):
    return np.rot90(m, k)


@njit
def rot_default(m):
    return np.rot90(m)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, -1, -6, 7])
@pytest.mark.parametrize("m", [np.arange(6).reshape(2, 3), STRIDED, np.arange(24.0).reshape(2, 3, 4),
                               np.zeros((0, 3))])
def test_rot90(m, k):
    got = rot(m, k)
    want = np.rot90(m, k)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(rot_default(m), np.rot90(m))


@njit
def delete(a, obj):
    return np.delete(a, obj)


@pytest.mark.parametrize("obj", [1, -1, 0, np.array([0, 2]), np.array([-1, 1, 1]), np.array([], dtype=np.int64)])
def test_delete(obj):
    for a in (np.arange(5.0), np.arange(12).reshape(3, 4), STRIDED):
        np.testing.assert_array_equal(delete(a, obj), np.delete(a, obj))


def test_delete_out_of_bounds():
    with pytest.raises(IndexError, match="obj must be less than the len"):
        delete(np.arange(3.0), 3)
    with pytest.raises(IndexError):
        delete(np.arange(3.0), np.array([0, -4]))


@njit
def set_ops(a, b):
    return np.union1d(a, b), np.intersect1d(a, b), np.setdiff1d(a, b), np.setxor1d(a, b)


@pytest.mark.parametrize("a, b", [
    (np.arange(5), np.array([1, 3, 9])),
    (np.array([3, 1, 3, 2]), np.array([2, 2, 5])),
    (np.array([1.0, np.nan, 2.0, 2.0]), np.array([np.nan, 2.0, 7.0])),
    (np.array([1, 2, 3]), np.array([1.5, 2.0])),  # compared in the promoted dtype
    (np.zeros(0), np.array([1.0])),
    (np.zeros(0), np.zeros(0)),
    (np.array([5, 5, 5]), np.array([5])),
    (np.array([[4, 1], [1, 0]]), np.array([0, 4])),
])
def test_set_operations(a, b):
    u, i, d, x = set_ops(a, b)
    for got, want in ((u, np.union1d(a, b)), (i, np.intersect1d(a, b)), (d, np.setdiff1d(a, b)),
                      (x, np.setxor1d(a, b))):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


@njit
def sum_axes(a, axes):
    return a.sum(axis=axes)


@njit
def np_sum_axes_literal(a):
    return np.sum(a, axis=(0, 2)), a.sum(axis=(-1, 0))


@pytest.mark.parametrize("a, axes", [
    (np.arange(24.0).reshape(2, 3, 4), (0, 1)),
    (np.arange(24.0).reshape(2, 3, 4), (2, 0)),
    (np.arange(24).reshape(2, 3, 4), (-1,)),
    (np.arange(24).reshape(2, 3, 4), (0, 1, 2)),
    (np.arange(6.0).reshape(2, 3), (0, 1)),
    (np.ones((2, 3, 4, 5), dtype=np.float32)[:, ::2, :, ::-1], (1, 3)),
    (np.array([[True, False], [True, True]]), (1,)),
    (np.zeros((0, 3)), (0,)),
])
def test_sum_over_axes(a, axes):
    got, want = sum_axes(a, axes), a.sum(axis=axes)
    assert np.asarray(got).dtype == np.asarray(want).dtype
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_sum_over_axes_literal_and_errors():
    a = np.arange(60.0).reshape(3, 4, 5)
    s1, s2 = np_sum_axes_literal(a)
    np.testing.assert_array_equal(s1, np.sum(a, axis=(0, 2)))
    np.testing.assert_array_equal(s2, a.sum(axis=(-1, 0)))
    with pytest.raises(ValueError, match="duplicate value in 'axis'"):
        sum_axes(a, (0, -3))
    with pytest.raises(Exception, match="out of bounds"):
        sum_axes(a, (0, 3))
