"""np.concatenate, np.stack, np.hstack, np.vstack, np.column_stack, np.dstack in compiled code:
NumPy as the oracle for values and shapes, Numba (arrayobj.py, npydecl.py) for result dtypes,
layouts and errors, the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def concat(a, b, k):
    return np.concatenate((a, b), axis=k)


@njit
def concat3(a, b, c):
    return np.concatenate((a, b, c))


@njit
def stack(a, b, k):
    return np.stack((a, b), k)


@njit
def hstack(a, b):
    return np.hstack((a, b))


@njit
def vstack(a, b):
    return np.vstack((a, b))


@njit
def dstack(a, b):
    return np.dstack((a, b))


@njit
def column_stack(a, b):
    return np.column_stack((a, b))


def same(got, want):
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, want.shape, got.dtype, want.dtype)
    np.testing.assert_array_equal(got, want)


DTYPES = [np.int8, np.int64, np.uint16, np.float32, np.float64, np.complex128, np.bool_]


def sample(dtype, shape, seed=0):
    raw = np.random.default_rng(seed).integers(-5, 6, size=shape)
    return (raw > 0) if dtype is np.bool_ else raw.astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_concatenate_along_each_axis(dtype):
    a = sample(dtype, (2, 3, 4))
    for k in range(-3, 3):
        b = sample(dtype, tuple(5 if d == k % 3 else s for d, s in enumerate(a.shape)), seed=1)
        for x, y in ((a, b), (a[::-1], b[::-1]), (np.asfortranarray(a), b[:, ::1])):
            same(concat(x, y, k), np.concatenate((x, y), axis=k))


def test_concatenate_strided_mixed_dtypes_and_empty():
    a = np.arange(20.0).reshape(4, 5)[::2, ::-2]
    b = np.arange(6, dtype=np.int32).reshape(2, 3)
    same(concat(a, b, 0), np.concatenate((a, b.astype(np.float64)), 0))
    e = np.zeros((0, 3))
    same(concat(e, b.astype(np.float64), 0), np.concatenate((e, b), 0).astype(np.float64))
    v = np.arange(5)
    same(concat3(v, v[::-1], v[:0]), np.concatenate((v, v[::-1], v[:0])))


def test_layout_is_f_only_when_every_input_is_f():
    f = np.asfortranarray(np.arange(6.0).reshape(2, 3))
    assert concat(f, f, 0).flags.f_contiguous
    assert concat(f, np.ascontiguousarray(f), 0).flags.c_contiguous


@pytest.mark.parametrize("dtype", DTYPES)
def test_stack_along_each_axis(dtype):
    a = sample(dtype, (2, 3))
    b = sample(dtype, (2, 3), seed=2)
    for k in range(-3, 3):
        same(stack(a, b, k), np.stack((a, b), axis=k))
        same(stack(a[::-1, ::2], b[:, ::2], k), np.stack((a[::-1, ::2], b[:, ::2]), axis=k))


@pytest.mark.parametrize("shape", [(), (4,), (2, 3), (2, 3, 2)])
def test_hstack_vstack_dstack_column_stack_of_each_ndim(shape):
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    b = np.array(-a)  # a 0-d array stays one (-a alone is a NumPy scalar)
    same(hstack(a, b), np.hstack((a, b)))
    same(vstack(a, b), np.vstack((a, b)))
    same(dstack(a, b), np.dstack((a, b)))
    if len(shape) in (1, 2):
        same(column_stack(a, b), np.column_stack((a, b)))


def test_column_stack_mixes_vectors_and_matrices():
    v = np.arange(3.0)
    m = np.arange(6.0).reshape(3, 2)
    same(column_stack(v, m), np.column_stack((v, m)))
    same(column_stack(m[::-1], v[::-1]), np.column_stack((m[::-1], v[::-1])))


def test_run_time_errors_are_numbas():
    a = np.zeros((2, 3))
    with pytest.raises(ValueError, match=r"np.concatenate\(\): input sizes over dimension 1 do not match"):
        concat(a, np.zeros((2, 4)), 0)
    with pytest.raises(IndexError, match=r"np.concatenate\(\): axis out of bounds"):
        concat(a, a, 2)
    with pytest.raises(IndexError, match=r"np.stack\(\): axis out of bounds"):
        stack(a, a, -4)
    with pytest.raises(ValueError, match=r"np.stack\(\): all input arrays must have the same shape"):
        stack(a, np.zeros((3, 2)), 0)


def test_typing_errors_are_located():
    with pytest.raises(ujit.TypingError, match="all the input arrays must have same number of dimensions"):
        concat(np.zeros(3), np.zeros((1, 3)), 0)
    with pytest.raises(ujit.TypingError, match="zero-dimensional arrays cannot be concatenated"):
        concat(np.array(1.0), np.array(2.0), 0)

    @njit
    def not_a_tuple(a):
        return np.concatenate(a)

    with pytest.raises(ujit.TypingError, match="expecting a non-empty tuple of arrays"):
        not_a_tuple(np.zeros(3))

    with pytest.raises(ujit.TypingError, match="only defined on 1-d and 2-d arrays"):
        column_stack(np.zeros((1, 1, 1)), np.zeros((1, 1, 1)))


def test_joins_leak_nothing():
    a = np.arange(6.0).reshape(2, 3)
    concat(a, a, 1), stack(a, a, 0), hstack(a, a), vstack(a, a), dstack(a, a)
    before = live()
    for _ in range(3):
        concat(a, a, 1), stack(a, a, 0), hstack(a, a), vstack(a, a), dstack(a, a)
    with pytest.raises(ValueError):
        concat(a, np.zeros((3, 3)), 1)
    assert live() == before
