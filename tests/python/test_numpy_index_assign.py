"""Indexing with one integer array in compiled code, read and assigned: a[idx] = v (a number or
an array broadcast to the index's shape), m[idx, :], m[:, idx], m[1, idx], t[1, :, idx].
NumPy is the oracle for values, shapes and the order of axes (its rule for advanced indices
that are not adjacent), Numba 0.68 for what is typed (one advanced index, 1-D in a tuple);
the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def set_value(a, i, v):
    a[i] = v
    return a


def set_rows(m, i, v):
    m[i, :] = v
    return m


def set_cols(m, i, v):
    m[:, i] = v
    return m


def set_in_row(m, i, v):
    m[1, i] = v
    return m


def set_3d(t, i, v):
    t[1, :, i] = v
    return t


def get_rows(m, i):
    return m[i, :]


def get_cols(m, i):
    return m[:, i]


def get_in_row(m, i):
    return m[1, i]


def get_3d_inner(t, i):
    return t[1, :, i]  # advanced indices 1 and i not adjacent: NumPy puts i's axis first


def get_3d_outer(t, i):
    return t[i, :, 1]


def get_3d_adjacent(t, i):
    return t[:, 1, i]


def get_bare(a, i):
    return a[i]


def check(py, args):
    expected = py(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in args])
    got = njit(py)(*[np.copy(x) if isinstance(x, np.ndarray) else x for x in args])
    assert got.shape == expected.shape
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint16, np.float32, np.float64, np.complex64, np.complex128]


@pytest.mark.parametrize("dtype", DTYPES)
def test_assign_number_through_index_matches_numpy(dtype):
    a = (np.arange(10) % 3).astype(dtype)
    check(set_value, (a, np.array([0, -1, 3, 3]), dtype(1)))
    check(set_value, (a, np.array([], dtype=np.int64), dtype(1)))
    check(set_value, (a[::-2], np.array([0, -1], dtype=np.int32), dtype(1)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_assign_array_through_index_matches_numpy(dtype):
    a = np.zeros(10, dtype=dtype)
    v = (np.arange(4) + 1).astype(dtype)
    check(set_value, (a, np.array([0, -1, 3, 5]), v))
    check(set_value, (a, np.array([0, 9, 3, 5], dtype=np.uint8), v[::-1]))
    check(set_value, (a, np.array([2, 2, 2, 7]), v))  # repeated: the last store wins, as NumPy
    check(set_value, (a, np.array([4, 1]), v[:1]))  # broadcast from one item
    check(set_value, (a[1::3], np.array([0, 2]), v[:2]))


def test_assign_converts_the_value_and_reads_it_before_storing():
    a = np.arange(8.0)
    check(set_value, (a, np.array([1, 2, 3]), np.array([7, 8, 9])))  # int into float
    check(set_value, (a, np.array([0, 1, 2]), np.arange(3.0) * 2))

    @njit
    def shift(a, i):
        a[i] = a[::-1][:3]  # the value reads a: taken whole before the first store
        return a

    np.testing.assert_array_equal(shift(np.arange(6.0), np.array([0, 1, 2])), [5.0, 4.0, 3.0, 3.0, 4.0, 5.0])


def test_assign_rows_and_columns_matches_numpy():
    m = np.arange(12.0).reshape(3, 4)
    check(set_value, (m, np.array([2, 0]), np.array([1.0, 2, 3, 4])))
    check(set_value, (m, np.array([2, 0]), 9.0))
    check(set_rows, (m, np.array([2, 0]), np.array([[1.0], [2.0]])))
    check(set_cols, (m, np.array([3, 0]), 5.0))
    check(set_cols, (m.T, np.array([2, 0]), np.array([1.0, 2.0])))
    check(set_cols, (np.asfortranarray(m), np.array([-1]), np.array([[1.0], [2.0], [3.0]])))
    check(set_in_row, (m, np.array([3, 1]), np.array([7.0, 8.0])))
    t = np.arange(24).reshape(2, 3, 4)
    check(set_3d, (t, np.array([3, 1]), np.array([1, 2, 3])))  # value shaped (2, 3): i's axis first


def test_read_rows_and_columns_matches_numpy():
    m = np.arange(12.0).reshape(3, 4)
    check(get_rows, (m, np.array([2, 0, 2])))
    check(get_cols, (m, np.array([3, -4])))
    check(get_cols, (m[::-1, ::2], np.array([1, 0])))
    check(get_cols, (m, np.array([], dtype=np.int64)))
    check(get_in_row, (m, np.array([3, 1])))
    t = np.arange(24).reshape(2, 3, 4)
    check(get_3d_inner, (t, np.array([3, 1])))
    check(get_3d_outer, (t, np.array([1, 0, 1])))
    check(get_3d_adjacent, (t, np.array([1, 0, 1])))
    check(get_bare, (m, np.array([[2, 0], [1, 1]])))
    check(get_bare, (m.astype(np.complex64), np.array([-1, 0])))


def test_index_out_of_range_raises_index_error_and_leaks_nothing():
    f = njit(set_value)
    g = njit(get_cols)
    h = njit(set_cols)
    f(np.zeros(3), np.array([0]), np.array([1.0]))
    g(np.zeros((2, 2)), np.array([0]))
    h(np.zeros((2, 2)), np.array([0]), np.array([[1.0], [2.0]]))
    before = live()
    with pytest.raises(IndexError, match="index 11 is out of bounds for axis 0 with size 10"):
        f(np.zeros(10), np.array([0, 11]), 1.0)
    with pytest.raises(IndexError, match="index -3 is out of bounds for axis 1 with size 2"):
        g(np.zeros((2, 2)), np.array([-3]))
    with pytest.raises(IndexError, match="out of bounds for axis 1"):
        h(np.zeros((2, 2)), np.array([0, 5]), np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match="broadcast"):
        f(np.zeros(10), np.array([0, 1]), np.array([1.0, 2.0, 3.0]))
    for _ in range(3):
        g(np.zeros((2, 2)), np.array([1, 0]))
        h(np.zeros((4, 3)), np.array([0, 2]), np.ones((4, 2)))
    assert live() == before


def test_unsupported_forms_are_located_errors():
    @njit
    def two_arrays(m, i):
        return m[i, i]

    with pytest.raises(ujit.TypingError, match="only one advanced index supported"):
        two_arrays(np.zeros((2, 2)), np.array([0]))

    @njit
    def two_d_in_tuple(m, i):
        return m[i, :]

    with pytest.raises(ujit.TypingError, match="must be a 1-D integer array"):
        two_d_in_tuple(np.zeros((2, 2)), np.zeros((1, 1), dtype=np.int64))

    @njit
    def float_index(a, i):
        a[i] = 1.0

    with pytest.raises(ujit.TypingError, match="advanced indexing"):
        float_index(np.zeros(2), np.zeros(1))
