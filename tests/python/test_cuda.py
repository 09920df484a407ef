"""ujit.cuda: the course's GPU cells (marked gpu: skipped with the reason where no CUDA
device is usable), and what works without a GPU (PTX, the ufuncs' CPU fallback)."""
import math

import numpy as np
import pytest

import course_cuda as cc
from ujit import cuda

gpu = pytest.mark.gpu


# ---------------------------------------------------------------- everywhere


def test_cuda_ufunc_gives_results_with_or_without_a_gpu():
    a = np.arange(1000, dtype=np.float32)
    got = cc.add_ufunc(a, a)
    assert isinstance(got, np.ndarray)  # host in, host out
    np.testing.assert_array_equal(got, a + a)


def _matrices(n, seed=3):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-1, 1, (n, 2, 2)).astype(np.float32), rng.uniform(-1, 1, (n, 2, 2)).astype(np.float32))


def test_cuda_gufunc_gives_results_with_or_without_a_gpu():
    a, b = _matrices(1000)
    got = cc.batch_matrix_mult(a, b)
    assert isinstance(got, np.ndarray) and got.shape == (1000, 2, 2) and got.dtype == np.float32
    np.testing.assert_allclose(got, np.matmul(a, b), rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="core dimension"):
        cc.batch_matrix_mult(a, np.zeros((1000, 3, 2), np.float32))


def test_device_function_in_a_cuda_ufunc():
    rng = np.random.default_rng(2)
    r1, t1, r2, t2 = (rng.uniform(0.5, 2, 256).astype(np.float32) for _ in range(4))
    got = cc.polar_distance(r1, t1, r2, t2)
    x1, y1, x2, y2 = r1 * np.cos(t1), r1 * np.sin(t1), r2 * np.cos(t2), r2 * np.sin(t2)
    np.testing.assert_allclose(got, np.hypot(x1 - x2, y1 - y2), rtol=1e-5, atol=1e-6)


def test_kernels_compile_to_ptx_without_a_gpu():
    ptx = cc.add_kernel.inspect_asm("void(float32[::1], float32[::1], float32[::1])")
    assert ".entry" in ptx and "add_kernel" in ptx


@pytest.mark.parametrize("kernel, sig", [
    ("cuda_histogram", "void(float32[::1], float32, float32, int32[::1])"),
    ("tile_transpose", "void(float32[:, ::1], float32[:, ::1])"),
    ("thread_counter_safe", "void(int32[::1])"),
])
def test_course_kernels_compile_to_ptx(kernel, sig):
    ptx = getattr(cc, kernel).inspect_asm(sig)
    assert ".entry" in ptx
    if kernel == "tile_transpose":
        assert ".shared" in ptx and "bar.sync" in ptx
    if kernel != "tile_transpose":
        assert "atom" in ptx


def test_device_function_is_not_callable_from_python():
    with pytest.raises(TypeError, match="device function"):
        cc.polar_to_cartesian(1.0, 2.0)


def test_kernel_needs_a_launch_configuration():
    with pytest.raises(ValueError, match="launch configuration"):
        cc.add_kernel(np.zeros(1), np.zeros(1), np.zeros(1))


def test_cuda_ufunc_out_argument_on_the_host():
    a = np.arange(10, dtype=np.float32)
    out = np.empty_like(a)
    assert cc.add_ufunc(a, a, out=out) is out
    np.testing.assert_array_equal(out, 2 * a)


def test_device_memory_without_cuda_is_host_memory():
    # The host device (test_cuda_host_device.py has the course's cells on it).
    if cuda.is_available():
        pytest.skip("CUDA is available here")
    d = cuda.to_device(np.arange(3.0))
    assert d.__dlpack_device__() == (1, 0)
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(3.0))
    assert cuda.device_array(3).shape == (3,)
    assert cuda.list_devices() == []


def test_is_available_and_detect_agree(capsys):
    assert cuda.detect() == cuda.is_available()
    if not cuda.is_available():
        assert cuda.unavailable_reason() in capsys.readouterr().out


# ---------------------------------------------------------------- on a GPU


@gpu
def test_add_kernel_grid_stride_on_device_arrays():
    n = 100_000
    x = np.arange(n, dtype=np.float32)
    y = 2 * x
    d_x, d_y = cuda.to_device(x), cuda.to_device(y)
    d_out = cuda.device_array_like(d_x)
    cc.add_kernel[30, 128](d_x, d_y, d_out)
    cuda.synchronize()
    out = np.empty_like(x)
    d_out.copy_to_host(out)
    np.testing.assert_array_equal(out, x + y)


@gpu
def test_add_kernel_with_host_arrays_copies_back():
    x = np.arange(1000, dtype=np.float32)
    out = np.zeros_like(x)
    cc.add_kernel[4, 64](x, x, out)
    np.testing.assert_array_equal(out, 2 * x)


@gpu
def test_launch_on_a_stream():
    s = cuda.stream()
    x = np.arange(4096, dtype=np.float32)
    d_x = cuda.to_device(x, stream=s)
    d_out = cuda.device_array(x.shape, np.float32, stream=s)
    cc.add_kernel[16, 256, s](d_x, d_x, d_out)
    out = d_out.copy_to_host(stream=s)
    s.synchronize()
    np.testing.assert_array_equal(out, 2 * x)


@gpu
def test_cuda_ufunc_on_device_arrays_returns_a_device_array():
    a = np.arange(10_000, dtype=np.float32)
    d_a = cuda.to_device(a)
    d_r = cc.add_ufunc(d_a, d_a)
    assert isinstance(d_r, cuda.DeviceNDArray)
    np.testing.assert_array_equal(d_r.copy_to_host(), 2 * a)
    d_out = cuda.device_array_like(d_a)
    cc.add_ufunc(d_a, d_a, out=d_out)
    np.testing.assert_array_equal(d_out.copy_to_host(), 2 * a)


@gpu
def test_make_pulses_and_add_ufunc_chain_on_the_gpu():
    t = np.arange(10_000, dtype=np.float32)
    d_t = cuda.to_device(t)
    d_pulses = cc.make_pulses(d_t, np.float32(50.0), np.float32(100.0))
    d_noisy = cc.add_ufunc(d_pulses, d_pulses)
    want = 2 * np.maximum(np.sin(t / np.float32(50)) - 0.3, 0.0) * 100
    np.testing.assert_allclose(d_noisy.copy_to_host(), want, rtol=1e-4, atol=1e-3)


@gpu
def test_atomics_count_every_thread():
    counter = cuda.to_device(np.zeros(1, dtype=np.int32))
    cc.thread_counter_safe[64, 64](counter)
    assert counter.copy_to_host()[0] == 64 * 64


@gpu
def test_histogram():
    x = np.random.default_rng(3).normal(size=100_000).astype(np.float32)
    hist = np.zeros(10, dtype=np.int32)
    cc.cuda_histogram[64, 128](x, np.float32(-4.0), np.float32(4.0), hist)
    # The course kernel's own arithmetic, as Numba types it: bin_width = float32 8.0 / int64
    # 10 is float64, and np.int32(...) truncates toward zero, so values just below xmin
    # (in (-4.8, -4.0)) land in bin 0 -- unlike np.histogram, which drops them.
    b = ((x - np.float32(-4.0)).astype(np.float64) / (8.0 / 10)).astype(np.int32)
    want = np.bincount(b[(b >= 0) & (b < 10)], minlength=10)
    assert (hist == want).all()


@gpu
def test_tile_transpose_shared_memory():
    a = np.arange(256 * 128, dtype=np.float32).reshape(256, 128)
    d_a = cuda.to_device(a)
    d_t = cuda.device_array((128, 256), dtype=np.float32)
    cc.tile_transpose[(128 // 32, 256 // 32), (32, 32)](d_a, d_t)
    np.testing.assert_array_equal(d_t.copy_to_host(), a.T)


@gpu
def test_device_array_exports_cuda_array_interface_and_dlpack():
    d = cuda.to_device(np.arange(6, dtype=np.float64).reshape(2, 3))
    iface = d.__cuda_array_interface__
    assert iface["shape"] == (2, 3) and iface["typestr"] == "<f8" and iface["version"] == 3
    assert iface["data"][0] != 0
    assert d.__dlpack_device__()[0] == 2
    assert d.copy_to_host().tolist() == [[0, 1, 2], [3, 4, 5]]


@gpu
def test_current_device():
    dev = cuda.get_current_device()
    assert dev.compute_capability[0] >= 3
    assert dev.MAX_THREADS_PER_BLOCK >= 512


@gpu
def test_cupy_arrays_are_kernel_arguments_zero_copy():
    cp = pytest.importorskip("cupy")
    x = cp.arange(1000, dtype=cp.float32)
    out = cp.zeros_like(x)
    cc.add_kernel[8, 128](x, x, out)
    cuda.synchronize()
    assert cp.asnumpy(out).tolist() == (2 * np.arange(1000, dtype=np.float32)).tolist()
    d = cuda.as_cuda_array(out)
    assert d.copy_to_host()[10] == 20.0
    back = cp.from_dlpack(cuda.to_device(np.ones(4, np.float32)))
    assert float(back.sum()) == 4.0


@gpu
def test_torch_tensors_are_kernel_arguments_zero_copy():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch sees no CUDA device")
    x = torch.arange(1000, dtype=torch.float32, device="cuda")
    out = torch.zeros_like(x)
    cc.add_kernel[8, 128](x, x, out)
    torch.cuda.synchronize()
    assert torch.equal(out, 2 * x)
    t = torch.from_dlpack(cuda.to_device(np.ones(3, np.float32)))
    assert float(t.sum()) == 3.0


@gpu
def test_cuda_gufunc_on_device_arrays_returns_device_arrays():
    a, b = _matrices(100_000)
    da, db = cuda.to_device(a), cuda.to_device(b)
    dc = cc.batch_matrix_mult(da, db)
    assert not isinstance(dc, np.ndarray) and dc.shape == (100_000, 2, 2)
    np.testing.assert_allclose(dc.copy_to_host(), np.matmul(a, b), rtol=1e-5, atol=1e-6)
    out = cuda.device_array((100_000, 2, 2), np.float32)
    assert cc.batch_matrix_mult(da, db, out=out) is out
    np.testing.assert_allclose(out.copy_to_host(), np.matmul(a, b), rtol=1e-5, atol=1e-6)
    # broadcasting the loop dimension: one right-hand matrix for every left-hand one
    c = cc.batch_matrix_mult(da, cuda.to_device(b[:1]))
    np.testing.assert_allclose(c.copy_to_host(), np.matmul(a, b[:1]), rtol=1e-5, atol=1e-6)


@gpu
def test_events_time_a_kernel():
    start, end = cuda.event(), cuda.event()
    d = cuda.to_device(np.arange(100_000, dtype=np.float32))
    start.record()
    cc.add_kernel[64, 256](d, d, d)
    end.record()
    end.synchronize()
    assert cuda.event_elapsed_time(start, end) >= 0.0


@gpu
def test_copy_to_host_out_keyword():
    d = cuda.to_device(np.arange(5, dtype=np.int32))
    out = np.zeros(5, np.int32)
    assert d.copy_to_host(out=out) is out
    assert out.tolist() == [0, 1, 2, 3, 4]


@gpu
def test_numba_gives_the_same_results_where_installed():
    if not hasattr(np, "row_stack"):  # numba-cuda 0.68 still calls it; NumPy 2.x removed it
        np.row_stack = np.vstack
    numba = pytest.importorskip("numba")
    from numba import cuda as numba_cuda

    if not numba_cuda.is_available():
        pytest.skip("Numba sees no CUDA device")
    x = np.linspace(0, 10, 4096, dtype=np.float32)
    ours = cc.make_pulses(x, np.float32(3.0), np.float32(2.0))
    theirs = numba.vectorize(["float32(float32, float32, float32)"], target="cuda")(cc.make_pulses.__wrapped__)
    np.testing.assert_allclose(ours, theirs(x, np.float32(3.0), np.float32(2.0)), rtol=1e-6, atol=1e-7)
    assert math.isfinite(float(ours.sum()))
