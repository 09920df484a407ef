"""ujit.cuda without a GPU: the course's device-array cells (notebooks 3, 4 and 6) on the host
device -- kernels and CUDA ufuncs compiled for the CPU, device arrays in host memory,
synchronous streams and events -- checked against NumPy.

These tests need CUDA unavailable. Where it is (CI, most users) they run in this process;
on a GPU machine they are skipped here and test_host_device_suite_in_a_process_without_cuda
runs this file again in a child process with UJIT_DISABLE_CUDA=1, so they mean the same
everywhere."""
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import course_cuda as cc
from ujit import cuda

host_device = pytest.mark.skipif(
    cuda.is_available(), reason="CUDA is available: these run in a child process with UJIT_DISABLE_CUDA=1")


def test_host_device_suite_in_a_process_without_cuda():
    if not cuda.is_available():
        pytest.skip("CUDA is unavailable here: the host device's tests run in this process")
    env = dict(os.environ, UJIT_DISABLE_CUDA="1")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", os.path.abspath(__file__)],
                       env=env, capture_output=True, text=True, timeout=600, cwd=os.path.dirname(__file__))
    assert r.returncode == 0 and " passed" in r.stdout, r.stdout[-6000:] + r.stderr[-3000:]


# ---------------------------------------------------------------- notebook 3: kernels


@host_device
def test_add_kernel_on_device_arrays():
    n = 100_000
    x = np.arange(n, dtype=np.float32)
    y = 2 * x
    x_device = cuda.to_device(x)
    y_device = cuda.to_device(y)
    out_device = cuda.device_array_like(x)
    cc.add_kernel[30, 128](x_device, y_device, out_device)
    cuda.synchronize()
    np.testing.assert_array_equal(out_device.copy_to_host(), x + y)
    out = np.empty_like(x)
    assert out_device.copy_to_host(out) is out
    np.testing.assert_array_equal(out, x + y)


@host_device
def test_kernel_mixes_device_arrays_host_arrays_and_writes_in_place():
    x = np.linspace(-1, 1, 1000, dtype=np.float32)
    d_x = cuda.to_device(x)
    host_out = np.zeros_like(x)
    cc.add_kernel[4, 64](d_x, x, host_out)  # a host array beside a device array
    np.testing.assert_array_equal(host_out, 2 * x)
    cc.add_kernel[4, 64](d_x, d_x, d_x)  # in place: the device array itself changes
    np.testing.assert_array_equal(d_x.copy_to_host(), 2 * x)
    np.testing.assert_array_equal(x, np.linspace(-1, 1, 1000, dtype=np.float32))  # a copy, not a view


@host_device
def test_atomics_histogram_and_shared_memory_on_device_arrays():
    counter = cuda.to_device(np.zeros(1, dtype=np.int32))
    cc.thread_counter_safe[64, 64](counter)
    assert counter.copy_to_host()[0] == 64 * 64

    x = np.random.default_rng(3).normal(size=100_000).astype(np.float32)
    hist = cuda.to_device(np.zeros(10, dtype=np.int32))
    cc.cuda_histogram[64, 128](cuda.to_device(x), np.float32(-4.0), np.float32(4.0), hist)
    # The course kernel's arithmetic, as Numba types it (test_cuda.py's test_histogram says why).
    b = ((x - np.float32(-4.0)).astype(np.float64) / (8.0 / 10)).astype(np.int32)
    np.testing.assert_array_equal(hist.copy_to_host(), np.bincount(b[(b >= 0) & (b < 10)], minlength=10))

    a = np.arange(256 * 128, dtype=np.float32).reshape(256, 128)
    a_in = cuda.to_device(a)
    a_out = cuda.device_array((128, 256), dtype=np.float32)
    cc.tile_transpose[(128 // 32, 256 // 32), (32, 32)](a_in, a_out)
    np.testing.assert_array_equal(a_out.copy_to_host(), a.T)


# ---------------------------------------------------------------- notebook 4: memory management


@host_device
def test_cuda_ufunc_on_device_arrays_returns_device_arrays():
    n = 100_000
    x = np.arange(n).astype(np.float32)
    y = 2 * x
    x_device, y_device = cuda.to_device(x), cuda.to_device(y)
    out_device = cuda.device_array(shape=(n,), dtype=np.float32)
    assert cc.add_ufunc(x_device, y_device, out=out_device) is out_device
    np.testing.assert_array_equal(out_device.copy_to_host(), x + y)
    r = cc.add_ufunc(x_device, y_device)
    assert isinstance(r, cuda.DeviceNDArray) and r.shape == (n,) and r.dtype == np.float32
    np.testing.assert_array_equal(r.copy_to_host(), x + y)
    assert isinstance(cc.add_ufunc(x, y), np.ndarray)  # host in, host out, as before


@host_device
def test_make_pulses_chain_stays_on_the_device():
    t = np.arange(10_000, dtype=np.float32)
    d_t = cuda.to_device(t)
    d_pulses = cc.make_pulses(d_t, np.float32(50.0), np.float32(100.0))
    d_noisy = cc.add_ufunc(d_pulses, d_pulses)
    assert isinstance(d_pulses, cuda.DeviceNDArray) and isinstance(d_noisy, cuda.DeviceNDArray)
    want = 2 * np.maximum(np.sin(t / np.float32(50)) - 0.3, 0.0) * 100
    np.testing.assert_allclose(d_noisy.copy_to_host(), want, rtol=1e-4, atol=1e-3)


@host_device
def test_ufunc_with_a_device_function_on_device_arrays():
    rng = np.random.default_rng(2)
    r1, t1, r2, t2 = (rng.uniform(0.5, 2, 256).astype(np.float32) for _ in range(4))
    got = cc.polar_distance(*(cuda.to_device(a) for a in (r1, t1, r2, t2)))
    assert isinstance(got, cuda.DeviceNDArray)
    x1, y1, x2, y2 = r1 * np.cos(t1), r1 * np.sin(t1), r2 * np.cos(t2), r2 * np.sin(t2)
    np.testing.assert_allclose(got.copy_to_host(), np.hypot(x1 - x2, y1 - y2), rtol=1e-5, atol=1e-6)


@host_device
def test_cuda_gufunc_on_device_arrays():
    rng = np.random.default_rng(3)
    a = rng.uniform(-1, 1, (1000, 2, 2)).astype(np.float32)
    b = rng.uniform(-1, 1, (1000, 2, 2)).astype(np.float32)
    da, db = cuda.to_device(a), cuda.to_device(b)
    dc = cc.batch_matrix_mult(da, db)
    assert isinstance(dc, cuda.DeviceNDArray) and dc.shape == (1000, 2, 2)
    np.testing.assert_allclose(dc.copy_to_host(), np.matmul(a, b), rtol=1e-5, atol=1e-6)
    out = cuda.device_array((1000, 2, 2), np.float32)
    assert cc.batch_matrix_mult(da, db, out=out) is out
    np.testing.assert_allclose(out.copy_to_host(), np.matmul(a, b), rtol=1e-5, atol=1e-6)


# ---------------------------------------------------------------- device arrays themselves


@host_device
def test_device_arrays_copy_view_and_convert():
    a = np.arange(12, dtype=np.float64).reshape(3, 4)
    d = cuda.to_device(a)
    assert d.shape == (3, 4) and d.strides == (32, 8) and d.dtype == np.float64 and d.size == 12
    np.testing.assert_array_equal(np.asarray(d), a)  # __array__
    f = cuda.device_array_like(np.asfortranarray(a))
    assert f.is_f_contiguous() and not f.is_c_contiguous()
    f.copy_to_device(a)
    np.testing.assert_array_equal(f.copy_to_host(), a)
    e = cuda.device_array_like(d)
    e.copy_to_device(d)  # device to device
    np.testing.assert_array_equal(e.copy_to_host(), a)
    assert cuda.to_device(d) is d
    with pytest.raises(ValueError, match="copy_to_host"):
        d.copy_to_host(np.empty((4, 3)))


@host_device
def test_device_arrays_say_they_live_in_host_memory():
    d = cuda.to_device(np.arange(6, dtype=np.float32))
    assert d.__dlpack_device__() == (1, 0)  # kDLCPU
    view = np.from_dlpack(d)  # zero-copy: the device array's own memory
    np.testing.assert_array_equal(view, np.arange(6, dtype=np.float32))
    d.copy_to_device(np.full(6, 42.0, np.float32))
    assert (view == 42.0).all()  # NumPy's DLPack views are read-only, but they see the memory
    with pytest.raises(AttributeError, match="host memory"):
        d.__cuda_array_interface__
    assert not hasattr(d, "__cuda_array_interface__")  # what CuPy and PyTorch look for
    assert cuda.is_cuda_array(d)


# ---------------------------------------------------------------- streams, events, device query


@host_device
def test_streams_and_events_are_synchronous_and_timed():
    stream = cuda.stream()
    x = np.arange(4096, dtype=np.float32)
    d_x = cuda.to_device(x, stream=stream)
    d_out = cuda.device_array(x.shape, np.float32, stream=stream)
    start, end = cuda.event(), cuda.event()
    start.record(stream)
    cc.add_kernel[16, 256, stream](d_x, d_x, d_out)
    time.sleep(0.02)
    end.record(stream)
    assert stream.query()
    stream.synchronize()
    end.synchronize()
    assert 19.0 <= cuda.event_elapsed_time(start, end) < 10_000.0
    out = d_out.copy_to_host(stream=stream)
    np.testing.assert_array_equal(out, 2 * x)
    with stream.auto_synchronize():
        d_y = cuda.to_device(x, stream=stream)
    np.testing.assert_array_equal(d_y.copy_to_host(), x)
    cuda.synchronize()
    cuda.close()


@host_device
def test_device_query_reports_the_host_device():
    assert not cuda.is_available()
    assert cuda.list_devices() == []
    dev = cuda.get_current_device()
    assert isinstance(dev, cuda.HostDevice)
    assert dev.compute_capability == (0, 0) and dev.MAX_THREADS_PER_BLOCK == 1024 and dev.WARP_SIZE == 32
    assert dev.MULTIPROCESSOR_COUNT >= 1
    assert cuda.unavailable_reason() in repr(dev)
    with pytest.raises(cuda.CudaSupportError, match="CUDA is unavailable"):
        cuda.select_device(0)
