"""numba.np.numpy_support's carray and farray on the host: NumPy views of the memory behind a
ctypes pointer (Numba's behaviour: the dtype from the pointer, or given for a void*)."""
import ctypes

import numpy as np
import pytest

from ujit.np.numpy_support import carray, farray


def test_carray_and_farray_view_the_pointed_memory():
    buf = (ctypes.c_float * 6)(*range(6))
    p = ctypes.cast(buf, ctypes.POINTER(ctypes.c_float))
    a = carray(p, (2, 3))
    assert a.dtype == np.float32 and a.flags.c_contiguous
    np.testing.assert_array_equal(a, np.arange(6, dtype=np.float32).reshape(2, 3))
    f = farray(p, (2, 3))
    assert f.flags.f_contiguous
    np.testing.assert_array_equal(f, np.arange(6, dtype=np.float32).reshape(3, 2).T)
    a[1, 2] = 42.0  # a view, not a copy
    assert buf[5] == 42.0
    v = carray(ctypes.c_void_p(ctypes.addressof(buf)), 6, np.float32)
    assert v.tolist() == [0, 1, 2, 3, 4, 42]


def test_carray_refuses_what_numba_refuses():
    buf = (ctypes.c_int32 * 2)()
    with pytest.raises(TypeError, match="explicit dtype required for void\\* argument"):
        carray(ctypes.c_void_p(ctypes.addressof(buf)), 2)
    with pytest.raises(TypeError, match="mismatching dtype 'float64'"):
        carray(ctypes.cast(buf, ctypes.POINTER(ctypes.c_int32)), 2, np.float64)
    with pytest.raises(TypeError, match="expected a ctypes pointer"):
        carray(12345, 2, np.int32)
