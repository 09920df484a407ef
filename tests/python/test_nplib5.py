"""nplib5 (issues 18, 19): NumPy's named ufuncs on arrays and scalars, np.linalg's solve, inv,
det and slogdet through LAPACK, more of np.random (exponential, shuffle, permutation, choice)
and of the random module (gauss, randint, randrange, expovariate, getrandbits), len(range).
NumPy and CPython are the oracles (np.random.RandomState and random.Random for a seed)."""
import linecache
import math
import random

import numpy as np
import pytest

import ujit
from ujit import njit
from numba_random import numba_seeded_random

# ---------------------------------------------------------------- named ufuncs

BINARY = ["add", "subtract", "multiply", "true_divide", "divide", "floor_divide", "remainder", "mod",
          "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or", "logical_xor",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logaddexp", "logaddexp2"]
INTEGER_ONLY = ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]
UNARY = ["negative", "logical_not"]


def _compile(name, nargs):
    args = ", ".join("x%d" % i for i in range(nargs))
    src = "def f(%s):\n    return np.%s(%s)\n" % (args, name, args)
    scope = {"np": np}
    filename = "<ufunc %s %d>" % (name, nargs)
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)  # for inspect.getsource
    exec(compile(src, filename, "exec"), scope)
    return njit(scope["f"])


def _same(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape
    if got.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-12, equal_nan=True)


@pytest.mark.parametrize("name", BINARY)
def test_binary_ufunc_arrays_and_scalars(name):
    f = _compile(name, 2)
    fn = getattr(np, name)
    a = np.array([1.5, -2.0, np.nan, 4.0, 0.0, -0.0, np.inf])
    b = np.array([0.5, -2.0, 3.0, np.nan, 2.0, 0.0, 1.0])
    with np.errstate(all="ignore"):
        _same(f(a, b), fn(a, b))
        _same(f(a[::2], b[::2]), fn(a[::2], b[::2]))  # non-contiguous
        _same(f(a.reshape(1, 7), b), fn(a.reshape(1, 7), b))  # broadcasting
        for x, y in [(2.5, 4.0), (3, 4), (7, -2)]:
            _same(f(x, y), fn(np.float64(x) if isinstance(x, float) else np.int64(x),
                              np.float64(y) if isinstance(y, float) else np.int64(y)))
    if name not in ("logaddexp", "logaddexp2"):
        i = np.array([3, -4, 5, 0], dtype=np.int32)
        j = np.array([2, 2, -3, 1], dtype=np.int32)
        with np.errstate(all="ignore"):
            _same(f(i, j), fn(i, j))
            _same(f(i, 2.5), fn(i, 2.5))
    e = np.empty(0)
    _same(f(e, e), fn(e, e))


@pytest.mark.parametrize("name", INTEGER_ONLY)
def test_integer_ufuncs(name):
    f = _compile(name, 2)
    fn = getattr(np, name)
    i = np.array([3, 12, 5, 0, 255], dtype=np.int64)
    j = np.array([2, 3, 1, 4, 7], dtype=np.int64)
    _same(f(i, j), fn(i, j))
    _same(f(i.astype(np.uint8), j.astype(np.uint8)), fn(i.astype(np.uint8), j.astype(np.uint8)))


@pytest.mark.parametrize("name", UNARY + ["invert", "bitwise_not"])
def test_unary_ufuncs(name):
    f = _compile(name, 1)
    fn = getattr(np, name)
    if name in ("invert", "bitwise_not"):
        for a in (np.array([0, 5, -3], dtype=np.int16), np.array([True, False])):
            _same(f(a), fn(a))
        return
    a = np.array([1.5, 0.0, -2.0, np.nan])
    _same(f(a), fn(a))
    _same(f(a[::-1]), fn(a[::-1]))
    _same(f(3.0), fn(3.0))


def test_maximum_nan_and_signed_zero_follow_numpy():
    f = _compile("maximum", 2)
    g = _compile("fmin", 2)
    assert math.isnan(f(np.nan, 1.0)) and math.isnan(f(1.0, np.nan))
    assert g(np.nan, 1.0) == 1.0 and g(1.0, np.nan) == 1.0
    for x, y in [(-0.0, 0.0), (0.0, -0.0)]:  # of equal values NumPy returns the second
        assert math.copysign(1.0, f(x, y)) == math.copysign(1.0, np.maximum(x, y))
        assert math.copysign(1.0, g(x, y)) == math.copysign(1.0, np.fmin(x, y))
        zx, zy = np.full(20, x), np.full(20, y)
        assert np.array_equal(np.signbit(f(zx, zy)), np.signbit(np.maximum(zx, zy)))


def test_ufunc_wrong_types_is_a_located_error():
    f = _compile("left_shift", 2)
    with pytest.raises(ujit.CompileError, match=r"ufunc 'left_shift' is not supported for the input types"):
        f(np.ones(3), np.ones(3))
    with pytest.raises(ujit.CompileError, match=r"takes 2 arguments"):
        _compile("add", 1)(np.ones(3))


# ---------------------------------------------------------------- np.linalg


@njit
def lin_all(a, b):
    return np.linalg.solve(a, b), np.linalg.inv(a), np.linalg.det(a), np.linalg.slogdet(a)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.complex64])
def test_linalg_matches_numpy(dtype):
    rng = np.random.RandomState(1)
    a = (rng.rand(5, 5) + 5 * np.eye(5)).astype(dtype)
    if np.iscomplexobj(a):
        a = a + 1j * rng.rand(5, 5).astype(dtype)
    tol = 1e-4 if dtype in (np.float32, np.complex64) else 1e-10
    for b in (rng.rand(5).astype(dtype), rng.rand(5, 3).astype(dtype)):
        x, inv, det, (sign, logdet) = lin_all(a, b)
        assert x.dtype == a.dtype and inv.dtype == a.dtype and x.shape == b.shape
        np.testing.assert_allclose(x, np.linalg.solve(a, b), rtol=tol)
        np.testing.assert_allclose(inv, np.linalg.inv(a), rtol=tol)
        np.testing.assert_allclose(det, np.linalg.det(a), rtol=tol)
        ws, wl = np.linalg.slogdet(a)
        np.testing.assert_allclose(sign, ws, rtol=tol)
        np.testing.assert_allclose(logdet, wl, rtol=tol)


def test_linalg_strided_and_transposed_operands():
    rng = np.random.RandomState(2)
    big = rng.rand(8, 8) + 8 * np.eye(8)
    a = big[::2, ::2]  # non-contiguous
    at = big[:4, :4].T  # Fortran order
    for m in (a, at):
        x, inv, det, _ = lin_all(m, big[0, ::2])
        np.testing.assert_allclose(x, np.linalg.solve(m, big[0, ::2]), rtol=1e-10)
        np.testing.assert_allclose(inv, np.linalg.inv(m), rtol=1e-10)
        np.testing.assert_allclose(det, np.linalg.det(m), rtol=1e-10)


@njit
def det_only(a):
    return np.linalg.det(a), np.linalg.slogdet(a)


@njit
def inv_only(a):
    return np.linalg.inv(a)


def test_linalg_singular_nonsquare_nonfinite_and_empty():
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(np.linalg.LinAlgError, match="Matrix is singular to machine precision."):
        inv_only(singular)
    with pytest.raises(np.linalg.LinAlgError, match="Matrix is singular to machine precision."):
        lin_all(singular, np.ones(2))
    d, (s, l) = det_only(singular)
    assert d == 0.0 and s == 0.0 and l == -np.inf
    with pytest.raises(np.linalg.LinAlgError, match="Last 2 dimensions of the array must be square."):
        inv_only(np.ones((2, 3)))
    with pytest.raises(np.linalg.LinAlgError, match="Array must not contain infs or NaNs."):
        inv_only(np.array([[1.0, np.nan], [0.0, 1.0]]))
    with pytest.raises(np.linalg.LinAlgError, match="Incompatible array sizes"):
        lin_all(np.eye(3), np.ones(2))
    assert inv_only(np.empty((0, 0))).shape == (0, 0)
    d, (s, l) = det_only(np.empty((0, 0)))
    assert d == 1.0 and s == 1.0 and l == 0.0
    assert inv_only(np.eye(3)).tolist() == np.eye(3).tolist()  # the process stays usable


def test_linalg_typing_errors_are_numbas():
    with pytest.raises(ujit.CompileError, match=r"np.linalg.inv\(\) only supported on float and complex arrays."):
        inv_only(np.eye(3, dtype=np.int64))
    with pytest.raises(ujit.CompileError, match=r"np.linalg.inv\(\) only supported on 2-D arrays."):
        inv_only(np.ones(3))
    with pytest.raises(ujit.CompileError, match="homogeneous dtypes"):
        lin_all(np.eye(2), np.ones(2, dtype=np.float32))


# ---------------------------------------------------------------- np.random


@njit
def exponentials(seed):
    np.random.seed(seed)
    return (np.random.exponential(), np.random.exponential(2.5), np.random.exponential(0.5, 4),
            np.random.standard_exponential(), np.random.standard_exponential((2, 2)))


def test_exponential_is_numpys_stream():
    got = exponentials(11)
    r = np.random.RandomState(11)
    want = (r.exponential(), r.exponential(2.5), r.exponential(0.5, 4), r.standard_exponential(),
            r.standard_exponential((2, 2)))
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


@njit
def shuffles(seed, a, n):
    np.random.seed(seed)
    np.random.shuffle(a)
    return np.random.permutation(n), np.random.permutation(a[::2])


def test_shuffle_and_permutation_are_numpys_stream():
    for dtype in (np.int64, np.float32, np.bool_):
        a = np.arange(11).astype(dtype)
        b = a.copy()
        p, q = shuffles(5, a, 9)
        r = np.random.RandomState(5)
        r.shuffle(b)
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(p, r.permutation(9))
        np.testing.assert_array_equal(q, r.permutation(b[::2]))
    e = np.empty(0)
    shuffles(1, e, 0)


@njit
def choices(seed, a):
    np.random.seed(seed)
    return np.random.choice(a), np.random.choice(a, 5), np.random.choice(7), np.random.choice(7, (2, 3))


@njit
def choice_no_replace(seed, a, m):
    np.random.seed(seed)
    return np.random.choice(a, m, replace=False)


def test_choice_with_replacement_is_numpys_stream():
    a = np.arange(10.0, 30.0)
    got = choices(9, a)
    r = np.random.RandomState(9)
    want = (r.choice(a), r.choice(a, 5), r.choice(7), r.choice(7, (2, 3)))
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_choice_without_replacement_is_numbas_partial_shuffle():
    a = np.arange(100, 120)
    got = choice_no_replace(3, a, 6)
    # Numba's algorithm, with NumPy's legacy randint as the draws
    r = np.random.RandomState(3)
    pool = a.copy()
    want = []
    for i in range(6):
        j = r.randint(i, len(pool))
        pool[i], pool[j] = pool[j], pool[i]
        want.append(pool[i])
    assert got.tolist() == want
    assert len(set(got.tolist())) == 6
    with pytest.raises(ValueError, match="Cannot take a larger sample than population when 'replace=False'"):
        choice_no_replace(3, a, 21)


@njit
def choice_p(a):
    return np.random.choice(a, 3, True, a)


@njit
def shuffle_only(a):
    np.random.shuffle(a)


def test_choice_p_and_bad_shuffle_are_located_errors():
    with pytest.raises(ujit.CompileError, match=r"test_nplib5.py:\d+:\d+: error: .*with p= is not supported"):
        choice_p(np.ones(3))
    with pytest.raises(ujit.CompileError, match=r"one-dimensional"):
        shuffle_only(np.ones((2, 2)))


# ---------------------------------------------------------------- the random module


@njit
def module_draws(seed):
    random.seed(seed)
    return (random.randint(1, 6), random.randrange(10), random.randrange(3, 1000, 7), random.randrange(50, 10, -3),
            random.expovariate(1.5), random.getrandbits(5), random.getrandbits(40), random.randint(-2**40, 2**40))


def test_integer_draws_and_expovariate_are_numbas():
    for seed in (0, 1, 123, 2**40 + 5):
        got = module_draws(seed)
        r = numba_seeded_random(seed)  # CPython's draws over Numba's seeding
        want = (r.randint(1, 6), r.randrange(10), r.randrange(3, 1000, 7), r.randrange(50, 10, -3),
                r.expovariate(1.5), r.getrandbits(5), r.getrandbits(40), r.randint(-2**40, 2**40))
        assert got == want


@njit
def gausses(seed, n):
    random.seed(seed)
    out = np.empty(n)
    for i in range(n):
        out[i] = random.gauss(1.0, 2.0) if i % 2 else random.normalvariate(1.0, 2.0)
    return out


def test_gauss_is_normal_and_seeded():
    a = gausses(4, 20000)
    assert np.array_equal(a, gausses(4, 20000))
    assert abs(a.mean() - 1.0) < 0.05 and abs(a.std() - 2.0) < 0.05


@njit
def randint_of(a, b):
    return random.randint(a, b)


@njit
def randrange_of(a, b, c):
    return random.randrange(a, b, c)


@njit
def bits_of(k):
    return random.getrandbits(k)


def test_random_module_errors():
    with pytest.raises(ValueError, match="empty range for randrange"):
        randint_of(3, 2)
    with pytest.raises(ValueError, match="zero step for randrange"):
        randrange_of(0, 5, 0)
    with pytest.raises(OverflowError, match="getrandbits"):
        bits_of(65)
    with pytest.raises(OverflowError, match="getrandbits"):
        bits_of(0)
    assert randint_of(4, 4) == 4


# ---------------------------------------------------------------- len(range)


@njit
def range_lengths(a, b, c):
    return len(range(a)), len(range(a, b)), len(range(a, b, c)), len(range(b, a, -c))


def test_len_of_range_is_pythons():
    for a, b, c in [(0, 10, 3), (5, 2, 1), (-7, 7, 2), (3, 3, 5), (-10, 10, 7)]:
        assert range_lengths(a, b, c) == (len(range(a)), len(range(a, b)), len(range(a, b, c)),
                                          len(range(b, a, -c)))
    with pytest.raises(ValueError):
        range_lengths(0, 1, 0)


# ---------------------------------------------------------------- nothing leaks


def _live_allocations():
    s = ujit.runtime.rtsys.get_allocation_stats()
    return s.alloc - s.free


def test_no_leaks_on_success_and_on_raise():
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    lin_all(a, np.ones(2))
    choices(1, np.arange(5.0))
    before = _live_allocations()
    for _ in range(3):
        x, inv, det, _ = lin_all(a, np.ones(2))
        del x, inv
        shuffles(1, np.arange(6), 4)
        choices(1, np.arange(5.0))
        with pytest.raises(np.linalg.LinAlgError):
            inv_only(singular)  # the result array was allocated before the raise
        with pytest.raises(ValueError):
            choice_no_replace(3, np.arange(3), 5)
    assert _live_allocations() == before


# ---------------------------------------------------------------- np.round, a.item(), np.triu/np.tril


@njit
def rounded(a, d):
    return np.round(a, d), np.around(a), np.round_(a, 1)


@njit
def round_scalar(x, d):
    return np.round(x, d)


def test_round_matches_numpy():
    a = np.array([1.2345, -2.5, 0.5, 1.5, 2.675, 1234.5678, np.inf, np.nan, -0.0])
    for d in (0, 1, 2, 3, -1, -2):
        for x in (a, a[::2], a.astype(np.float32)):
            got = rounded(x, d)
            want = (np.round(x, d), np.around(x), np.round(x, 1))
            for g, w in zip(got, want):
                assert g.dtype == w.dtype
                np.testing.assert_array_equal(g, w)
    i = np.array([15, 25, -35, 7], dtype=np.int64)
    for d in (0, 2, -1):
        np.testing.assert_array_equal(rounded(i, d)[0], np.round(i, d))
    assert round_scalar(2.675, 2) == np.round(2.675, 2)
    assert round_scalar(-2.5, 0) == np.round(-2.5, 0)


@njit
def only_item(a):
    return a.item()


def test_item():
    assert only_item(np.array([3.5])) == 3.5
    assert only_item(np.array([[7]], dtype=np.int32)) == 7
    assert only_item(np.arange(10)[4:5]) == 4
    with pytest.raises(ValueError, match="can only convert an array of size 1"):
        only_item(np.arange(3.0))


@njit
def triangles(m, k):
    return np.triu(m), np.tril(m), np.triu(m, k), np.tril(m, k)


def test_triu_tril_match_numpy():
    m = np.arange(1.0, 21.0).reshape(4, 5)
    for x in (m, m.T, m[::2, 1:], m.astype(np.int32), m > 7, np.empty((0, 3))):
        for k in (0, 1, -1, 3, -5):
            got = triangles(x, k)
            want = (np.triu(x), np.tril(x), np.triu(x, k), np.tril(x, k))
            for g, w in zip(got, want):
                assert g.dtype == w.dtype
                np.testing.assert_array_equal(g, w)
    with pytest.raises(ujit.CompileError, match=r"takes a 2-D array"):
        triangles(np.ones(3), 0)
