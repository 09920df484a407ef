"""np.nancumsum / np.nancumprod and complex np.nanmin / np.nanmax in compiled code. NumPy is
the oracle for values, dtypes and shapes (empty, 0-d, 2-D, non-contiguous and negative-stride
inputs; int, bool, float32/64 and complex dtypes); Numba 0.68 for what is refused (arrays
only); the allocation counters for leaks."""
import warnings

import numpy as np
import pytest

import ujit
from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


nancumsum = njit(lambda a: np.nancumsum(a))
nancumprod = njit(lambda a: np.nancumprod(a))
nanmin = njit(lambda a: np.nanmin(a))
nanmax = njit(lambda a: np.nanmax(a))

NAN = np.nan
WITH_NANS = np.array([1.5, NAN, -2.0, 4.0, NAN, 0.25])
COMPLEX = np.array([1 + 1j, complex(NAN, 1), complex(1, NAN), 2j, -1 - 0.5j, complex(NAN, NAN)])
CUMULATIVE_CASES = [
    WITH_NANS,
    WITH_NANS.reshape(2, 3),
    WITH_NANS.reshape(2, 3)[:, ::-1],  # non-contiguous, negative stride
    WITH_NANS[::-2],
    WITH_NANS.astype(np.float32),
    COMPLEX,
    COMPLEX.astype(np.complex64).reshape(3, 2).T,
    np.arange(-3, 5, dtype=np.int32),
    np.arange(1, 7, dtype=np.uint8),
    np.array([True, False, True]),
    np.full(3, NAN),
    np.zeros(0),
    np.array(2.5),
    np.array(NAN),
]


@pytest.mark.parametrize("name", ["nancumsum", "nancumprod"])
@pytest.mark.parametrize("a", CUMULATIVE_CASES, ids=lambda a: f"{a.dtype}{a.shape}")
def test_nan_cumulative_matches_numpy(name, a):
    f = {"nancumsum": nancumsum, "nancumprod": nancumprod}[name]
    want = getattr(np, name)(a)
    if name == "nancumsum" and a.dtype.kind == "u" and a.dtype.itemsize < 8:
        # Numba's np.cumsum sums unsigned integers narrower than intp in int64 (NumPy: uint64).
        want = want.astype(np.int64)
    before = live()
    got = f(a)
    assert isinstance(got, np.ndarray)
    assert got.dtype == want.dtype and got.shape == want.shape, (got, want)
    np.testing.assert_allclose(got, want, rtol=1e-6 if want.dtype.itemsize <= 8 else 1e-12)
    del got
    assert live() == before


def test_nan_cumulative_of_non_arrays_is_refused_as_numba():
    # Numba's overloads take arrays only (NumPy would take a scalar or a list).
    with pytest.raises(ujit.CompileError, match="nancumsum\\(\\) of float64 is not supported"):
        nancumsum(1.0)
    with pytest.raises(ujit.CompileError, match="nancumprod\\(\\) of int64 is not supported"):
        nancumprod(3)


def test_nan_cumulative_raise_leaks_nothing():
    @njit
    def then_raise(a):
        c = np.nancumsum(a)
        if c[-1] > 0:
            raise ValueError("positive")
        return c

    before = live()
    with pytest.raises(ValueError, match="positive"):
        then_raise(WITH_NANS)
    assert live() == before


COMPLEX_EXTREME_CASES = [
    COMPLEX,
    np.array([complex(NAN, 1), complex(2, NAN)]),  # all NaN: NumPy gives the first item
    np.array([complex(NAN, NAN), complex(NAN, 0)]),
    np.array([complex(NAN, 1), complex(2, NAN), 3 + 1j, 3 + 0j, 1 + 5j, 1 + 2j]),
    np.array([3 + 1j, 3 - 1j, 3 + 0j, -4 + 9j, -4 - 9j]),  # ties on the real part
    np.array([complex(-np.inf, 1), 0j, complex(np.inf, -1)]),
    np.array([2 - 1j]),
    COMPLEX.astype(np.complex64),
    np.array([[1 + 2j, complex(NAN, 0)], [0.5 + 7j, 0.5 - 7j]])[:, ::-1],
    np.array(1 - 1j),
]


@pytest.mark.parametrize("name", ["nanmin", "nanmax"])
@pytest.mark.parametrize("a", COMPLEX_EXTREME_CASES, ids=lambda a: f"{a.dtype}{a.shape}")
def test_complex_nan_extremes_match_numpy(name, a):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = getattr(np, name)(a)
    got = {"nanmin": nanmin, "nanmax": nanmax}[name](a)
    assert isinstance(got, complex), got
    np.testing.assert_equal(got, complex(want))


def test_complex_nan_extremes_of_nothing_raise():
    with pytest.raises(ValueError, match="zero-size array to reduction operation not possible"):
        nanmin(np.zeros(0, np.complex128))
    with pytest.raises(ValueError, match="zero-size array to reduction operation not possible"):
        nanmax(np.zeros(0, np.complex64))
