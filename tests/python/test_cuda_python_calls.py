"""CUDA calls from Python that run from C once Python has resolved them (issue 25, issue 22
item 2): device arrays read by the C half of DeviceNDArray, CUDA @vectorize calls on device
arrays; their attributes and results checked against NumPy on the same data."""
import gc
import sys
import warnings

import numpy as np
import pytest

from ujit import cuda, vectorize


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("host", [np.arange(12.0).reshape(3, 4), np.zeros((2, 3), np.float32, order="F"),
                                  np.array(5, np.int16), np.zeros(3, np.complex64), np.ones(7, np.bool_)])
def test_device_array_geometry_is_numpys(host):
    d = cuda.to_device(host)
    assert (d.shape, d.strides, d.dtype, d.nbytes, d.size, d.ndim) == (
        host.shape, host.strides, host.dtype, host.nbytes, host.size, host.ndim)
    assert d.alloc_size == host.nbytes
    assert isinstance(d.shape, tuple) and isinstance(d.dtype, np.dtype)
    np.testing.assert_array_equal(d.copy_to_host(), host)


def test_views_report_numpys_geometry_and_the_base_allocation():
    host = np.arange(60.0).reshape(5, 12)
    d = cuda.to_device(host)
    for key in (np.s_[:, ::2], np.s_[1:3], np.s_[::-1, 3], np.s_[2]):
        v, h = d[key], host[key]
        assert (v.shape, v.strides, v.nbytes) == (h.shape, h.strides, h.nbytes)
        assert v.alloc_size == host.nbytes  # Numba: the allocation the view lies in
        np.testing.assert_array_equal(v.copy_to_host(), h)
    t = d.T
    assert (t.shape, t.strides) == (host.T.shape, host.T.strides)
    v = d[2:, 3:]
    assert v._ptr == d._ptr + 2 * host.strides[0] + 3 * host.strides[1]


def test_copy_of_a_device_array_shares_its_memory():
    import copy

    d = cuda.to_device(np.arange(4.0))
    e = copy.copy(d)
    assert e is not d and e._h is d._h and (e.shape, e.dtype, e.alloc_size) == (d.shape, d.dtype, d.alloc_size)
    np.testing.assert_array_equal(e.copy_to_host(), np.arange(4.0))


def test_device_array_constructor_checks_its_handle():
    from ujit.cuda._devicearray import DeviceNDArray

    with pytest.raises(TypeError):
        DeviceNDArray(np.zeros(3))
    d = cuda.device_array(3)
    e = DeviceNDArray(d._h, 0, 96)
    assert e.alloc_size == 96 and e.stream == 0 and e.shape == (3,)
    with pytest.raises(AttributeError):
        e._h = None  # the handle is fixed: a launch trusts it


@vectorize(["float32(float32, float32)", "float64(float64, float64)", "int64(int64, int64)"], target="cuda")
def add(x, y):
    return x + y


def test_repeated_ufunc_calls_follow_dtypes_and_shapes():
    """After the first call through Python a dtype combination runs from C: other dtypes,
    shapes, layouts and out= must still get NumPy's results."""
    for dtype in (np.float32, np.float64, np.int64, np.float32):
        for shape in ((1000,), (3, 5), (0,)):
            x = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)
            dx, dy = cuda.to_device(x), cuda.to_device(x * 2)
            for _ in range(3):
                r = add(dx, dy)
                assert type(r).__name__ == "DeviceNDArray" and r.dtype == dtype and r.shape == shape
                np.testing.assert_array_equal(r.copy_to_host(), x + x * 2)
            out = cuda.device_array(shape, dtype)
            for _ in range(2):
                assert add(dx, dy, out=out) is out
                np.testing.assert_array_equal(out.copy_to_host(), x + x * 2)
    f = cuda.to_device(np.asfortranarray(np.arange(6.0).reshape(2, 3)))
    np.testing.assert_array_equal(add(f, f).copy_to_host(), np.arange(6.0).reshape(2, 3) * 2)
    np.testing.assert_array_equal(add(f, f).copy_to_host(), np.arange(6.0).reshape(2, 3) * 2)


def test_ufunc_errors_after_fast_calls():
    d = cuda.to_device(np.arange(4.0))
    add(d, d)
    add(d, d)
    with pytest.raises(TypeError, match="no matching version"):
        add(d, cuda.to_device(np.arange(4, dtype=np.int16)))  # casting='no', as Numba
    with pytest.raises(TypeError):
        add(d)
    with pytest.raises(TypeError):
        add(d, d, where=True)
    with pytest.raises(TypeError, match=r"shape \(3,\)|shape \(4,\)"):
        add(d, d, out=cuda.device_array(3))  # the shape named (the GPU's and the host device's words differ)
    with pytest.raises(TypeError):
        add(d, d, stream=1)
    np.testing.assert_array_equal(add(d, d).copy_to_host(), np.arange(4.0) * 2)


def test_ufunc_streams_scalars_and_host_arrays_still_work():
    x = np.arange(8.0)
    d = cuda.to_device(x)
    add(d, d)
    s = cuda.stream()
    r = add(d, d, stream=s)
    s.synchronize()
    assert r.stream is s
    np.testing.assert_array_equal(r.copy_to_host(), x * 2)
    np.testing.assert_array_equal(add(d, 1.5).copy_to_host(), x + 1.5)
    np.testing.assert_array_equal(add(x, x), x * 2)  # host in, host out
    np.testing.assert_array_equal(add(d, d, stream=0, out=None).copy_to_host(), x * 2)


def test_ufunc_calls_on_a_stream_run_from_c(monkeypatch):
    x = np.arange(8.0)
    d = cuda.to_device(x)
    s = cuda.stream()
    add(d, d, stream=s)
    calls = []
    real = add._call
    monkeypatch.setattr(add, "_call", lambda *a, **k: calls.append(a) or real(*a, **k), raising=False)
    for k in range(3):
        r = add(d, d, stream=s)
        assert r.stream is s  # the result lives on the call's stream, as in Numba
        out = cuda.device_array(8)
        assert add(d, d, out=out, stream=s) is out
        s.synchronize()
        np.testing.assert_array_equal(r.copy_to_host(), x * 2)
        np.testing.assert_array_equal(out.copy_to_host(), x * 2)
    assert calls == []
    with pytest.raises(TypeError, match="stream must be"):
        add(d, d, stream="default")  # not a stream: the Python call's error


def test_ufunc_calls_keep_no_references():
    from ujit.cuda._devicearray import DeviceNDArray

    d = cuda.to_device(np.arange(16, dtype=np.float32))
    out = cuda.device_array(16, np.float32)
    add(d, d)
    gc.collect()
    arrays = sum(isinstance(o, DeviceNDArray) for o in gc.get_objects())
    refs = sys.getrefcount(d), sys.getrefcount(out)
    for _ in range(300):
        add(d, d)
        add(d, d, out=out)
    gc.collect()
    assert (sys.getrefcount(d), sys.getrefcount(out)) == refs
    assert sum(isinstance(o, DeviceNDArray) for o in gc.get_objects()) == arrays


@vectorize(["float32(float32, float32, float32)", "float64(float64, float64, float64)",
            "int16(int16, int16, int16)"], target="cuda")
def axpb(x, a, b):
    return a * x + b


def test_ufunc_calls_with_numbers_run_from_c(monkeypatch):
    """Numbers beside device arrays take the loop's dtype (numba.cuda: loop_dtype.type(x)); a
    call with the number kinds of one before runs from C, with new values each time."""
    x32 = np.arange(6, dtype=np.float32)
    d32 = cuda.to_device(x32)
    axpb(d32, 2.0, 1.0)
    calls = []
    real = axpb._call
    monkeypatch.setattr(axpb, "_call", lambda *a, **k: calls.append(a) or real(*a, **k), raising=False)
    for a, b in ((3.0, -1.5), (0.25, 1e-3), (np.float32(2.0), 5.0)):
        r = axpb(d32, a, b)
        assert r.dtype == np.float32
        np.testing.assert_array_equal(r.copy_to_host(), np.float32(a) * x32 + np.float32(b))
    assert len(calls) == 1  # np.float32(2.0): another number kind, through Python once
    d16 = cuda.to_device(np.arange(6, dtype=np.int16))
    for b in (15, -3, True):
        np.testing.assert_array_equal(axpb(d16, 2, b).copy_to_host(), np.int16(2) * np.arange(6, dtype=np.int16) + np.int16(b))
    big = 100000  # outside int16: left to the Python call, which does what NumPy's conversion does
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expect = np.int16(2) * np.arange(6, dtype=np.int16) + np.int16(big)
    except OverflowError:
        with pytest.raises(OverflowError):
            axpb(d16, 2, big)
    else:
        np.testing.assert_array_equal(axpb(d16, 2, big).copy_to_host(), expect)
    with pytest.raises(TypeError):
        axpb(d32, 1.0, 2.0, 3.0)  # four inputs
