"""Reductions and running sums along one axis (np.sum(a, axis), a.sum(axis=...), np.argmin /
np.argmax / a.argmax(axis), np.cumsum(a, axis)), the forms Numba 0.68 takes: NumPy as the
oracle for values, Numba (numba/np/arraymath.py) for result dtypes and errors, the allocation
counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def sum_axis(a, k):
    return np.sum(a, axis=k)


@njit
def sum_method(a, k):
    return a.sum(k)


@njit
def argmax_axis(a, k):
    return np.argmax(a, k)


@njit
def argmin_method(a, k):
    return a.argmin(axis=k)


@njit
def cumsum_axis(a, k):
    return np.cumsum(a, axis=k)


@njit
def cumsum_method(a, k):
    return a.cumsum(axis=k)


@njit
def literal_axes(a):
    return a.sum(axis=0), a.sum(axis=-1), np.argmax(a, axis=1), np.cumsum(a, 0), np.sum(a, axis=None)


def sum_dtype(dt):
    """Numba's get_ret_dtype_if_any: bool and every integer narrower than intp sum in intp."""
    dt = np.dtype(dt)
    if dt == np.bool_ or (dt.kind in "iu" and dt.itemsize < 8):
        return np.dtype(np.int64)
    return dt


DTYPES = [np.int8, np.uint8, np.int32, np.int64, np.uint64, np.float32, np.float64, np.complex128, np.bool_]


def sample(dtype, shape=(3, 4, 5)):
    rng = np.random.default_rng(7)
    raw = rng.integers(-9, 10, size=shape)
    if np.dtype(dtype) == np.bool_:
        return raw > 0
    if np.dtype(dtype).kind == "u":
        raw = np.abs(raw)
    a = raw.astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.integers(-9, 10, size=shape)
    return a


def layouts(a):
    """C order, a strided view, negative strides, F order: the same values in four layouts."""
    return [a, a[:, ::2, :], a[::-1, :, ::-1], np.asfortranarray(a)]


@pytest.mark.parametrize("dtype", DTYPES)
def test_sum_along_each_axis_matches_numpy(dtype):
    for a in layouts(sample(dtype)):
        for k in range(-a.ndim, a.ndim):
            want = a.sum(axis=k, dtype=sum_dtype(a.dtype))
            for f in (sum_axis, sum_method):
                got = f(a, k)
                assert got.dtype == want.dtype and got.shape == want.shape
                np.testing.assert_allclose(got, want, rtol=1e-6)
                assert got.flags.c_contiguous


@pytest.mark.parametrize("dtype", [d for d in DTYPES if d is not np.complex128])
def test_argmin_argmax_along_each_axis_match_numpy(dtype):
    for a in layouts(sample(dtype)):
        for k in range(-a.ndim, a.ndim):
            got = argmax_axis(a, k)
            assert got.dtype == np.int64 and np.array_equal(got, np.argmax(a, axis=k))
            assert np.array_equal(argmin_method(a, k), a.argmin(axis=k))


def test_argmax_along_an_axis_picks_the_first_nan_and_the_first_tie():
    a = np.array([[1.0, np.nan, 3.0, np.nan], [2.0, 2.0, -1.0, -1.0], [np.inf, np.inf, np.nan, 0.0]])
    for k in (0, 1):
        assert np.array_equal(argmax_axis(a, k), np.argmax(a, axis=k))
        assert np.array_equal(argmin_method(a, k), np.argmin(a, axis=k))


@pytest.mark.parametrize("dtype", DTYPES)
def test_cumsum_along_each_axis_matches_numpy(dtype):
    for a in layouts(sample(dtype)):
        for k in range(-a.ndim, a.ndim):
            want = np.cumsum(a, axis=k, dtype=sum_dtype(a.dtype))
            for f in (cumsum_axis, cumsum_method):
                got = f(a, k)
                assert got.dtype == want.dtype and got.shape == want.shape
                np.testing.assert_allclose(got, want, rtol=1e-6)


def test_one_dimensional_arrays_reduce_to_scalars():
    v = np.array([3, -1, 4, 1, -5], dtype=np.int32)[::-1]
    assert sum_axis(v, 0) == v.sum() and type(sum_axis(v, 0)) is int
    assert sum_method(v, -1) == v.sum()
    assert argmax_axis(v, 0) == np.argmax(v) and argmin_method(v, -1) == np.argmin(v)
    assert np.array_equal(cumsum_axis(v, 0), np.cumsum(v))


def test_literal_axes_and_axis_none():
    a = np.arange(12.0).reshape(3, 4)
    got = literal_axes(a)
    want = (a.sum(axis=0), a.sum(axis=-1), np.argmax(a, axis=1), np.cumsum(a, 0), a.sum())
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w)


def test_empty_arrays():
    e = np.zeros((0, 3))
    assert sum_axis(e, 0).shape == (3,) and np.array_equal(sum_axis(e, 0), np.zeros(3))
    assert sum_axis(e, 1).shape == (0,)
    assert cumsum_axis(e, 1).shape == (0, 3)
    assert argmax_axis(e, 1).shape == (0,)  # no lane: nothing to raise for
    with pytest.raises(ValueError, match="attempt to get argmax of an empty sequence"):
        argmax_axis(e, 0)
    with pytest.raises(ValueError, match="attempt to get argmin of an empty sequence"):
        argmin_method(e, 0)


def test_axis_out_of_range_raises_numbas_errors():
    a = np.ones((2, 3))
    for k in (2, -3, 100):
        with pytest.raises(ValueError, match=f"axis {k} is out of bounds for array of dimension 2") as e:
            sum_axis(a, k)
        assert type(e.value).__name__ == "AxisError"  # NumPy's, as Numba raises with NumPy >= 1.25
        with pytest.raises(ValueError, match=f"axis {k} is out of bounds for array of dimension 2"):
            cumsum_method(a, k)
        with pytest.raises(ValueError, match="axis is out of bounds"):
            argmax_axis(a, k)


def test_unsupported_axis_forms_are_located_errors():
    @njit
    def float_axis(a):
        return a.sum(axis=1.0)

    with pytest.raises(ujit.TypingError, match="NumPy sum only supports integer axis value"):
        float_axis(np.ones((2, 2)))

    @njit
    def empty_axes(a):
        return np.sum(a, axis=())  # a tuple of axes works (test_numpy_gaps.py); none at all does not

    with pytest.raises(ujit.TypingError, match="empty tuple of axes is not supported by ujit"):
        empty_axes(np.ones((2, 2)))

    @njit
    def mean_axis(a):
        return a.mean(axis=0)  # Numba's mean takes no axis; ujit takes NumPy's (test_numpy_axis_stats.py)

    np.testing.assert_array_equal(mean_axis(np.arange(4.0).reshape(2, 2)), [1.0, 2.0])

    @njit
    def sum_dtype_kw(a):
        return np.sum(a, dtype=np.float32)

    with pytest.raises(ujit.TypingError, match="unexpected keyword argument 'dtype'"):
        sum_dtype_kw(np.ones((2, 2)))

    @njit
    def zero_d(a):
        return np.sum(a, 0)

    with pytest.raises(ujit.TypingError, match="out of bounds for array of dimension 0"):
        zero_d(np.array(1.0))


def test_whole_array_sum_of_narrow_unsigned_is_int64_as_numba():
    @njit
    def total(a):
        return a.sum()

    assert total(np.array([200, 100], dtype=np.uint8)) == 300
    assert total.signatures[-1].split("(")[0] == "int64"


def test_axis_reductions_leak_nothing():
    a = sample(np.float64)
    sum_axis(a, 1), argmax_axis(a, 0), cumsum_axis(a, 2)  # compiled before counting
    before = live()
    for k in range(3):
        sum_axis(a, k), argmax_axis(a, k), cumsum_axis(a, k), literal_axes(a[0])
    with pytest.raises(ValueError):
        sum_axis(a, 7)
    assert live() == before
