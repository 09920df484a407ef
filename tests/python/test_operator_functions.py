"""operator's functions as values in compiled code (`op = operator.add`, then `op(a, b)` in a
kernel or an @njit function), as Numba types them: the operator itself. Python's operator
module is the oracle."""
import operator

import numpy as np
import pytest

from ujit import cuda, njit

BINARY = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
          operator.pow, operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge]


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.__name__)
def test_binary_operators_in_a_kernel(op):
    @cuda.jit
    def foo(out, a, b):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = op(a[i], b[i])

    a = np.array([3.0, -7.5, 2.0, 9.0])
    b = np.array([2.0, 2.0, 0.5, 9.0])
    out = np.zeros(4)
    foo[1, 32](out, a, b)
    # A GPU's pow (libdevice) may differ from the C library's in the last bit, as on Numba.
    assert out.tolist() == pytest.approx([float(op(x, y)) for x, y in zip(a.tolist(), b.tolist())], rel=4e-16)


neg, invert, iadd, getitem = operator.neg, operator.invert, operator.iadd, operator.getitem


@njit
def unary_and_inplace(x, k, arr):
    iadd(arr, 1)  # in place on an array
    return neg(x), invert(k), getitem(arr, 1), iadd(k, 2)


def test_unary_inplace_and_getitem_in_njit():
    arr = np.arange(3)
    assert unary_and_inplace(2.5, 5, arr) == (-2.5, ~5, 2, 7)
    assert arr.tolist() == [1, 2, 3]
