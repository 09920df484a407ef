"""Whole-array reductions in compiled code (methods and np.* functions, over arrays and array
expressions without a temporary), NumPy as the oracle for values and Numba for result types."""
import math

import numpy as np
import pytest

import ujit
from ujit import njit


@njit
def methods(a):
    return a.sum(), a.prod(), a.min(), a.max(), a.argmin(), a.argmax(), a.any(), a.all()


@njit
def functions(a):
    return (np.sum(a), np.prod(a), np.min(a), np.max(a), np.argmin(a), np.argmax(a), np.any(a), np.all(a),
            np.amin(a), np.amax(a))


@njit
def stats(a):
    return a.mean(), a.var(), a.std(), np.mean(a), np.var(a), np.std(a)


def same(got, expected):
    """Element-wise: floats to a relative 1e-6 (sum order differs), everything else exactly."""
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        if isinstance(e, (float, complex, np.floating, np.complexfloating)):
            assert g == pytest.approx(e, rel=1e-6, nan_ok=True)
        else:
            assert g == e and type(g) is type(e.item() if hasattr(e, "item") else e)
    return True


def inputs(dtype):
    base = np.array([3, -1, 4, 1, -5, 9, 2, 6, 5, 3, 5, 8], dtype=np.int64)
    if dtype == np.bool_:
        a = base > 2
    elif dtype == np.complex128:
        a = base + 1j * base[::-1]
    else:
        a = base.astype(dtype)
    m = a.reshape(3, 4)
    return {"1d": a, "2d": m, "F": np.asfortranarray(m), "strided": m[:, ::2], "reversed": a[::-1], "col": m[:, 1]}


REAL = [np.int8, np.int32, np.int64, np.uint16, np.float32, np.float64, np.bool_]


@pytest.mark.parametrize("dtype", REAL)
def test_methods_and_functions(dtype):
    for kind, a in inputs(dtype).items():
        expected = (a.sum(), a.prod(), a.min(), a.max(), a.argmin(), a.argmax(), a.any(), a.all())
        assert same(methods(a), expected), kind
        assert same(functions(a), expected + (a.min(), a.max())), kind


@pytest.mark.parametrize("dtype", REAL + [np.complex128])
def test_mean_var_std(dtype):
    for kind, a in inputs(dtype).items():
        expected = (a.mean(), a.var(), a.std()) * 2
        assert same(stats(a), expected), kind


def test_complex_sum_prod_any_all():
    @njit
    def f(a):
        return a.sum(), a.prod(), a.any(), a.all(), np.sum(a)

    for a in inputs(np.complex128).values():
        assert same(f(a), (a.sum(), a.prod(), a.any(), a.all(), a.sum()))


def test_result_types_follow_numba():
    @njit
    def f(a):
        return a.sum()

    @njit
    def g(a):
        return a.mean()

    assert isinstance(f(np.arange(3, dtype=np.int32)), int)
    f(np.arange(3, dtype=np.int32))
    assert "int64(array(int32, 1d, C))" in f.signatures
    g(np.arange(3, dtype=np.float32))
    assert "float32(array(float32, 1d, C))" in g.signatures
    g(np.arange(3, dtype=np.int16))
    assert "float64(array(int16, 1d, C))" in g.signatures


def test_reductions_of_array_expressions():
    @njit
    def f(a, b):
        return (a * b).sum(), np.sum(a * b), np.max(np.abs(a - b)), (a > b).sum(), np.any(a > 100), (a + b[None, :]).mean()

    a = np.linspace(-1, 2, 12).reshape(3, 4)
    b = np.arange(4.0)
    expected = ((a * b).sum(), np.sum(a * b), np.max(np.abs(a - b)), (a > b).sum(), np.any(a > 100), (a + b).mean())
    assert same(f(a, b), expected)


def test_empty_arrays():
    @njit
    def f(a):
        return a.sum(), a.prod(), a.any(), a.all()

    assert f(np.zeros(0)) == (0.0, 1.0, False, True)
    assert f(np.zeros((3, 0), np.int32)) == (0, 1, False, True)

    @njit
    def mean(a):
        return a.mean()

    assert math.isnan(mean(np.zeros(0)))

    @njit
    def mn(a):
        return a.min()

    @njit
    def amx(a):
        return a.argmax()

    with pytest.raises(ValueError, match="zero-size array to reduction operation minimum which has no identity"):
        mn(np.zeros(0))
    with pytest.raises(ValueError, match="attempt to get argmax of an empty sequence"):
        amx(np.zeros((2, 0)))


def test_nan_handling_as_numpy():
    a = np.array([1.0, np.nan, 3.0, np.nan])
    assert math.isnan(methods(a)[2]) and math.isnan(methods(a)[3])
    assert methods(a)[4] == np.argmin(a) == 1
    assert methods(a)[5] == np.argmax(a) == 1


def test_float_sum_is_accurate():
    # Pairwise-or-better: NumPy's own (pairwise) sum and an exact sum agree with ours to a few ulps,
    # where a naive left-to-right sum is off by far more.
    rng = np.random.default_rng(0)
    a = rng.random(1_000_003) * 1e3 + 1e6
    exact = math.fsum(a)
    naive = 0.0
    for x in a[:200_000]:
        naive += x
    got = methods(a)[0]
    assert abs(got - exact) <= 4 * np.spacing(exact)
    assert abs(got - exact) <= abs(np.sum(a) - exact) + 4 * np.spacing(exact)
    f32 = a.astype(np.float32)
    assert abs(methods(f32)[0] - math.fsum(f32)) <= abs(np.sum(f32) - math.fsum(f32)) + 2 * np.spacing(np.float32(math.fsum(f32)))


def test_isnan_isinf_isfinite_of_scalars_and_constants():
    @njit
    def f(x):
        return np.isnan(x), np.isinf(x), np.isfinite(x), np.pi, np.e, np.isinf(np.inf), np.isnan(np.nan)

    for x in (1.0, np.nan, np.inf, -np.inf):
        assert f(x) == (np.isnan(x), np.isinf(x), np.isfinite(x), np.pi, np.e, True, True)


def test_an_axis_where_numba_takes_none_is_a_located_error():
    @njit
    def f(a):
        return a.std(0)  # Numba's std has no axis (max/min/prod/mean take NumPy's: test_numpy_axis_stats.py)

    with pytest.raises(ujit.CompileError, match="with an axis is not supported"):
        f(np.zeros((2, 2)))


def test_min_max_of_long_arrays_vectorized_path():
    # The vectorized loop tracks NaN apart from the running extreme.
    for dtype in (np.float64, np.float32):
        a = np.cos(np.arange(1001, dtype=dtype))
        got = methods(a)
        assert got[2] == a.min() and got[3] == a.max()
        a[537] = np.nan
        got = methods(a)
        assert math.isnan(got[2]) and math.isnan(got[3])
        assert got[4] == np.argmin(a) == 537 and got[5] == np.argmax(a) == 537


# ---- npspeed: the vectorized kernels (8 partial sums as one vector, blocks of 128; max/min
# as a NaN-propagating tree over groups of 8 vectors), every length around a group and a
# block, every layout.


def layouts(a):
    """The same values contiguous, strided, reversed and as a non-contiguous 2-D view."""
    n = len(a)
    wide = np.empty(3 * n, a.dtype)
    wide[::3] = a
    rev = a[::-1].copy()
    grid = np.empty((n, 2), a.dtype)
    grid[:, 0] = a
    return {"contiguous": a, "strided": wide[::3], "reversed": rev[::-1], "column": grid[:, 0]}


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_sum_mean_of_every_length_and_layout_is_pairwise_accurate(dtype):
    rng = np.random.default_rng(1)
    tol = 8 * np.finfo(dtype).eps
    for n in list(range(0, 140)) + [255, 256, 257, 1000, 4099]:
        a = (rng.random(n) + 1).astype(dtype)
        exact = math.fsum(a.astype(np.float64))
        for kind, v in layouts(a).items():
            s, mean = stats_sum(v)
            assert abs(s - exact) <= tol * max(exact, 1), (n, kind, s, exact)
            if n:
                assert abs(mean - exact / n) <= tol * (exact / n), (n, kind)
            assert s == pytest.approx(v.sum(), rel=tol), (n, kind)


@njit
def stats_sum(a):
    return a.sum(), a.mean()


def test_sum_and_mean_with_infinities_are_numpys():
    # The compensation of an infinite total is NaN (inf - inf); the sum is the infinity.
    with np.errstate(invalid="ignore", over="ignore"):
        for a in (np.r_[np.inf, np.ones(300)], np.r_[np.ones(300), -np.inf], np.r_[np.inf, np.ones(3)],
                  np.full(300, 1e308), np.r_[np.ones(200), np.inf, -np.inf], np.r_[np.ones(150), np.nan]):
            for dtype in (np.float64, np.float32):
                v = a.astype(dtype)
                got = stats_sum(v)
                want = (v.sum(), v.mean())
                for g, w in zip(got, want):
                    assert (math.isnan(g) and math.isnan(w)) or g == w, (a[:3], dtype, got, want)


def test_sum_of_an_expression_in_blocks():
    @njit
    def dot_like(a, b):
        return (a * b).sum(), np.sum(a[::2] - b[::2])

    rng = np.random.default_rng(2)
    for n in (7, 8, 9, 127, 128, 129, 1031):
        a, b = rng.random(n), rng.random(n)
        got = dot_like(a, b)
        assert got[0] == pytest.approx(math.fsum(a * b), rel=1e-14)
        assert got[1] == pytest.approx(math.fsum(a[::2] - b[::2]), rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.int32, np.uint8, np.int16])
def test_max_min_of_every_length_and_layout(dtype):
    rng = np.random.default_rng(3)
    for n in list(range(1, 70)) + [127, 128, 129, 255, 256, 257, 1000]:
        if np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            a = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        else:
            a = (rng.random(n) * 2 - 1).astype(dtype)
        for kind, v in layouts(a).items():
            assert minmax(v) == (v.max(), v.min()), (n, kind)
            if np.issubdtype(dtype, np.floating):
                for at in {0, n // 2, n - 1}:
                    w = v.copy()
                    w[at] = np.nan
                    got = minmax(w)
                    assert math.isnan(got[0]) and math.isnan(got[1]), (n, kind, at)


@njit
def minmax(a):
    return a.max(), a.min()


def test_max_min_find_a_nan_at_every_position_of_the_vector_tree():
    # npspeed2: groups of 8 vectors (64 float64, 128 float32) reduced as a tree into one
    # vector; a NaN in any operand of any step, in the lanes or in the tail is the result.
    @njit
    def extremes_of_expression(a, b):
        return np.max(a * b), np.min(a - b)

    rng = np.random.default_rng(4)
    for dtype in (np.float64, np.float32):
        n = 2 * (512 // (8 * np.dtype(dtype).itemsize)) * 8 + 5
        a = (rng.random(n) * 2 - 1).astype(dtype)
        c = (rng.random(n) + 0.5).astype(dtype)
        assert extremes_of_expression(a, c) == (np.max(a * c), np.min(a - c))
        for at in range(n):
            w = a.copy()
            w[at] = np.nan
            for kind, v in layouts(w).items():
                got = minmax(v)
                assert math.isnan(got[0]) and math.isnan(got[1]), (dtype, at, kind)
            assert all(math.isnan(x) for x in extremes_of_expression(w, c)), (dtype, at)
        for at in (0, n // 2, n - 1):  # the infinities are values, not NaN
            w = a.copy()
            w[at] = np.inf
            assert minmax(w) == (np.inf, w.min())
            w[at] = -np.inf
            assert minmax(w) == (w.max(), -np.inf)


def test_max_min_of_infinities_and_signed_zeros():
    a = np.array([-np.inf] * 20)
    assert minmax(a) == (-np.inf, -np.inf)
    b = np.r_[np.full(40, -np.inf), np.inf]
    assert minmax(b) == (np.inf, -np.inf)
    z = np.r_[np.full(33, -0.0), 0.0]
    assert minmax(z) == (0.0, -0.0)  # equal as NumPy compares them; the value is either zero
