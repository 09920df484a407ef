"""Array expressions stored into existing arrays (slice assignment, in-place operators),
NumPy as the oracle for values and result dtypes."""
import numpy as np
import pytest

import ujit
from ujit import njit


def run_both(jit_fn, py_fn, *arrays):
    """Runs the compiled and the Python function on copies; returns both sets of arrays."""
    mine = [a.copy() for a in arrays]
    theirs = [a.copy() for a in arrays]
    jit_fn(*mine)
    py_fn(*theirs)
    return mine, theirs


def check(jit_fn, py_fn, *arrays):
    mine, theirs = run_both(jit_fn, py_fn, *arrays)
    for m, t in zip(mine, theirs):
        np.testing.assert_allclose(m, t, rtol=1e-12, atol=0, equal_nan=True)


def axpy(out, a, b):
    out[:] = a * 2 + b


def hypot_into(a, b):
    a[:] = np.sqrt(a * a + b * b)


def row_zero(m):
    m[1, :] = 0


def col_from(m, v):
    m[:, 2] = v * 3 - 1


def inplace(a, b):
    a += b
    a *= 2
    a -= 1


def broadcast_row(m, r):
    m[:] = m + r


def broadcast_col(m, c):
    m[:, :] = m * c[:, None]


def strided_target(a, b):
    a[::2] = b[::-1] + 1


def math_mix(out, a):
    out[:] = np.exp(-a) + np.abs(a) - np.floor(a) + np.sin(a) * np.cos(a) + abs(a) ** 2


def compare_into(out, a, b):
    out[:] = (a > b) | (a == 0)


def unary_ops(out, a):
    out[:] = -a + (+a) * 2


def int_ops(out, a, b):
    out[:] = (a // b) + (a % b) + (a & 7) + (a << 1) + (~a)


def true_div(out, a, b):
    out[:] = a / b


CASES = [
    (axpy, lambda: (np.zeros(7), np.arange(7.0), np.linspace(0, 1, 7))),
    (hypot_into, lambda: (np.arange(6.0) - 2, np.arange(6.0)[::-1])),
    (row_zero, lambda: (np.arange(12.0).reshape(3, 4),)),
    (col_from, lambda: (np.arange(12.0).reshape(3, 4), np.arange(3.0))),
    (inplace, lambda: (np.arange(5.0), np.ones(5))),
    (broadcast_row, lambda: (np.arange(12.0).reshape(3, 4), np.arange(4.0))),
    (broadcast_col, lambda: (np.arange(12.0).reshape(3, 4), np.arange(3.0))),
    (strided_target, lambda: (np.zeros(10), np.arange(5.0))),
    (math_mix, lambda: (np.zeros(9), np.linspace(-2, 2, 9))),
    (compare_into, lambda: (np.zeros(6, np.bool_), np.array([0, 1, 2, 3, 4, 5]), np.array([1, 1, 1, 5, 5, 0]))),
    (unary_ops, lambda: (np.zeros(4), np.array([1.5, -2.0, 0.0, 3.0]))),
    (int_ops, lambda: (np.zeros(6, np.int64), np.array([7, -7, 9, 0, 5, -3]), np.array([2, 2, -4, 3, 0, 0]))),
    (true_div, lambda: (np.zeros(4), np.array([1.0, -1.0, 0.0, 3.0]), np.array([0.0, 0.0, 0.0, 2.0]))),
]


@pytest.mark.parametrize("fn,make", CASES, ids=[c[0].__name__ for c in CASES])
def test_expression_into_existing_arrays(fn, make):
    check(njit(fn), fn, *make())


@pytest.mark.parametrize("fn,make", CASES[:2], ids=["axpy", "hypot"])
def test_non_contiguous_and_reversed_inputs(fn, make):
    arrays = make()
    strided = [np.repeat(a, 2)[::2] if a.ndim == 1 else a for a in arrays]  # same values, stride 16
    check(njit(fn), fn, *strided)
    mine = [a.copy()[::-1] for a in arrays]
    njit(fn)(*mine)
    theirs = [a.copy()[::-1] for a in arrays]
    fn(*theirs)
    for m, t in zip(mine, theirs):
        np.testing.assert_allclose(m, t)


def test_empty_arrays():
    check(njit(axpy), axpy, np.zeros(0), np.zeros(0), np.zeros(0))
    check(njit(row_zero), row_zero, np.zeros((2, 0)))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8, np.float32, np.float64, np.complex128,
                                   np.bool_])
def test_scalar_broadcast_and_dtypes(dtype):
    def fill(a, b):
        a[1:4] = 1
        b[:] = a + a

    a = np.zeros(6, dtype)
    b = np.zeros(6, dtype)
    check(njit(fill), fill, a, b)


def test_result_dtype_follows_numba_loop_selection():
    # float32 array * 2 stays float32 (mixed int/float inputs); the store then casts.
    def f(out, a):
        out[:] = a * 3 + 0.1

    a = np.arange(5, dtype=np.float32)
    out = np.zeros(5, np.float64)
    njit(f)(out, a)
    # Numba computes a * 3 in float32 and + 0.1 in float64 (0.1 is a float64 scalar).
    expected = (a * np.float32(3)).astype(np.float64) + 0.1
    np.testing.assert_array_equal(out, expected)


def test_shapes_that_do_not_broadcast_raise_value_error():
    # NumPy's words, naming both shapes.
    with pytest.raises(ValueError, match=r"could not broadcast input array from shape \(4,\) into shape \(3,\)"):
        njit(axpy)(np.zeros(3), np.zeros(4), np.zeros(3))
    with pytest.raises(ValueError, match=r"from shape \(2,4\) into shape \(3,4\)"):
        njit(broadcast_row)(np.zeros((3, 4)), np.zeros((2, 4)))

    @njit
    def total(a, b):
        return np.sum(a * b)

    with pytest.raises(ValueError, match=r"operands could not be broadcast together with shapes \(3,\) \(2,\)"):
        total(np.zeros(3), np.zeros(2))


def test_an_array_expression_as_a_value_is_a_new_array():
    @njit
    def f(a):
        b = a * 2
        return b[0]

    assert f(np.full(3, 1.5)) == 3.0


# ---- fill, np.where, np.clip, boolean masks (all in place)


def fill_parts(a, m):
    a.fill(7)
    m[1].fill(-1)


def where_into(out, a, b):
    out[:] = np.where(a > b, a, b * 2)


def clip_into(out, a):
    out[:] = np.clip(a, -1, 2.5)


def mask_assign(a, mask):
    a[mask] = 0
    a[a > 3] = -5


@pytest.mark.parametrize("fn,make", [
    (fill_parts, lambda: (np.zeros(4), np.zeros((3, 2), np.int32))),
    (where_into, lambda: (np.zeros(6), np.array([1.0, 5, 2, 8, 0, 3]), np.array([2.0, 1, 2, 3, 4, 0]))),
    (clip_into, lambda: (np.zeros(6), np.array([-3.0, -1, 0, 2.5, 9, np.nan]))),
    (mask_assign, lambda: (np.arange(8.0), np.arange(8) % 3 == 0)),
], ids=["fill", "where", "clip", "mask"])
def test_in_place_library(fn, make):
    check(njit(fn), fn, *make())


def test_mask_assign_on_2d_and_strided():
    def f(m):
        m[m < 4] = 100

    for m in (np.arange(12).reshape(3, 4), np.arange(24).reshape(4, 6)[::2, ::-3]):
        check(njit(f), f, m.copy())


def test_reading_through_a_mask_makes_a_new_array():
    @njit
    def f(a):
        return a[a > 0][0]

    a = np.array([-1.0, 2.0, 3.0])
    assert f(a) == a[a > 0][0]
