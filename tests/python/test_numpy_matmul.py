"""The `@` operator and `@=` on arrays (Numba's matmul_2: np.dot's typing and product for 1-D
and 2-D arrays), NumPy as the oracle, the allocation counters for leaks."""
import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


@njit
def matmul(a, b):
    return a @ b


@njit
def chained(a, b, c):
    return a @ b @ c + 1.0


@njit
def imatmul(a, b):
    a @= b
    return a


@njit
def in_expression(a, x):
    return np.sqrt((a @ x) ** 2).sum()


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
def test_matrix_and_vector_products_match_numpy(dtype):
    rng = np.random.default_rng(3)
    m = (rng.standard_normal((4, 5)) + (1j * rng.standard_normal((4, 5)) if dtype is np.complex128 else 0)).astype(dtype)
    n = m.T.copy()
    v = m[0].copy()
    w = m[:, 1].copy()
    tol = 1e-5 if dtype is np.float32 else 1e-12
    for a, b in ((m, n), (m, v), (w, m), (v, v), (m[::-1, ::2], n[::2, ::-1]), (m.T, w[::-1])):
        got = matmul(a, b)
        want = a @ b
        assert np.shape(got) == np.shape(want)
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def test_chains_augmented_and_inside_array_expressions():
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(12.0).reshape(3, 4)
    c = np.arange(4.0)
    np.testing.assert_allclose(chained(a, b, c), a @ b @ c + 1.0)
    np.testing.assert_allclose(imatmul(a, b), a @ b)
    x = np.arange(3.0)
    assert in_expression(a, x) == pytest.approx(np.sqrt((a @ x) ** 2).sum())


def test_empty_products():
    z = np.zeros((0, 3))
    np.testing.assert_array_equal(matmul(z, np.ones((3, 2))), np.zeros((0, 2)))
    assert matmul(np.zeros(0), np.zeros(0)) == 0.0


def test_shape_and_type_errors_are_numbas():
    with pytest.raises(ValueError, match="incompatible array sizes"):
        matmul(np.ones(3), np.ones(4))
    with pytest.raises(ujit.TypingError, match="inputs must have compatible dimensions"):
        matmul(np.ones((2, 2, 2)), np.ones((2, 2)))
    with pytest.raises(ujit.TypingError, match="must all have the same dtype"):
        matmul(np.ones((2, 2)), np.ones((2, 2), dtype=np.float32))

    @njit
    def scalar(x, y):
        return x @ y

    with pytest.raises(ujit.TypingError, match="unsupported operand types for @"):
        scalar(1.0, 2.0)


def test_products_leak_nothing():
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(12.0).reshape(3, 4)
    c = np.arange(4.0)
    chained(a, b, c), imatmul(a, b)
    before = live()
    for _ in range(3):
        chained(a, b, c), imatmul(a, b), in_expression(a, c[:3])
    assert live() == before


def test_the_blas_in_use_is_reported():
    # Debian's OpenBLAS here (tools/scripts/setup.sh), NumPy's bundled scipy-openblas64 where
    # the wheel's is the only one: either way an OpenBLAS, named by ujit.runtime.blas_library().
    from ujit.runtime import blas_library

    matmul(np.ones((2, 2)), np.ones((2, 2)))
    assert "openblas" in blas_library()


def test_numpys_bundled_libraries_are_on_the_blas_search_path():
    import importlib.util
    import os

    spec = importlib.util.find_spec("numpy")
    libs = [os.path.join(os.path.dirname(p), "numpy.libs") for p in spec.submodule_search_locations]
    libs = [d for d in libs if os.path.isdir(d)]
    if not libs:
        pytest.skip("this NumPy is not a wheel: it bundles no OpenBLAS")
    assert libs[0] in os.environ.get("UJIT_BLAS_SEARCH_PATH", "").split(":")
