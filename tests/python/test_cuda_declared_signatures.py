"""A kernel with declared signatures runs one of them, as Numba's does (numba-cuda's
test_dispatcher.test_explicit_signatures_*): the exact match first, else the first the
arguments convert to; arguments that fit none are Numba's TypeError, never a new
specialization."""

import numpy as np
import pytest

from ujit import cuda, float32, float64, int64, void

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


def add_kernel(r, x, y):
    r[0] = x + y


@pytest.mark.parametrize("sigs", [
    ["(int64[::1], int64, int64)", "(float64[::1], float64, float64)"],
    [(int64[::1], int64, int64), (float64[::1], float64, float64)],
    [void(int64[::1], int64, int64), void(float64[::1], float64, float64)],
])
def test_no_signature_fits_is_a_type_error(sigs):
    f = cuda.jit(sigs)(add_kernel)
    r = np.zeros(1, dtype=np.int64)
    f[1, 1](r, 1, 2)
    assert r[0] == 3
    r = np.zeros(1)
    f[1, 1](r, 1.5, 2.5)
    assert r[0] == 4.0
    with pytest.raises(TypeError, match="No matching definition for argument type"):
        f[1, 1](np.zeros(1, dtype=np.complex128), 1j, 1j)
    assert len(f.signatures) == 2 and len(f.overloads) == 2


def test_the_exact_match_is_preferred():
    # float64 arguments fit the float32 signature too, but run the float64 one.
    f = cuda.jit([void(float64[::1], float32, float32), void(float64[::1], float64, float64)])(add_kernel)
    r = np.zeros(1)
    f[1, 1](r, 1.0, 1e-8)
    assert r[0] == 1.0 + 1e-8


def test_specialize_makes_one_kernel_per_tuple_of_types():
    @cuda.jit
    def copy(x, y):
        x[0] = y[0]

    assert len(copy.specializations) == 0
    any_layout = copy.specialize(float32[:], float32[:])
    c_layout = copy.specialize(float32[::1], float32[::1])
    assert c_layout is copy.specialize(np.zeros(1, np.float32), np.zeros(1, np.float32))  # values: their types
    assert any_layout is not c_layout and len(copy.specializations) == 2
    assert c_layout.signatures == ["void(float32[::1], float32[::1])"]
    x = np.zeros(1, np.float32)
    c_layout[1, 1](x, np.ones(1, np.float32))
    assert x[0] == 1
    with pytest.raises(TypeError, match="No matching definition"):
        c_layout[1, 1](np.zeros(1), np.ones(1))  # it compiles no other signature
    with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
        c_layout.specialize(float32[::1], float32[::1])
    with pytest.raises(RuntimeError, match="Dispatcher already specialized"):
        cuda.jit("void(float32[::1], float32[::1])")(copy.py_func).specialize(float32[::1], float32[::1])
