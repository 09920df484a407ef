"""nparray's views and n-d loops inside CUDA kernels: np.ndindex, np.ndenumerate and np.nditer
loops, np.transpose with axes, np.ravel and np.reshape of a C array, and a.view(dtype), which
allocate nothing. NumPy is the oracle. Without a GPU the kernels run on the CPU (ujit's
stand-in); on a GPU machine the same tests run on the device."""
import numpy as np
import pytest

from ujit import cuda


@cuda.jit
def nd_loops(a, out):
    i = cuda.grid(1)
    if i == 0:
        s = 0.0
        for r, c in np.ndindex(a.shape):
            s += a[r, c] * (r + 1)
        out[0] = s
        t = 0.0
        for idx, v in np.ndenumerate(np.transpose(a)):
            t += v * (idx[0] + 1)
        out[1] = t
        u = 0.0
        k = 0
        for w in np.nditer(a):
            u += w.item() * (k + 1)
            k += 1
        out[2] = u


@cuda.jit
def views(a, axes, out, bits):
    i = cuda.grid(1)
    if i < a.size:
        t = a.transpose(axes)
        flat = np.ravel(a)
        out[i] = flat[i] + np.reshape(a, (a.size,))[i] + t[0, 0, 0]
        bits[i] = np.ravel(a.view(np.int64))[i]


def test_nd_loops_in_a_kernel():
    a = np.arange(12.0).reshape(3, 4) - 2.5
    out = np.zeros(3)
    nd_loops[1, 32](a, out)
    rows = np.arange(1, 4)[:, None]
    want = [(a * rows).sum(), (a.T * np.arange(1, 5)[:, None]).sum(),
            sum(v.item() * (k + 1) for k, v in enumerate(np.nditer(a)))]
    np.testing.assert_allclose(out, want, rtol=1e-12)


@pytest.mark.parametrize("axes", [(1, 0, 2), (2, 0, 1), (-1, -2, -3)])
def test_views_in_a_kernel(axes):
    a = np.arange(24.0).reshape(2, 3, 4) * 0.5
    out = np.zeros(a.size)
    bits = np.zeros(a.size, np.int64)
    views[1, 32](a, axes, out, bits)
    np.testing.assert_array_equal(out, a.ravel() * 2 + a.transpose(axes)[0, 0, 0])
    np.testing.assert_array_equal(bits, a.view(np.int64).ravel())
