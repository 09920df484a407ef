"""The Numba course's CPU cells (tests/python/course.py), against NumPy/CPython results."""
import math
import random

import numpy as np
import pytest

import course


def test_hypot_matches_math_hypot():
    assert course.hypot(3.0, 4.0) == 5.0
    assert course.hypot(3, 4) == 5.0  # ints: float64(int64, int64), as Numba types it
    assert course.hypot(1e200, 1e200) == pytest.approx(math.hypot(1e200, 1e200))  # no overflow
    assert type(course.hypot(np.float32(3), np.float32(4))) is float


def test_hypot_signatures_are_numba_spelled():
    course.hypot(3.0, 4.0)
    course.hypot(3, 4)
    assert "float64(float64, float64)" in course.hypot.signatures
    assert "float64(int64, int64)" in course.hypot.signatures


def test_hypot_keeps_the_python_function():
    assert course.hypot.py_func(3.0, 4.0) == 5.0
    assert course.hypot.__name__ == "hypot"


def test_monte_carlo_pi_estimates_pi():
    assert abs(course.monte_carlo_pi(200_000) - math.pi) < 0.05


def test_gaussian_pdf_is_a_float32_ufunc():
    assert isinstance(course.gaussian_pdf, np.ufunc)
    assert course.gaussian_pdf.types == ["fff->f"]
    x = np.random.default_rng(0).uniform(-3, 3, size=1000).astype(np.float32)
    got = course.gaussian_pdf(x, np.float32(0.0), np.float32(1.0))
    want = np.exp(-0.5 * x.astype(np.float64) ** 2) / math.sqrt(2 * math.pi)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_gaussian_pdf_scalars_broadcast_like_numpy():
    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
    got = course.gaussian_pdf(x, 0.0, np.float32([1.0, 2.0, 3.0, 4.0]))
    assert got.shape == (3, 4)
    np.testing.assert_allclose(got[:, 1], course.gaussian_pdf(x[:, 1], 0.0, 2.0))


def test_zero_suppress_int16():
    wave = np.array([-3, 0, 5, 12, 20, 7], dtype=np.int16)
    got = course.zero_suppress(wave, 7)
    assert got.dtype == np.int16
    assert got.tolist() == [0, 0, 0, 12, 20, 7]


def test_polar_distance_with_a_helper_function():
    rng = np.random.default_rng(1)
    r1, t1, r2, t2 = (rng.uniform(0.5, 2, 100).astype(np.float32) for _ in range(4))
    got = course.polar_distance(r1, t1, r2, t2)
    x1, y1, x2, y2 = r1 * np.cos(t1), r1 * np.sin(t1), r2 * np.cos(t2), r2 * np.sin(t2)
    np.testing.assert_allclose(got, np.hypot(x1 - x2, y1 - y2), rtol=1e-5)


def test_polar_to_cartesian_returns_a_tuple():
    x, y = course.polar_to_cartesian(2.0, 0.0)
    assert (x, y) == (2.0, 0.0)


def test_l2_norm_guvectorize():
    vecs = np.arange(12, dtype=np.float32).reshape(3, 4)
    got = course.l2_norm(vecs)
    np.testing.assert_allclose(got, np.linalg.norm(vecs, axis=1), rtol=1e-6)
    out = np.empty(3, np.float32)
    course.l2_norm(vecs, out)
    np.testing.assert_allclose(out, got)


def test_make_pulses_parallel_target():
    i = np.arange(10000, dtype=np.float32)
    got = course.make_pulses(i, np.float32(10.0), np.float32(2.0))
    want = np.maximum(np.sin(i / np.float32(10.0)) - 0.3, 0.0) * 2.0
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_python_random_is_seeded_inside_compiled_code():
    from ujit import njit

    @njit
    def draw(seed):
        random.seed(seed)
        return random.random()

    assert draw(42) == draw(42)
    assert draw(42) != draw(43)
