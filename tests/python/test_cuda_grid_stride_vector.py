"""A kernel's grid-stride loop over 1-D arrays (out[i] = x[i] + y[i]) runs 16-byte vectors
per thread where every array is aligned, has unit stride and the output does not partially
overlap an input (codegen/grid_stride_vector.hpp, checked at each launch), the scalar loop
otherwise. Both must give NumPy's results, bit for bit: every length (tails, n < 4), device
views at every offset, strided views, out is x, and launch shapes from one thread to more
threads than vectors. On a GPU machine the PTX runs; on the host device the CPU's loops."""
import numpy as np
import pytest

from ujit import cuda


@cuda.jit
def add_kernel(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


@cuda.jit
def axpy(a, x, y, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = a * x[i] + y[i]


def _data(n, dtype, seed):
    return (np.random.default_rng(seed).integers(-500, 500, n) / 8).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 7, 8, 9, 1023, 1025, 4099])
def test_every_length(n, dtype):
    x, y = _data(n, dtype, 1), _data(n, dtype, 2)
    out = cuda.device_array(n, dtype)
    add_kernel[4, 64](cuda.to_device(x), cuda.to_device(y), out)
    np.testing.assert_array_equal(out.copy_to_host(), x + y)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("offsets", [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (2, 2, 2), (3, 1, 2), (4, 4, 4)])
def test_device_views_at_any_offset(offsets, dtype):
    n = 1029
    x, y = _data(n + 8, dtype, 3), _data(n + 8, dtype, 4)
    a, b, c = offsets
    out = cuda.to_device(np.full(n + 8, -1, dtype))
    add_kernel[8, 128](cuda.to_device(x)[a:a + n], cuda.to_device(y)[b:b + n], out[c:c + n])
    expect = np.full(n + 8, -1, dtype)
    expect[c:c + n] = x[a:a + n] + y[b:b + n]
    np.testing.assert_array_equal(out.copy_to_host(), expect)


@pytest.mark.filterwarnings("ignore:Grid size")  # (1, 1) and (1, 3) are on purpose
def test_strided_views_and_launch_shapes():
    x, y = _data(3 * 700, np.float32, 5), _data(3 * 700, np.float32, 6)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    out = cuda.device_array(700, np.float32)
    add_kernel[2, 32](dx[::3], dy[1::3], out)
    np.testing.assert_array_equal(out.copy_to_host(), x[::3] + y[1::3])
    for blocks, threads in [(1, 1), (1, 3), (64, 256)]:
        out = cuda.device_array(1001, np.float64)
        x64, y64 = _data(1001, np.float64, 7), _data(1001, np.float64, 8)
        add_kernel[blocks, threads](cuda.to_device(x64), cuda.to_device(y64), out)
        np.testing.assert_array_equal(out.copy_to_host(), x64 + y64)


def test_output_is_an_input_and_a_scalar_argument():
    n = 4099
    x, y = _data(n, np.float32, 9), _data(n, np.float32, 10)
    dx = cuda.to_device(x)
    add_kernel[16, 64](dx, cuda.to_device(y), dx)
    np.testing.assert_array_equal(dx.copy_to_host(), x + y)
    out = cuda.device_array(n, np.float64)
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    axpy[16, 64](2.0, cuda.to_device(x64), cuda.to_device(y64), out)
    np.testing.assert_array_equal(out.copy_to_host(), 2.0 * x64 + y64)
