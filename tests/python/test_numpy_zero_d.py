"""0-d arrays in compiled code: np.array(3.0), np.empty(()), a[()], 0-d arguments and results
(a 0-d numpy.ndarray back in Python), reductions, expressions and copies of them. NumPy is
the oracle for values; Numba 0.68 for types (array expressions of 0-d arrays are 0-d arrays,
reductions numbers, len() of one a TypeError)."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def make(x):
    return np.array(x)


@njit
def make_empty(x):
    a = np.empty(())
    a[()] = x
    return a


@njit
def item(a):
    return a[()]


@njit
def store(a, x):
    a[()] = x
    return a


@njit
def shape_of(a):
    return a.shape, a.ndim, a.size, a.strides


@njit
def reductions(a):
    return a.sum(), a.prod(), a.min(), a.max(), a.mean(), np.argmax(a), a.any(), a.all()


@njit
def expression(a):
    return np.sqrt(a * a + 1.0)


@njit
def with_vector(a, v):
    return a + v


@njit
def copies(a):
    return a.copy(), a.ravel(), a.reshape(1), a.T, np.cumsum(a), np.zeros_like(a)


@pytest.mark.parametrize("x", [3.0, -2, True, 1.5 + 2j])
def test_np_array_of_a_number_is_a_0d_array(x):
    got = make(x)
    expected = np.array(x)
    assert isinstance(got, np.ndarray) and got.shape == () and got.dtype == expected.dtype
    assert got[()] == expected[()]


def test_empty_with_an_empty_shape_and_item_access():
    got = make_empty(2.5)
    assert got.shape == () and got.dtype == np.float64 and got[()] == 2.5
    for dtype in (np.int8, np.uint32, np.float32, np.complex128, np.bool_):
        a = np.array(1, dtype=dtype)
        assert item(a) == a[()]
        out = store(a.copy(), 0)
        assert out.shape == () and out.dtype == dtype and out[()] == 0


def test_0d_arguments_and_their_attributes():
    a = np.array(4.0)
    assert shape_of(a) == ((), 0, 1, ())
    assert item(np.array(7)) == 7


@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.bool_])
def test_reductions_of_a_0d_array_match_numpy(dtype):
    a = np.array(3, dtype=dtype)
    got = reductions(a)
    expected = (a.sum(), a.prod(), a.min(), a.max(), a.mean(), np.argmax(a), a.any(), a.all())
    assert got == expected


def test_expressions_of_0d_arrays_are_0d_arrays():
    a = np.array(2.0)
    got = expression(a)
    assert isinstance(got, np.ndarray) and got.shape == ()
    assert got[()] == np.sqrt(a * a + 1.0)
    np.testing.assert_array_equal(with_vector(a, np.arange(3.0)), a + np.arange(3.0))


def test_copies_and_reshapes_of_a_0d_array_match_numpy():
    a = np.array(5.0)
    got = copies(a)
    expected = (a.copy(), a.ravel(), a.reshape(1), a.T, np.cumsum(a), np.zeros_like(a))
    for g, e in zip(got, expected):
        assert g.shape == e.shape
        np.testing.assert_array_equal(g, e)


def test_len_and_dot_of_a_0d_array_are_located_errors():
    @njit
    def length(a):
        return len(a)

    with pytest.raises(ujit.TypingError, match="len\\(\\) of unsized object"):
        length(np.array(1.0))

    @njit
    def dot(a):
        return np.dot(a, a)

    with pytest.raises(ujit.TypingError, match="only supported on 1-D and 2-D arrays"):
        dot(np.array(1.0))


def test_0d_arrays_leak_nothing():
    a = np.array(2.0)
    make(1.0), make_empty(1.0), expression(a), copies(a)
    before = live()
    for _ in range(3):
        make(1.0), make_empty(1.0), expression(a), copies(a), reductions(a)
    assert live() == before
