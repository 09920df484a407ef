"""In-place updates and array stores through an advanced index: x[idx] op= v (an integer array
index, alone or in a tuple, or a 1-D mask of rows) and x[mask] = v / x[mask] op= v (a boolean
mask of x's shape, v a number or a 1-D array whose items go to the true positions in order).
The target read is a copy: the update is stored back through the index, so a repeated index
is updated once. NumPy running the same function (py_func) is the oracle; the allocation
counters check for leaks. Numba 0.68 compiles these for 1-D masks; a mask of more dimensions
it refuses (an AssertionError in its lowering), ujit follows NumPy there."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def add_at(a, i, v):
    a[i] += v
    return a


def mul_rows(m, i, v):
    m[i, :] *= v
    return m


def sub_cols(m, i, v):
    m[:, i] -= v
    return m


def store_mask(a, m, v):
    a[m] = v
    return a


def add_mask(a, m, v):
    a[m] += v
    return a


def floordiv_mask(a, m, v):
    a[m] //= v
    return a


def lower_the_large(a):
    a[a > 2] -= 10
    return a


def store_own_prefix(a, m):
    a[m] = a[:3]  # v is a view of a: read before the stores change it
    return a


def same(fn, *args):
    want = fn(*[x.copy() if isinstance(x, np.ndarray) else x for x in args])
    got = njit(fn)(*[x.copy() if isinstance(x, np.ndarray) else x for x in args])
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.int32, np.float32])
def test_update_through_an_integer_index_matches_numpy(dtype):
    a = np.arange(8).astype(dtype)
    same(add_at, a, np.array([0, 0, 3, -1]), dtype(5))  # repeated: updated once, as NumPy
    same(add_at, a, np.array([6, 1, 2]), np.array([1, 2, 3], dtype=dtype))
    same(add_at, a, np.array([[1, 2], [3, 1]]), dtype(2))  # a 2-D index


def test_update_rows_columns_and_a_mask_of_rows_matches_numpy():
    m = np.arange(20.0).reshape(4, 5)
    same(mul_rows, m, np.array([2, 0, 2]), 3.0)
    same(mul_rows, m, np.array([1, 3]), np.arange(5.0))
    same(sub_cols, m, np.array([4, 0]), np.array([[1.0], [2.0], [3.0], [4.0]]))
    same(add_at, m, np.array([True, False, True, False]), np.arange(5.0))  # rows picked by a 1-D mask
    same(add_at, m, np.array([3, 1]), np.array([[1.0] * 5, [2.0] * 5]))


@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.uint8, np.float32])
def test_store_and_update_through_a_mask_matches_numpy(dtype):
    a = (np.arange(9) * 7 % 10).astype(dtype)
    m = a > 4
    k = int(m.sum())
    items = np.arange(1, k + 1).astype(dtype)
    same(store_mask, a, m, items)
    same(store_mask, a, m, items[:1])  # one item: to every true position
    same(store_mask, a, m, dtype(3))
    same(add_mask, a, m, dtype(2))
    same(add_mask, a, m, items)
    same(floordiv_mask, a, m, dtype(3))
    same(lower_the_large, a.astype(np.int64))


def test_masks_of_more_dimensions_follow_numpy():
    m = np.arange(12.0).reshape(3, 4)
    same(add_mask, m, m > 5, 100.0)
    same(add_mask, m, m % 3 == 0, np.arange(4.0))
    same(store_mask, m, m < 4, np.array([9.0, 8.0, 7.0, 6.0]))


def test_an_array_that_is_the_target_is_read_before_the_stores():
    a = np.arange(8.0)
    same(store_own_prefix, a, np.array([False, True, False, True, True, False, False, False]))
    same(store_own_prefix, a, np.array([False] * 5 + [True] * 3))


def test_a_mask_store_of_another_size_is_value_error_and_leaks_nothing():
    f = njit(store_mask)
    a = np.arange(6.0)
    f(a.copy(), a > 2, np.arange(3.0))
    before = live()
    for _ in range(3):
        with pytest.raises(ValueError, match=r"from shape \(2,\) into shape \(3,\)"):
            # Numba: "cannot assign slice of shape (3,) from input of shape (2,)"
            f(a.copy(), a > 2, np.arange(2.0))
    g = njit(add_at)
    g(a.copy(), np.array([1, 2]), 1.0)
    for _ in range(3):
        with pytest.raises(IndexError):
            g(a.copy(), np.array([1, 9]), 1.0)
    assert live() == before


def test_values_of_other_shapes_are_located_errors():
    with pytest.raises(ujit.CompileError, match=r":\d+:\d+: error: a\[mask\] = x stores a number or a 1-D array's items"):
        njit(store_mask)(np.zeros(4), np.zeros(4) > 0, np.zeros((2, 2)))
    with pytest.raises(ujit.CompileError, match=r"a\[mask\] \+= x takes a number or a 1-D array's items"):
        njit(add_mask)(np.zeros(4), np.zeros(4) > 0, np.zeros((2, 2)))
