"""nparray's NumPy functions in compiled code: np.ascontiguousarray / np.asfortranarray, np.ravel
and a.ravel() of any layout, np.transpose / a.transpose(axes) with run-time axes, np.reshape,
np.ndindex / np.ndenumerate / np.nditer loops, np.partition / np.argpartition, np.isin,
np.nan_to_num, np.split / np.array_split and a.view(dtype). NumPy is the oracle for values,
shapes, dtypes and which results are views (np.shares_memory); Numba 0.68 for signatures and
errors; the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def same(got, want):
    assert isinstance(got, np.ndarray), got
    assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
    np.testing.assert_array_equal(got, want)


rng = np.random.RandomState(37)
MATRIX = rng.standard_normal((4, 5))
CUBE = np.arange(24.0).reshape(2, 3, 4)


# ---- np.ascontiguousarray / np.asfortranarray


@njit
def contiguous(a):
    return np.ascontiguousarray(a)


@njit
def fortran(a):
    return np.asfortranarray(a)


@pytest.mark.parametrize("a", [np.arange(6.0)[::2], MATRIX, MATRIX.T, MATRIX[:, 1:3], MATRIX[::-1],
                               np.asfortranarray(MATRIX), CUBE[:, ::2], np.arange(5), np.zeros((0, 3)),
                               np.array(2.5), MATRIX[1:3]])
def test_as_layout(a):
    for f, want_fn, flag in [(contiguous, np.ascontiguousarray, "C_CONTIGUOUS"),
                             (fortran, np.asfortranarray, "F_CONTIGUOUS")]:
        got = f(a)
        same(got, want_fn(a))
        assert got.flags[flag]
        # A copy only where NumPy makes one (a 0-d array is viewed as 1-D either way).
        assert np.shares_memory(got, a) == np.shares_memory(want_fn(a), a) or a.size == 0


def test_as_layout_examples():
    same(contiguous(np.arange(6.0)[::2]), np.array([0.0, 2.0, 4.0]))
    same(contiguous(3.5), np.array([3.5]))
    same(fortran(7), np.array([7]))
    # An A-typed argument that happens to be contiguous is returned as it is (Numba's check).
    a = np.arange(12.0).reshape(3, 4)[1:]
    assert np.shares_memory(contiguous(a), a)


@njit
def contiguous_then_write(a):
    c = np.ascontiguousarray(a)
    c[0] = -1.0
    return c


def test_as_layout_copy_is_independent():
    a = np.arange(8.0)[::2]
    before = a.copy()
    same(contiguous_then_write(a), np.array([-1.0, 2.0, 4.0, 6.0]))
    same(a, before)


# ---- ravel


@njit
def ravels(a):
    return a.ravel(), np.ravel(a)


@pytest.mark.parametrize("a", [np.arange(6.0).reshape(2, 3).T, MATRIX, MATRIX[:, ::2], CUBE.transpose(2, 0, 1),
                               np.asfortranarray(CUBE), np.arange(4)[::-1], np.zeros((2, 0))])
def test_ravel_any_layout(a):
    for got in ravels(a):
        same(got, np.ravel(a))
        assert got.flags["C_CONTIGUOUS"]
        assert np.shares_memory(got, a) == np.shares_memory(np.ravel(a), a)


def test_ravel_example():
    same(ravels(np.arange(6.0).reshape(2, 3).T)[0], np.array([0.0, 3.0, 1.0, 4.0, 2.0, 5.0]))


# ---- transpose with axes


@njit
def transposes(a, axes):
    return np.transpose(a, axes), a.transpose(axes), a.transpose(*axes), np.transpose(a)


@njit
def transpose_literal(a):
    return a.transpose(1, 0, 2), a.transpose((2, 0, 1)), a.transpose(-1, 0, 1), a.transpose(None)


@pytest.mark.parametrize("axes", [(1, 0, 2), (2, 1, 0), (0, 1, 2), (-1, 0, -2)])
def test_transpose_axes(axes):
    for a in [np.zeros((1, 2, 3)), CUBE, CUBE[:, ::-1, 1:]]:
        got = transposes(a, axes)
        for g, w in zip(got, [np.transpose(a, axes)] * 3 + [np.transpose(a)]):
            same(g, w)
            assert np.shares_memory(g, a)


def test_transpose_example_and_literals():
    assert transposes(np.zeros((1, 2, 3)), (1, 0, 2))[0].shape == (2, 1, 3)
    got = transpose_literal(CUBE)
    for g, w in zip(got, [CUBE.transpose(1, 0, 2), CUBE.transpose(2, 0, 1), CUBE.transpose(-1, 0, 1), CUBE.T]):
        same(g, w)


def test_transpose_errors():
    with pytest.raises(ValueError, match="repeated axis in transpose"):
        transposes(CUBE, (0, 0, 1))
    with pytest.raises(ValueError, match="axis is out of bounds"):
        transposes(CUBE, (0, 1, 3))
    with pytest.raises(ujit.CompileError, match="axes don't match array"):
        transposes(CUBE, (0, 1))


@njit
def transpose_tuple_arg(t):
    return np.transpose(t)


def test_transpose_of_tuple_refused():
    with pytest.raises(ujit.CompileError, match="np.transpose does not accept tuples"):
        transpose_tuple_arg((1.0, 2.0))


# ---- np.reshape


@njit
def reshaped(a, shape):
    return np.reshape(a, shape)


def test_np_reshape():
    same(reshaped(np.arange(6.0), (2, 3)), np.arange(6.0).reshape(2, 3))
    same(reshaped(np.arange(6.0), (3, -1)), np.arange(6.0).reshape(3, -1))
    same(reshaped(MATRIX, 20), MATRIX.reshape(20))
    with pytest.raises(ValueError):
        reshaped(np.arange(6.0), (4, 2))


# ---- np.ndindex, np.ndenumerate, np.nditer


@njit
def ndindex_list(n, m):
    out = []
    for idx in np.ndindex(n, m):
        out.append(idx[0] * 100 + idx[1])
    total = 0
    for i, j, k in np.ndindex((2, n, m)):
        total += i + j * 10 + k * 100
    return out, total


def test_ndindex():
    got, total = ndindex_list(3, 4)
    assert got == [i * 100 + j for i, j in np.ndindex(3, 4)]
    assert total == sum(i + j * 10 + k * 100 for i, j, k in np.ndindex((2, 3, 4)))
    assert ndindex_list(0, 4) == ([], 0)


@njit
def ndenumerate_sum(a):
    s = 0.0
    count = 0
    for idx, v in np.ndenumerate(a):
        s += v * (idx[0] + 1)
        count += 1
    return s, count


@pytest.mark.parametrize("a", [MATRIX, MATRIX.T, MATRIX[::-1, ::2], np.zeros((0, 3))])
def test_ndenumerate(a):
    s, count = ndenumerate_sum(a)
    assert count == a.size
    assert s == pytest.approx(sum(v * (idx[0] + 1) for idx, v in np.ndenumerate(a)), rel=1e-12)


@njit
def ndenumerate_3d(a):
    out = np.zeros(a.size)
    k = 0
    for (i, j, l), v in np.ndenumerate(a):
        out[k] = v + i * 1000 + j * 100 + l * 10
        k += 1
    return out


def test_ndenumerate_order():
    a = CUBE[:, ::-1]
    want = np.array([v + i * 1000 + j * 100 + l * 10 for (i, j, l), v in np.ndenumerate(a)])
    same(ndenumerate_3d(a), want)


@njit
def nditer_items(a):
    out = np.empty(a.size, a.dtype)
    k = 0
    for v in np.nditer(a):
        out[k] = v.item()
        k += 1
    return out


@njit
def nditer_double(a):
    for v in np.nditer(a):
        v[()] = v.item() * 2


@pytest.mark.parametrize("a", [MATRIX, np.asfortranarray(MATRIX), MATRIX[:, ::2], CUBE, np.arange(5),
                               np.array(4.0)])
def test_nditer(a):
    # NumPy's default order='K' is memory order: C for C arrays, F for F arrays (Numba's layout).
    same(nditer_items(a), np.array([v.item() for v in np.nditer(a)], dtype=a.dtype))
    b = a.copy(order="K")
    nditer_double(b)
    same(b, a * 2)


def test_iterators_outside_a_loop_refused():
    @njit
    def stored(n):
        it = np.ndindex(n)
        return it

    with pytest.raises(ujit.CompileError, match="ndindex"):
        stored(3)


# ---- np.partition / np.argpartition


@njit
def partitions(a, k):
    return np.partition(a, k), np.argpartition(a, k)


def check_partition(a, kth, part, arg):
    want_sorted = np.sort(a, axis=-1)
    same(np.sort(part, axis=-1), want_sorted)
    assert arg.dtype == np.int64 and arg.shape == a.shape
    taken = np.take_along_axis(a, arg, axis=-1)
    same(np.sort(taken, axis=-1), want_sorted)
    n = a.shape[-1]
    for k in np.atleast_1d(kth):
        k = k % n
        for p in (part, taken):
            pv = p[..., k]
            np.testing.assert_array_equal(pv, want_sorted[..., k])
            lower = p[..., :k]
            upper = p[..., k + 1:]
            with np.errstate(invalid="ignore"):
                assert np.all((lower <= pv[..., None]) | np.isnan(pv[..., None]))
                assert np.all((upper >= pv[..., None]) | np.isnan(upper))


def test_partition_example():
    a = np.array([5, 3, 1, 4])
    part, arg = partitions(a, 2)
    check_partition(a, 2, part, arg)
    assert part[2] == 4 and arg[2] == 3


@pytest.mark.parametrize("a", [rng.standard_normal(50), rng.randint(0, 5, 40), MATRIX, MATRIX[:, ::-1],
                               np.array([3.0, np.nan, 1.0, np.nan, -2.0, 7.0]), rng.standard_normal((2, 3, 7)),
                               np.array([True, False, True])])
@pytest.mark.parametrize("kth", [0, 1, -1])
def test_partition_contract(a, kth):
    part, arg = partitions(a, kth)
    check_partition(a, kth, part, arg)


def test_partition_many_kth():
    a = rng.standard_normal(40)
    for kth in [(3, 10, 20), np.array([30, 2, 2, -1]), (5,)]:
        part, arg = partitions(a, kth)
        check_partition(a, np.array(kth), part, arg)


def test_partition_errors():
    with pytest.raises(ValueError, match="kth out of bounds"):
        partitions(np.arange(4.0), 4)
    with pytest.raises(ujit.CompileError, match="Partition index must be integer"):
        partitions(np.arange(4.0), 1.5)
    same(partitions(np.zeros(0), 3)[0], np.zeros(0))


# ---- np.isin


@njit
def isin(a, b):
    return np.isin(a, b)


@njit
def isin_inverted(a, b, inv):
    return np.isin(a, b, invert=inv)


@pytest.mark.parametrize("a,b", [
    (np.array([1, 2, 3, 4, 5]), np.array([2, 4, 9])),
    (MATRIX.round(0), np.array([0.0, 1.0, -1.0])),
    (np.arange(12).reshape(3, 4), np.array([[3, 5], [11, 100]])),
    (np.array([1.0, np.nan, 3.0]), np.array([np.nan, 3.0])),
    (np.array([1, 2, 3]), np.array([2.0, 2.5])),
    (np.array([1.5, 2.0]), np.array([1, 2])),
    (np.array([True, False]), np.array([True])),
    (np.arange(5), np.zeros(0)),
    (np.arange(10)[::-3], np.arange(4)),
    # integers spanning far more than their count: the binary search instead of the table
    (np.array([1, 10**12, -5, -10**12]), np.array([10**12, -10**12, 1])),
    (np.array([np.iinfo(np.int64).min, 0, np.iinfo(np.int64).max]), np.array([np.iinfo(np.int64).max, 0])),
    (np.array([3, 7], dtype=np.uint64), np.array([7], dtype=np.uint64)),
    (np.arange(-20, 20, dtype=np.int8), np.array([-3, 5, 19], dtype=np.int16)),
])
def test_isin(a, b):
    same(isin(a, b), np.isin(a, b))
    same(isin_inverted(a, b, True), np.isin(a, b, invert=True))
    same(isin_inverted(a, b, False), np.isin(a, b))


def test_isin_numbers():
    same(isin(3, np.array([1, 3])), np.isin(3, np.array([1, 3])))
    same(isin(np.array([1, 3]), 3), np.isin(np.array([1, 3]), 3))


# ---- np.nan_to_num


@njit
def nan_to_num(x):
    return np.nan_to_num(x)


@njit
def nan_to_num_values(x, nan, posinf, neginf):
    return np.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


@njit
def nan_to_num_in_place(x):
    return np.nan_to_num(x, copy=False)


SPECIAL = np.array([1.0, np.nan, np.inf, -np.inf, -2.5])
COMPLEX = np.empty(5, np.complex128)
COMPLEX.real, COMPLEX.imag = SPECIAL, SPECIAL[::-1]


@pytest.mark.parametrize("x", [SPECIAL, SPECIAL.astype(np.float32), SPECIAL.reshape(5, 1)[::2],
                               COMPLEX, np.arange(4)])
def test_nan_to_num_arrays(x):
    same(nan_to_num(x), np.nan_to_num(x))
    same(nan_to_num_values(x, 7.0, 1e3, -1e3), np.nan_to_num(x, nan=7.0, posinf=1e3, neginf=-1e3))


def test_nan_to_num_of_booleans_refused():
    with pytest.raises(ujit.CompileError, match="Only Integer, Float, and Complex values are accepted"):
        nan_to_num(np.array([True, False]))


def test_nan_to_num_scalars_and_in_place():
    for v in [np.nan, np.inf, -np.inf, 1.5, 3]:
        assert nan_to_num(v) == np.nan_to_num(v)
    assert nan_to_num(complex(np.nan, np.inf)) == np.nan_to_num(complex(np.nan, np.inf))
    x = SPECIAL.copy()
    out = nan_to_num_in_place(x)
    same(x, np.nan_to_num(SPECIAL))
    assert np.shares_memory(out, x)
    assert not np.shares_memory(nan_to_num(x), x)


# ---- np.split / np.array_split


@njit
def splits(a, n):
    return np.split(a, n), np.array_split(a, n)


@njit
def split_at(a, idx, axis):
    return np.split(a, idx, axis=axis), np.array_split(a, idx, axis)


def same_list(got, want):
    assert isinstance(got, list) and len(got) == len(want)
    for g, w in zip(got, want):
        same(g, w)


def test_split_sections():
    a = np.arange(12.0)
    got_split, got_array_split = splits(a, 3)
    same_list(got_split, np.split(a, 3))
    same_list(got_array_split, np.array_split(a, 3))
    same_list(splits(np.arange(10.0), 5)[1], np.array_split(np.arange(10.0), 5))
    with pytest.raises(ValueError, match="array split does not result in an equal division"):
        splits(np.arange(10.0), 3)
    m = np.arange(7 * 2).reshape(7, 2)

    @njit
    def array_split_only(a, n):
        return np.array_split(a, n)

    same_list(array_split_only(m, 3), np.array_split(m, 3))
    same_list(array_split_only(np.arange(3), 5), np.array_split(np.arange(3), 5))
    for piece in array_split_only(m, 3):
        assert np.shares_memory(piece, m) or piece.size == 0


@pytest.mark.parametrize("idx", [(2, 5), np.array([1, 1, 4]), (3, -2), (10,), np.array([], dtype=np.int64),
                                 [4, 1], np.array([2, 3], dtype=np.int32)])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_split_indices(idx, axis):
    a = np.arange(6 * 7.0).reshape(6, 7)
    got = split_at(a, idx, axis)
    same_list(got[0], np.split(a, idx, axis=axis))
    same_list(got[1], np.array_split(a, idx, axis=axis))


def test_split_axis_error():
    with pytest.raises(ValueError, match="axis out of bounds"):
        split_at(np.zeros((2, 2)), (1,), 2)


# ---- a.view(dtype)


@njit
def view_int64(a):
    return a.view(np.int64)


@njit
def view_float32(a):
    return a.view(np.float32)


@njit
def view_uint8(a):
    return a.view(np.uint8)


@njit
def view_complex(a):
    return a.view(np.complex128)


def test_view_example():
    assert view_int64(np.ones(3))[0] == 4607182418800017408


@pytest.mark.parametrize("a", [np.ones(3), MATRIX, MATRIX[:, 1:3], np.asfortranarray(MATRIX), np.arange(6.0)[::2]])
def test_view_same_size(a):
    got = view_int64(a)
    same(got, a.view(np.int64))
    assert np.shares_memory(got, a)


@pytest.mark.parametrize("a", [MATRIX, MATRIX[1:3], np.arange(8.0), np.arange(6.0).reshape(3, 2)[:, :1]])
def test_view_other_sizes(a):
    same(view_float32(a), a.view(np.float32))
    same(view_uint8(a), a.view(np.uint8))
    if a.shape[-1] % 2 == 0:
        same(view_complex(a), a.view(np.complex128))


def test_view_errors():
    with pytest.raises(ValueError, match="the last axis must be contiguous"):
        view_float32(MATRIX[:, ::2])
    with pytest.raises(ValueError, match="When changing to a larger dtype"):
        view_complex(np.arange(3.0))


def test_nothing_leaks():
    before = live()
    for _ in range(3):
        contiguous(MATRIX.T)
        contiguous_then_write(np.arange(8.0)[::2])
        ravels(MATRIX.T)
        partitions(MATRIX, 2)
        isin(MATRIX, np.array([0.0]))
        nan_to_num(SPECIAL)
        splits(np.arange(12.0), 3)
        split_at(np.arange(12.0).reshape(3, 4), np.array([1, 2]), 1)
        ndenumerate_sum(MATRIX)
        nditer_items(MATRIX)
        with pytest.raises(ValueError):
            partitions(np.arange(4.0), 9)
        with pytest.raises(ValueError):
            splits(np.arange(10.0), 3)
    assert live() == before
