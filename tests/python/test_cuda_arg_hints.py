"""cuda.In, cuda.Out, cuda.InOut (numba.cuda.args) and a kernel's `extensions`, as Numba
has them: which copies a launch makes of a host array (numba-cuda's
test_retrieve_autoconverted_arrays)."""

import numpy as np
import pytest

from ujit import cuda, typeof
from ujit.cuda.args import ArgHint, wrap_arg

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


@cuda.jit
def set_to_three(arr):
    arr[0] = 3


@cuda.jit
def copy_first(dst, src):
    dst[0] = src[0]


def test_in_is_not_copied_back():
    a = np.zeros(1, dtype=np.int64)
    set_to_three[1, 1](cuda.In(a))
    assert a[0] == 0


def test_inout_and_a_bare_array_are_copied_back():
    a = np.zeros(1, dtype=np.int64)
    set_to_three[1, 1](cuda.InOut(a))
    assert a[0] == 3
    b = np.zeros(1, dtype=np.int64)
    set_to_three[1, 1](b)
    assert b[0] == 3


def test_out_is_copied_back_and_in_reaches_the_kernel():
    src = np.array([7.5])
    dst = np.zeros(1)
    copy_first[1, 1](cuda.Out(dst), cuda.In(src))
    assert dst[0] == 7.5


def test_a_device_array_in_a_hint_is_used_in_place():
    d = cuda.to_device(np.zeros(1, dtype=np.int64))
    set_to_three[1, 1](cuda.In(d))
    assert d.copy_to_host()[0] == 3


def test_wrap_arg_keeps_a_hint():
    a = np.zeros(1)
    hint = cuda.Out(a)
    assert wrap_arg(hint) is hint
    assert isinstance(wrap_arg(a), cuda.InOut) and wrap_arg(a, default=cuda.In).value is a
    assert isinstance(hint, ArgHint)


class DefaultIn:
    """An extension (Numba's protocol): every argument an In unless it says otherwise."""

    def __init__(self):
        self.seen = []

    def prepare_args(self, ty, val, **kwargs):
        self.seen.append(ty)
        return ty, wrap_arg(val, default=cuda.In)


def test_an_extension_prepares_each_launch_argument():
    k = cuda.jit(set_to_three.py_func)
    ext = DefaultIn()
    k.extensions.append(ext)
    a = np.zeros(1, dtype=np.int64)
    k[1, 1](a)
    k[1, 1](a)  # each launch, not only the first (no launch from C skips it)
    assert a[0] == 0
    assert ext.seen == [typeof(a)] * 2
