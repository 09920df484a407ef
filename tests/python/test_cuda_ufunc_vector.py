"""CUDA ufunc loops move 16-byte vectors where every operand is aligned to one and a scalar
tail after them, the scalar loop otherwise (codegen/ufunc_loop.cpp, checked at each launch).
Both must give NumPy's results for every length (a tail of 0..3 elements), every offset of
a device view (aligned or not, per operand), strided views (copied to contiguous first),
scalar operands (a 16-byte buffer read as one vector) and an output view at an odd offset.
On the host device the CPU loop runs the same calls; on a GPU machine the PTX does."""
import math

import numpy as np
import pytest

from ujit import cuda, vectorize


@vectorize(["float32(float32, float32)", "float64(float64, float64)", "int8(int8, int8)"], target="cuda")
def vadd(x, y):
    return x + y


@vectorize(["float64(float32)"], target="cuda")
def widen(x):
    return x * 0.5


@vectorize(["float64(float64, float64, float64)", "float32(float32, float32, float32)"], target="cuda")
def axpy(a, x, y):
    return a * x + y


@vectorize(["float32(float32, float32, float32)"], target="cuda")
def gaussian_pdf(x, mean, sigma):
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))


LENGTHS = [1, 2, 3, 4, 5, 7, 8, 9, 1023, 1024, 1025, 4099]
DTYPES = [np.float32, np.float64, np.int8]


def _data(n, dtype, seed):
    r = np.random.default_rng(seed).integers(-50, 50, n)
    return (r / 4).astype(dtype) if dtype != np.int8 else r.astype(np.int8)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", LENGTHS)
def test_every_length_and_tail(n, dtype):
    x, y = _data(n, dtype, 1), _data(n, dtype, 2)
    got = vadd(cuda.to_device(x), cuda.to_device(y))
    np.testing.assert_array_equal(got.copy_to_host(), x + y)
    np.testing.assert_array_equal(vadd(x, y), x + y)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("offsets", [(0, 0), (1, 0), (0, 1), (1, 1), (2, 3), (3, 3), (4, 0)])
def test_device_views_at_any_offset(offsets, dtype):
    n = 1029
    x, y = _data(n + 8, dtype, 3), _data(n + 8, dtype, 4)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    a, b = offsets
    got = vadd(dx[a:a + n], dy[b:b + n])
    np.testing.assert_array_equal(got.copy_to_host(), x[a:a + n] + y[b:b + n])


@pytest.mark.parametrize("out_offset", [0, 1, 2, 4])
def test_output_view_at_an_offset(out_offset):
    n = 1001
    x, y = _data(n, np.float32, 5), _data(n, np.float32, 6)
    out = cuda.to_device(np.full(n + 8, -1, np.float32))
    vadd(cuda.to_device(x), cuda.to_device(y), out=out[out_offset:out_offset + n])
    expect = np.full(n + 8, -1, np.float32)
    expect[out_offset:out_offset + n] = x + y
    np.testing.assert_array_equal(out.copy_to_host(), expect)


def test_strided_views_and_scalars():
    x = _data(4 * 333 + 3, np.float32, 7)
    d = cuda.to_device(x)
    np.testing.assert_array_equal(vadd(d[1::3], np.float32(2.5)).copy_to_host(), x[1::3] + np.float32(2.5))
    np.testing.assert_array_equal(vadd(np.float32(-1), d[::-1]).copy_to_host(), np.float32(-1) + x[::-1])


@pytest.mark.parametrize("n", [1, 6, 1027])
def test_two_elements_per_access_when_the_output_is_wider(n):
    x = _data(n + 1, np.float32, 8)
    for offset in (0, 1):  # aligned: vectors of 2; odd: the scalar loop
        got = widen(cuda.to_device(x)[offset:offset + n])
        np.testing.assert_array_equal(got.copy_to_host(), x[offset:offset + n].astype(np.float64) * 0.5)


@pytest.mark.parametrize("n", [5, 1030])
def test_gaussian_pdf_with_scalar_mean_and_sigma(n):
    x = np.linspace(-3, 3, n + 1).astype(np.float32)
    mean, sigma = np.float32(0.5), np.float32(1.5)
    got = [gaussian_pdf(cuda.to_device(x)[offset:offset + n], mean, sigma).copy_to_host() for offset in (0, 1)]
    # The vector lanes and the scalar loop compute each element alike: the same x at
    # offsets 0 and 1 gives the same values, shifted by one.
    np.testing.assert_array_equal(got[0][1:], got[1][:-1])
    v = x[:n].astype(np.float64)
    ref = np.exp(-0.5 * ((v - 0.5) / 1.5) ** 2) / (1.5 * math.sqrt(2 * math.pi))
    np.testing.assert_allclose(got[0], ref, rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [3, 1030])
def test_scalar_operands_read_as_vectors(n, dtype):
    x, y = _data(n + 1, dtype, 9), _data(n + 1, dtype, 10)
    a = dtype(1.5)
    for offset in (0, 1):
        dx, dy = cuda.to_device(x)[offset:offset + n], cuda.to_device(y)[offset:offset + n]
        expect = a * x[offset:offset + n] + y[offset:offset + n]
        np.testing.assert_array_equal(axpy(a, dx, dy).copy_to_host(), expect)
        np.testing.assert_array_equal(axpy(dx, a, dy).copy_to_host(), x[offset:offset + n] * a + y[offset:offset + n])
        np.testing.assert_array_equal(axpy(a, dx, dtype(-2)).copy_to_host(), a * x[offset:offset + n] + dtype(-2))


@pytest.mark.parametrize("n", [8193, 300_001, 1_000_003])
def test_long_loops_split_among_work_items(n):
    # Without a GPU the loop kernel runs on the CPU's work-items, each a contiguous part of
    # the elements (whole cache lines); parts end mid-vector and the last one is short.
    x, y = _data(n, np.float32, 11), _data(n, np.float32, 12)
    np.testing.assert_array_equal(vadd(cuda.to_device(x), cuda.to_device(y)).copy_to_host(), x + y)
    np.testing.assert_array_equal(axpy(np.float32(2), cuda.to_device(x), y).copy_to_host(), np.float32(2) * x + y)


def test_in_place_output_that_is_an_input():
    x, y = _data(5003, np.float64, 13), _data(5003, np.float64, 14)
    dx = cuda.to_device(x)
    vadd(dx, cuda.to_device(y), out=dx)
    np.testing.assert_array_equal(dx.copy_to_host(), x + y)
