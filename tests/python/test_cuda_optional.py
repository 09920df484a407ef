"""Numba's Optional(T) in CUDA code: a device function returning a value or None, tested with
`is None` in the kernel, as numba-cuda compiles it (its Optional lowering is Numba's). Runs on
the CPU without a GPU, on the GPU with one. The oracle: the same functions run by CPython."""
import numpy as np

from ujit import cuda


def positive_half(x):
    if x > 0:
        return x / 2
    return None


device_positive_half = cuda.jit(device=True)(positive_half)


@cuda.jit
def halves_or_minus_one(a, out):
    i = cuda.grid(1)
    if i < a.size:
        r = device_positive_half(a[i])
        if r is None:
            out[i] = -1.0
        else:
            out[i] = r


def test_a_device_function_returning_optional():
    a = np.array([4.0, -2.0, 0.0, 7.0, -0.5])
    out = np.zeros_like(a)
    halves_or_minus_one[1, 32](a, out)
    expected = [-1.0 if positive_half(x) is None else positive_half(x) for x in a]
    assert out.tolist() == expected
