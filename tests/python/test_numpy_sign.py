"""np.sign of arrays (and inside array expressions), NumPy as the oracle for values and dtypes."""
import numpy as np
import pytest

import ujit
from ujit import njit


@njit
def sign_of(a):
    return np.sign(a)


@njit
def sign_expr(a):
    return np.sign(a - 1) * 2 + np.sign(a)


@pytest.mark.parametrize("a", [
    np.array([-1.5, -0.0, 0.0, 2.0, np.nan, -np.inf, np.inf]),
    np.array([-1.5, 0.0, 2.0], dtype=np.float32),
    np.array([-7, 0, 3], dtype=np.int64),
    np.array([-7, 0, 3], dtype=np.int8),
    np.array([0, 3, 255], dtype=np.uint8),
    np.array([[-2, 0], [5, -1]], dtype=np.int32),
    np.arange(-3.0, 3.0).reshape(2, 3)[:, ::2],
])
def test_sign_matches_numpy(a):
    got, want = sign_of(a), np.sign(a)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
    assert not np.signbit(got[got == 0]).any()  # -0.0 gives 0.0, as NumPy's loop does


def test_sign_inside_expression():
    a = np.array([-2.0, 0.5, 1.0, 3.0])
    np.testing.assert_array_equal(sign_expr(a), np.sign(a - 1) * 2 + np.sign(a))


def test_scalar_sign_unchanged():
    assert sign_of(-3) == -1 and sign_of(0.0) == 0.0 and np.isnan(sign_of(np.nan))

