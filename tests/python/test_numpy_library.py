"""NumPy's library in compiled code: a.sort() in place, np.dot / np.vdot of vectors and
np.linalg.norm, NumPy as the oracle for values and Numba 0.68 for signatures and errors
(numba/np/arrayobj.py, numba/np/linalg.py)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import ujit
from ujit import njit

ALL_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
              np.float32, np.float64, np.complex64, np.complex128]


@njit
def sort_in_place(a):
    a.sort()


def values(dtype, n, seed=0):
    rng = np.random.RandomState(seed)
    if dtype == np.bool_:
        return rng.randint(0, 2, n).astype(np.bool_)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.randint(info.min, info.max, n, dtype=dtype)
    a = (rng.standard_normal(n) * 1e3).astype(dtype)
    if np.issubdtype(dtype, np.complexfloating):
        a = a + 1j * (rng.randint(-3, 3, n)).astype(dtype)  # ties in the real part
    return a


def check_sorted_like_numpy(a):
    expected = np.sort(a)
    sort_in_place(a)
    np.testing.assert_array_equal(a, expected)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("n", [0, 1, 2, 15, 17, 300, 5000])
def test_sort_matches_numpy(dtype, n):
    check_sorted_like_numpy(values(dtype, n))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sort_puts_nans_last_and_keeps_signed_zeros_and_infinities(dtype):
    a = np.array([3.0, np.nan, -0.0, np.inf, -np.inf, 0.0, -np.nan, 1e-300, -2.5, np.nan] * 40, dtype=dtype)
    expected = np.sort(a)
    sort_in_place(a)
    np.testing.assert_array_equal(a, expected)
    assert np.isnan(a[-120:]).all()


def test_complex_sort_follows_numpys_nan_order():
    nan = np.nan
    a = np.array([complex(nan, 1), complex(1, nan), complex(1, 2), complex(nan, nan), complex(1, 1),
                  complex(-1, 5), complex(nan, 0), complex(1, -1)] * 5)
    check_sorted_like_numpy(a)


def test_sort_of_views_strided_and_negative_stride():
    base = values(np.float64, 400, seed=3)
    view = base[::-3]
    outside = base.copy()
    expected = np.sort(view)
    sort_in_place(view)
    np.testing.assert_array_equal(view, expected)
    mask = np.ones(400, bool)
    mask[::-3] = False
    np.testing.assert_array_equal(base[mask], outside[mask])  # nothing else written


def test_sort_of_2d_sorts_each_row_along_the_last_axis():
    for m in [values(np.int32, 60, 1).reshape(6, 10), np.asfortranarray(values(np.float64, 60, 2).reshape(6, 10)),
              values(np.float32, 120, 4).reshape(12, 10)[::2, ::-1], np.zeros((0, 4)), np.zeros((3, 0))]:
        expected = np.sort(m)
        sort_in_place(m)
        np.testing.assert_array_equal(m, expected)


def test_sort_of_3d():
    m = values(np.int16, 2 * 3 * 50, 5).reshape(2, 3, 50)
    check_sorted_like_numpy(m)


def test_sort_large_float64_and_small_integer_ranges():
    check_sorted_like_numpy(values(np.float64, 1_000_00, 7))
    check_sorted_like_numpy(np.random.RandomState(8).randint(-3, 4, 100_000).astype(np.int64))


def test_sort_refuses_read_only_arrays():
    a = np.arange(5.0)
    a.flags.writeable = False
    with pytest.raises(ujit.TypingError, match="readonly"):
        sort_in_place(a)


def test_sort_takes_no_arguments():
    @njit
    def f(a):
        a.sort(1)

    with pytest.raises(ujit.TypingError, match=r"sort\(\) takes at most 0 arguments"):
        f(np.arange(3.0))


# ---- np.dot / np.vdot

@njit
def dot(a, b):
    return np.dot(a, b)


@njit
def vdot(a, b):
    return np.vdot(a, b)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize("n", [0, 1, 7, 1000])
def test_dot_and_vdot_of_vectors(dtype, n):
    a = values(dtype, n, 1) / 100
    b = values(dtype, n, 2) / 100
    tol = 1e-5 if dtype in (np.float32, np.complex64) else 1e-12
    got = dot(a, b)
    assert type(got) is type(np.dot(a, b).item())
    assert got == pytest.approx(np.dot(a, b), rel=tol, abs=tol)
    assert vdot(a, b) == pytest.approx(np.vdot(a, b), rel=tol, abs=tol)


def test_dot_of_strided_and_reversed_vectors():
    a = values(np.float64, 300, 1)
    b = values(np.complex128, 300, 2)
    assert dot(a[::-3], a[1::3]) == pytest.approx(np.dot(a[::-3], a[1::3]), rel=1e-12)
    assert vdot(b[::-2], b[::2]) == pytest.approx(np.vdot(b[::-2], b[::2]), rel=1e-12)
    assert dot(b.real[::-1], b.imag) == pytest.approx(np.dot(b.real[::-1], b.imag), rel=1e-12)


def test_dot_errors_are_numbas():
    with pytest.raises(ValueError, match=r"incompatible array sizes for np.dot\(a, b\) \(vector \* vector\)"):
        dot(np.ones(3), np.ones(4))
    with pytest.raises(ujit.TypingError, match="must all have the same dtype"):
        dot(np.ones(3), np.ones(3, np.float32))
    with pytest.raises(ujit.TypingError, match="unsupported dtype"):
        dot(np.ones(3, np.int64), np.ones(3, np.int64))
    with pytest.raises(ujit.TypingError, match="only supported on 1-D arrays"):
        vdot(np.ones((2, 2)), np.ones((2, 2)))
    with pytest.raises(ujit.TypingError, match="compatible dimensions"):
        dot(np.ones((2, 2, 2)), np.ones(2))


def test_dot_without_blas_gives_the_same_results(tmp_path):
    """UJIT_DISABLE_BLAS=1 makes ujit compute with its own loops (README: "BLAS")."""
    script = (
        "import numpy as np\n"
        "from ujit import njit\n"
        "@njit\n"
        "def f(a, b, c):\n"
        "    return np.dot(a, b), np.vdot(c, c[::-1])\n"
        "a = np.linspace(-1, 1, 1001); c = a[::-1] * (1 + 2j) + 0.5j\n"
        "d, v = f(a, a[::-1], c)\n"
        "assert abs(d - np.dot(a, a[::-1])) <= 1e-12 * abs(d), d\n"
        "assert abs(v - np.vdot(c, c[::-1])) <= 1e-12 * abs(v), v\n"
        "print('ok')\n")
    path = tmp_path / "no_blas.py"  # ujit reads the functions' source from the file
    path.write_text(script)
    env = dict(os.environ, UJIT_DISABLE_BLAS="1")
    out = subprocess.run([sys.executable, str(path)], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# ---- np.linalg.norm

@njit
def norm(x):
    return np.linalg.norm(x)


@njit
def norm_ord(x, ord):
    return np.linalg.norm(x, ord)


@njit
def norm_keyword(x):
    return np.linalg.norm(x, ord=1), np.linalg.norm(x=x, ord=None)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_vector_norms(dtype):
    x = values(dtype, 101, 4) / 7
    tol = 1e-5 if dtype in (np.float32, np.complex64) else 1e-12
    got = norm(x)
    assert isinstance(got, float)
    assert got == pytest.approx(np.linalg.norm(x), rel=tol)
    for ord in [1, 2, 3, 0.5, 0, np.inf, -np.inf, -1.5]:
        assert norm_ord(x, ord) == pytest.approx(np.linalg.norm(x, ord), rel=tol), ord
    assert norm_ord(x[::-2], 2) == pytest.approx(np.linalg.norm(x[::-2]), rel=tol)
    assert norm(x[:0]) == 0.0 and norm_ord(x[:0], np.inf) == 0.0  # Numba: 0.0 for every order


def test_norm_keywords_and_no_overflow():
    x = np.array([3e200, 4e200, -1e-300])
    assert norm(x) == pytest.approx(5e200, rel=1e-15)  # BLAS nrm2's scaling, as in Numba
    assert norm(np.array([3e-300, 4e-300])) == pytest.approx(5e-300, rel=1e-15)
    assert norm_keyword(np.array([1.0, -2.0, 2.0])) == (5.0, 3.0)
    assert np.isnan(norm(np.array([1.0, np.nan])))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex128])
def test_matrix_norms(dtype):
    m = values(dtype, 35, 9).reshape(5, 7) / 11
    tol = 1e-5 if dtype == np.float32 else 1e-12
    for x in [m, m.T, np.asfortranarray(m), m[::-2, 1::2]]:
        assert norm(x) == pytest.approx(np.linalg.norm(x), rel=tol)
        for ord in [1, -1, np.inf, -np.inf]:
            assert norm_ord(x, ord) == pytest.approx(np.linalg.norm(x, ord), rel=tol), ord
    assert norm(np.zeros((0, 3))) == 0.0


def test_norm_errors():
    m = np.ones((2, 2))
    with pytest.raises(ValueError, match="Invalid norm order for matrices"):
        norm_ord(m, 3)
    with pytest.raises(NotImplementedError, match="singular values"):
        norm_ord(m, 2)

    @njit
    def fro(x):
        return np.linalg.norm(x, 'fro')

    with pytest.raises(ujit.TypingError, match="ord must be a number or None"):
        fro(m)
    with pytest.raises(ujit.TypingError, match="only supported on float and complex arrays"):
        norm(np.ones(3, np.int64))
    with pytest.raises(ujit.TypingError, match="only supported on 1 and 2-D arrays"):
        norm(np.ones((2, 2, 2)))

    @njit
    def bad_keyword(x):
        return np.linalg.norm(x, order=2)

    with pytest.raises(ujit.TypingError, match="unexpected keyword argument 'order'"):
        bad_keyword(m)


# ---- np.dot(a, b, out): matrix products into an existing array

@njit
def dot_into(a, b, out):
    np.dot(a, b, out)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_dot_into_out_matrix_matrix_and_vector(dtype):
    tol = 1e-4 if dtype in (np.float32, np.complex64) else 1e-10
    a = values(dtype, 6 * 5, 1).reshape(6, 5) / 100
    b = values(dtype, 5 * 4, 2).reshape(5, 4) / 100
    v = values(dtype, 5, 3) / 100
    w = values(dtype, 6, 4) / 100
    for x, y in [(a, b), (np.asfortranarray(a), b), (a, b[::-1, ::2]), (a.T.copy().T, np.asfortranarray(b)),
                 (a, v), (a[::-2], v[::-1]), (w, a), (w[::-1], a[:, ::-1]), (a[:, :0], b[:0]), (a[:0], b)]:
        expected = np.dot(x, y)
        out = np.full(expected.shape, np.nan, dtype=dtype)
        dot_into(x, y, out)
        np.testing.assert_allclose(out, expected, rtol=tol, atol=tol)


def test_dot_into_out_returns_out_and_checks_sizes():
    @njit
    def f(a, b, out):
        r = np.dot(a, b, out)
        return r[0, 0]

    a = np.arange(6.0).reshape(2, 3)
    out = np.zeros((2, 2))
    assert f(a, a.T.copy(), out) == 5.0 and out[1, 1] == np.dot(a, a.T)[1, 1]
    with pytest.raises(ValueError, match=r"incompatible array sizes for np.dot\(a, b\) \(matrix \* matrix\)"):
        dot_into(a, a, out)
    with pytest.raises(ValueError, match=r"incompatible output array size for np.dot\(a, b, out\) "
                                          r"\(matrix \* vector\)"):
        dot_into(a, np.ones(3), np.zeros(3))
    with pytest.raises(ValueError, match=r"\(vector \* matrix\)"):
        dot_into(np.ones(3), a, np.zeros(3))
    with pytest.raises(ujit.TypingError, match="out must be a C-contiguous 2-D array"):
        dot_into(a, a.T, np.zeros((2, 4))[:, ::2])


def test_dot_into_out_without_blas(tmp_path):
    script = (
        "import numpy as np\n"
        "from ujit import njit\n"
        "@njit\n"
        "def f(a, b, out):\n"
        "    np.dot(a, b, out)\n"
        "a = np.linspace(-1, 1, 300 * 200).reshape(300, 200); b = np.cos(a.T[:, ::-1])\n"
        "out = np.empty((300, 300)); f(a, b, out)\n"
        "np.testing.assert_allclose(out, a @ b, rtol=1e-12, atol=1e-12)\n"
        "c = (a + 1j * a)[:, :7]; outc = np.empty((300, 300), complex); f(c, c.T, outc)\n"
        "np.testing.assert_allclose(outc, c @ c.T, rtol=1e-12, atol=1e-12)\n"
        "print('ok')\n")
    path = tmp_path / "no_blas_matmul.py"
    path.write_text(script)
    env = dict(os.environ, UJIT_DISABLE_BLAS="1")
    out = subprocess.run([sys.executable, str(path)], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# ---- npspeed: the AVX-512 quicksort (cpu/sort_avx512.cpp) of float64/32, int64/32 and
# uint64/32 rows: vector partitions, bitonic networks of up to 32 registers (256 doubles,
# 512 floats), pivots the median of a sorted sample, NaNs moved last.
VECTOR_SORTED = [np.float64, np.float32, np.int64, np.int32, np.uint64, np.uint32]


def with_ties_and_extremes(dtype, n, seed):
    rng = np.random.RandomState(seed)
    a = values(dtype, n, seed)
    if n:
        a[rng.randint(0, n, n // 3)] = a[0]  # ties, as a pivot meets them
        if np.issubdtype(dtype, np.integer):
            a[rng.randint(0, n, 2)] = np.iinfo(dtype).max  # the networks' padding value
            a[rng.randint(0, n, 2)] = np.iinfo(dtype).min
        else:
            a[rng.randint(0, n, 2)] = np.inf
            a[rng.randint(0, n, 2)] = -np.inf
    return a


@pytest.mark.parametrize("dtype", VECTOR_SORTED)
def test_vector_sort_of_every_short_length_and_shape_of_data(dtype):
    for n in list(range(0, 301)) + [511, 512, 513, 1031, 4099]:
        a = with_ties_and_extremes(dtype, n, n)
        for data in (a, np.sort(a), np.sort(a)[::-1].copy(), np.full(n, a[0] if n else 0, dtype)):
            check_sorted_like_numpy(data.copy())


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_vector_sort_moves_nans_last_keeping_their_count(dtype):
    for n in (9, 33, 100, 1000):
        a = with_ties_and_extremes(dtype, n, 40 + n)
        a[np.random.RandomState(n).randint(0, n, n // 5)] = np.nan
        a[:: n // 3] = -0.0
        expected = np.sort(a)
        sort_in_place(a)
        np.testing.assert_array_equal(a, expected)
        assert np.isnan(a).sum() == np.isnan(expected).sum()


@pytest.mark.parametrize("dtype", VECTOR_SORTED)
def test_vector_sort_of_unaligned_strided_and_2d_rows(dtype):
    item = np.dtype(dtype).itemsize
    raw = np.zeros(300 * item + 1, np.uint8)
    unaligned = raw[1:].view(dtype)  # contiguous, but not on the dtype's alignment
    unaligned[:] = with_ties_and_extremes(dtype, 300, 9)
    check_sorted_like_numpy(unaligned)
    base = with_ties_and_extremes(dtype, 900, 10)
    check_sorted_like_numpy(base[::3])  # gathered into a buffer, scattered back
    check_sorted_like_numpy(base[::-2])
    check_sorted_like_numpy(with_ties_and_extremes(dtype, 50 * 37, 11).reshape(50, 37))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_vector_sort_of_a_million_with_nans_infinities_and_signed_zeros(dtype):
    a = with_ties_and_extremes(dtype, 1_000_000, 13)
    rng = np.random.RandomState(14)
    a[rng.randint(0, a.size, 1000)] = np.nan
    a[rng.randint(0, a.size, 1000)] = -0.0
    a[rng.randint(0, a.size, 1000)] = 0.0
    expected = np.sort(a)
    sort_in_place(a)
    np.testing.assert_array_equal(a, expected)
    assert np.isnan(a[-1000:]).sum() == np.isnan(expected).sum()
    for data in (np.sort(a[:-1000]), np.sort(a[:-1000])[::-1].copy(), rng.standard_normal(1_000_000).astype(dtype)):
        check_sorted_like_numpy(data)


def test_vector_sort_finds_nans_at_the_edges_of_its_scan_blocks():
    # The NaN scan tests blocks of 64 before it moves anything: one NaN at each block edge.
    for where in (0, 63, 64, 127, 128, 4999):
        for dtype in (np.float64, np.float32):
            a = values(dtype, 5000, where)
            a[where] = np.nan
            expected = np.sort(a)
            sort_in_place(a)
            np.testing.assert_array_equal(a, expected)


def test_vector_sort_of_rows_that_defeat_a_sampled_pivot():
    # Sawtooth and organ-pipe rows put equal or extreme values at every sample position:
    # the partitions may go badly, and the heapsort must finish the row.
    n = 1 << 16
    for dtype in (np.float64, np.float32, np.int64, np.int32):
        check_sorted_like_numpy((np.arange(n) % 16).astype(dtype))
        check_sorted_like_numpy(np.r_[np.arange(n // 2), np.arange(n // 2)[::-1]].astype(dtype))
        check_sorted_like_numpy(np.where(np.arange(n) % (n // 32) == n // 64, 0, np.arange(n)).astype(dtype))


def test_vector_sort_of_many_equal_keys_and_few_distinct():
    # A pivot that is the least element: its copies are split off (the strict partition).
    for dtype in (np.float64, np.int32):
        check_sorted_like_numpy(np.random.RandomState(12).randint(0, 3, 20_000).astype(dtype))
        check_sorted_like_numpy(np.r_[np.zeros(5000), np.ones(3)].astype(dtype))


# ---- sort: the vector sort's base case and pivots (cpu/sort_avx512_network.hpp,
# sort_avx512_quicksort.hpp), and the sorts of CPUs without AVX-512.
@pytest.mark.parametrize("dtype", VECTOR_SORTED)
def test_vector_sort_of_every_length_to_1000_with_duplicates(dtype):
    rng = np.random.RandomState(21)
    for n in range(1001):
        few = rng.randint(0, 5, n).astype(dtype)  # many duplicates: equal pivots, equal sides
        check_sorted_like_numpy(few)
        check_sorted_like_numpy(with_ties_and_extremes(dtype, n, n + 7))


def test_vector_sort_of_a_right_side_that_is_all_the_pivot():
    # The greatest key is the pivot of most partitions here: those sides are done unsorted.
    for dtype in (np.float64, np.int64, np.float32, np.int32):
        a = np.r_[np.random.RandomState(3).randint(0, 1000, 30_000), np.full(70_000, 1000)].astype(dtype)
        np.random.RandomState(4).shuffle(a)
        check_sorted_like_numpy(a)
        # Nearly constant: the ends and the sample are all one key, a few keys inside are not
        # (the all-equal scan must find them); and wholly constant, which it returns at once.
        b = np.full(100_000, 5, dtype)
        b[50_000:50_003] = 1
        b[70_000] = 9
        check_sorted_like_numpy(b)
        check_sorted_like_numpy(np.full(100_000, 7, dtype))


FALLBACK_SORT_SCRIPT = r"""
import numpy as np
import ujit

@ujit.njit
def sort_in_place(a):
    a.sort()

@ujit.njit
def sorted_copy(a):
    return np.sort(a)

@ujit.njit
def stable_argsort(a):
    return np.argsort(a, kind="mergesort")

rng = np.random.RandomState(5)
for dtype in (np.float64, np.float32, np.int64, np.int32, np.uint64, np.uint32):
    for n in list(range(0, 70)) + [255, 256, 257, 1000, 5000, 100_000]:
        a = (rng.standard_normal(n) * 1e3).astype(dtype)
        if n > 3 and a.dtype.kind == "f":
            a[rng.randint(0, n, n // 4)] = np.nan
            a[rng.randint(0, n, 2)] = -np.inf
            a[0] = -0.0
        expected = np.sort(a)
        np.testing.assert_array_equal(sorted_copy(a[::-1]), np.sort(a[::-1]))
        np.testing.assert_array_equal(stable_argsort(a), np.argsort(a, kind="stable"))
        sort_in_place(a)
        np.testing.assert_array_equal(a, expected)
print("ok")
"""


def test_sorts_without_avx512_match_numpy(tmp_path):
    # UJIT_DISABLE_AVX512_SORT=1 takes the paths of CPUs without AVX-512 (radix and
    # comparison sorts, and argsorts), which an AVX-512 machine otherwise never runs for these
    # dtypes.
    path = tmp_path / "fallback_sort.py"
    path.write_text(FALLBACK_SORT_SCRIPT)
    env = dict(os.environ, UJIT_DISABLE_AVX512_SORT="1")
    out = subprocess.run([sys.executable, str(path)], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
