"""cuda.shared.array / cuda.local.array shapes and dtypes as Numba types them: a dtype given as
a string, Numba's TypingError (with each argument's Numba type) for shapes its templates do
not match, and the kernel's type annotation (`overloads[...]._type_annotation.typemap`)."""
import numpy as np
import pytest

from ujit import cuda, float32, int32, void
from ujit.core.errors import TypingError

GLOBAL_N = 5
GLOBAL_M = 6


def test_string_dtype_and_type_annotation():
    @cuda.jit(void(int32[::1]))
    def f(x):
        s = cuda.shared.array(10, dtype="int32")
        t = cuda.local.array((2, 3), dtype=np.float32)
        t[0, 0] = 1.5
        s[0] = x[0] + int32(t[0, 0])
        x[0] = s[0]

    typemap = next(iter(f.overloads.values()))._type_annotation.typemap
    assert typemap["s"].dtype == int32 and typemap["s"].ndim == 1 and typemap["s"].layout == "C"
    assert typemap["t"].dtype == float32 and typemap["t"].ndim == 2
    assert str(typemap["x"]) == "int32[::1]"
    x = cuda.to_device(np.array([4], dtype=np.int32))
    f[1, 1](x)
    assert x.copy_to_host()[0] == 5


def test_invalid_string_dtype():
    with pytest.raises(TypingError, match="Invalid NumPy dtype specified: 'int33'"):
        @cuda.jit(void(int32[::1]))
        def f(x):
            s = cuda.shared.array(10, dtype="int33")
            x[0] = s[0]


def shape_from_array(A):
    sa = cuda.shared.array(shape=A[0], dtype=float32)
    A[0] = sa[0]


def shape_tuple_with_array(A):
    sa = cuda.shared.array(shape=(1, A[0]), dtype=float32)
    A[0, 0] = sa[0, 0]


def shape_list(A):
    sa = cuda.shared.array(shape=[GLOBAL_N, GLOBAL_M], dtype=float32)
    A[0, 0] = sa[0, 0]


def local_positional(A):
    la = cuda.local.array(A[0], float32)
    A[0] = la[0]


@pytest.mark.parametrize("fn, sig, expected", [
    (shape_from_array, (float32[:],), "shared.array>) found for signature:\n \n >>> array(shape=float32, "
                                      "dtype=class(float32))"),
    (shape_from_array, (int32[:],), ">>> array(shape=int32, dtype=class(float32))"),
    (shape_tuple_with_array, (float32[:, :],),
     ">>> array(shape=Tuple(Literal[int](1), array(float32, 1d, A)), dtype=class(float32))"),
    (shape_list, (float32[:, :],), ">>> array(shape=list(int64)<iv=[5, 6]>, dtype=class(float32))"),
    (local_positional, (int32[:],), "Function(<function local.array>) found for signature:\n \n "
                                    ">>> array(int32, class(float32))"),
])
def test_shapes_numba_does_not_match(fn, sig, expected):
    with pytest.raises(TypingError) as e:
        cuda.jit(sig)(fn)
    assert "No implementation of function Function(<function " in str(e.value)
    assert expected in str(e.value)
