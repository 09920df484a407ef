"""NumPy's library calls that return new arrays: np.sort, np.argsort, np.unique, cumsum and
cumprod, np.dot of matrices, np.outer, and np.random's size= forms. NumPy is the oracle for
values (np.random.RandomState(seed) for draws), Numba 0.68 for signatures and errors."""
import numpy as np
import pytest

import ujit
from ujit import njit

DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint16, np.uint64, np.float32, np.float64, np.complex128]


def values(dtype, n, seed=0):
    rng = np.random.RandomState(seed)
    if dtype == np.bool_:
        return rng.randint(0, 2, n).astype(np.bool_)
    if np.issubdtype(dtype, np.integer):
        return rng.randint(0, 50, n).astype(dtype)  # repeats, for unique and stability
    a = np.round(rng.standard_normal(n) * 10).astype(dtype)
    if np.issubdtype(dtype, np.complexfloating):
        a = (a + 1j * rng.randint(-2, 2, n)).astype(dtype)
    return a


def inputs(dtype):
    a = values(dtype, 60, 1)
    m = a.reshape(6, 10)
    return {"1d": a, "2d": m, "F": np.asfortranarray(m), "strided": m[::2, ::-3], "reversed": a[::-1],
            "empty": a[:0]}


@njit
def np_sort(a):
    return np.sort(a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_np_sort_returns_a_sorted_copy(dtype):
    for kind, a in inputs(dtype).items():
        before = a.copy()
        got = np_sort(a)
        np.testing.assert_array_equal(got, np.sort(a), err_msg=kind)
        assert got.dtype == a.dtype and got.flags.c_contiguous
        np.testing.assert_array_equal(a, before)  # the argument is left as it was


@njit
def argsorts(a):
    return np.argsort(a), a.argsort(), np.argsort(a, kind="mergesort"), a.argsort(kind="quicksort")


@pytest.mark.parametrize("dtype", DTYPES)
def test_argsort_sorts_and_mergesort_is_stable(dtype):
    for kind in ["1d", "reversed", "empty"]:
        a = inputs(dtype)[kind]
        quick, method, merge, method_quick = argsorts(a)
        for idx in (quick, method, merge, method_quick):
            assert idx.dtype == np.int64
            np.testing.assert_array_equal(a[idx], np.sort(a))  # ties may come in any order
        np.testing.assert_array_equal(merge, np.argsort(a, kind="stable"))


def test_argsort_with_nans_puts_them_last_in_order():
    a = np.array([3.0, np.nan, 1.0, np.nan, 1.0, -np.inf])
    np.testing.assert_array_equal(argsorts(a)[2], np.argsort(a, kind="stable"))


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint32, np.float64, np.int64])
def test_argsort_is_stable_on_ties_nans_and_signed_zeros_at_every_size(dtype):
    # 32-bit keys: the AVX-512 sort of key-and-index words; 64-bit: the radix sort. Both must
    # keep equal keys, -0.0 with 0.0 among them, in index order, as NumPy's stable kind does.
    rng = np.random.RandomState(17)
    for n in list(range(0, 70)) + [255, 256, 257, 1000, 1023, 1024, 1025, 5000, 100_000]:
        a = rng.randint(-3, 4, n).astype(dtype)
        if n > 4 and a.dtype.kind == "f":
            a[rng.randint(0, n, n // 5)] = np.nan
            a[rng.randint(0, n, n // 5)] = -0.0
            a[rng.randint(0, n, 2)] = -np.inf
        elif n > 4:
            a[rng.randint(0, n, 2)] = np.iinfo(dtype).max
            a[rng.randint(0, n, 2)] = np.iinfo(dtype).min
        expected = np.argsort(a, kind="stable")
        for got in argsorts(a):
            np.testing.assert_array_equal(got, expected, err_msg=f"n={n}")
    strided = rng.standard_normal(3000).astype(dtype)[::-3]
    np.testing.assert_array_equal(argsorts(strided)[2], np.argsort(strided, kind="stable"))


def test_argsort_errors_are_numbas():
    @njit
    def bad_kind(a):
        return np.argsort(a, kind="heapsort")

    with pytest.raises(ujit.TypingError, match="kind must be 'quicksort' or 'mergesort'"):
        bad_kind(np.ones(3))

    @njit
    def two_d(a):
        return a.argsort()

    with pytest.raises(ujit.TypingError, match="sorts 1-D arrays only"):
        two_d(np.ones((2, 2)))


@njit
def unique(a):
    return np.unique(a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_unique(dtype):
    for kind, a in inputs(dtype).items():
        np.testing.assert_array_equal(unique(a), np.unique(a), err_msg=kind)


def test_unique_collapses_nans_as_numpy():
    a = np.array([2.0, np.nan, 1.0, np.nan, 2.0, np.inf])
    np.testing.assert_array_equal(unique(a), np.unique(a))


@njit
def cumulative(a):
    return np.cumsum(a), a.cumsum(), np.cumprod(a), a.cumprod()


@pytest.mark.parametrize("dtype", DTYPES)
def test_cumsum_cumprod(dtype):
    for kind, a in inputs(dtype).items():
        small = a if dtype == np.bool_ else (a % 3 if not np.issubdtype(dtype, np.complexfloating) else a / 10)
        got = cumulative(small)
        # Numba's cumsum (get_ret_dtype_if_any) sums any integer narrower than intp in intp,
        # where NumPy keeps unsigned ones unsigned.
        narrow_unsigned = small.dtype.kind == "u" and small.dtype.itemsize < 8
        sums = np.cumsum(small, dtype=np.int64 if narrow_unsigned else None)
        for g, e in zip(got, (sums, sums, np.cumprod(small), np.cumprod(small))):
            assert g.dtype == e.dtype, (kind, g.dtype, e.dtype)
            np.testing.assert_allclose(g, e, rtol=1e-12, err_msg=kind)


@njit
def dot(a, b):
    return np.dot(a, b)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_dot_of_matrices_and_vectors_returns_new_arrays(dtype):
    tol = 1e-4 if dtype in (np.float32, np.complex64) else 1e-10
    a = values(dtype, 42, 1).reshape(6, 7)
    b = values(dtype, 35, 2).reshape(7, 5)
    v = values(dtype, 7, 3)
    for x, y in [(a, b), (a.T.copy().T, b[:, ::-1]), (a, v), (v[:6], a), (a[:, :0], b[:0])]:
        got = dot(x, y)
        assert got.dtype == dtype and got.flags.c_contiguous
        np.testing.assert_allclose(got, np.dot(x, y), rtol=tol, atol=tol)


@njit
def outer(a, b):
    return np.outer(a, b)


def test_outer():
    for a, b in [(np.arange(4.0), np.arange(3)), (np.arange(6).reshape(2, 3), np.array([1j, 2])),
                 (np.array([True, False]), np.array([True, True])), (np.arange(3.0)[::-1], np.ones(0))]:
        got = outer(a, b)
        expected = np.outer(a, b)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


@njit
def random_arrays(seed):
    np.random.seed(seed)
    return (np.random.random(5), np.random.rand(2, 3), np.random.randn(4), np.random.uniform(-1.0, 2.0, (2, 2)),
            np.random.normal(3.0, 0.5, size=3), np.random.standard_normal((3, 1)),
            np.random.randint(0, 100, size=7), np.random.random_sample((2,)), np.random.random())


def test_random_size_forms_match_numpy():
    for seed in (0, 5):
        got = random_arrays(seed)
        r = np.random.RandomState(seed)
        expected = (r.random_sample(5), r.rand(2, 3), r.randn(4), r.uniform(-1.0, 2.0, (2, 2)),
                    r.normal(3.0, 0.5, size=3), r.standard_normal((3, 1)), r.randint(0, 100, size=7),
                    r.random_sample((2,)), r.random_sample())
        for g, e in zip(got, expected):
            if isinstance(e, np.ndarray):
                assert g.shape == e.shape and g.dtype == e.dtype
            np.testing.assert_array_equal(g, e)


def test_random_size_errors():
    @njit
    def bad(n):
        return np.random.random(n)

    with pytest.raises(ujit.TypingError, match="size must be an integer or a tuple of integers"):
        bad(1.5)
    with pytest.raises(ValueError, match="negative dimensions"):
        bad(-1)


def test_nothing_leaks_even_when_a_raise_follows():
    from ujit.runtime import rtsys

    def live():
        s = rtsys.get_allocation_stats()
        return s.alloc - s.free

    @njit
    def f(a, fail):
        u = np.unique(a)
        s = np.sort(a)
        i = np.argsort(a)
        c = np.cumsum(a)
        o = np.outer(a, a)
        r = np.random.random(3)
        if fail:
            raise ValueError("after allocating")
        return u.sum() + s[0] + i[0] + c[-1] + o[0, 0] + r[0]

    a = values(np.float64, 100)
    f(a, False)
    before = live()
    f(a, False)
    with pytest.raises(ValueError, match="after allocating"):
        f(a, True)
    assert live() == before


@njit
def dot_method(a, b):
    return a.dot(b)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_dot_method_is_np_dot(dtype):
    tol = 1e-4 if dtype in (np.float32, np.complex64) else 1e-10
    a = values(dtype, 42, 1).reshape(6, 7)
    b = values(dtype, 35, 2).reshape(7, 5)
    v = values(dtype, 7, 3)
    for x, y in [(a, b), (a.T.copy().T, b[:, ::-1]), (a, v), (v[:6], a), (v, v)]:
        got = dot_method(x, y)
        want = x.dot(y)
        if isinstance(want, np.ndarray):  # (a vector's product is a Python scalar, as Numba returns it)
            assert got.dtype == want.dtype and got.flags.c_contiguous
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def test_dot_method_refuses_what_np_dot_refuses():
    with pytest.raises(ujit.core.errors.TypingError, match="dot"):
        dot_method(np.arange(3), np.arange(3))
