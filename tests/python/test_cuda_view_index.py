"""d[key] of device arrays, made in C (ujit/_native/cuda_ndarray_index.c), against NumPy as
the oracle: each view's shape, strides, offset into the memory and elements are NumPy's for
the same key on the same host array; one element is a NumPy scalar copied to the host, as
Numba's DeviceNDArray gives it (issue 21 item 8)."""
import gc

import numpy as np
import pytest

from ujit import cuda


def _check_view(host, d, key):
    want, got = host[key], d[key]
    if np.ndim(want) == 0:
        assert type(got) is type(want) and got == want, key
        return
    assert isinstance(got, type(d)), key
    assert got.shape == want.shape and got.strides == want.strides and got.dtype == want.dtype, key
    assert got._ptr - d._ptr == want.ctypes.data - host.ctypes.data, key
    np.testing.assert_array_equal(got.copy_to_host(), want)
    assert got.alloc_size == d.alloc_size and got.stream is d.stream


ONE_D = [slice(None), slice(100, 1100), slice(2, 9, 3), slice(None, None, -1), slice(-3, None), slice(9, 2, -2),
         slice(5, 2), slice(50, 60), slice(-100, 100), slice(None, 4, -1), slice(0, 0), 0, 3, -1, -20]


@pytest.mark.parametrize("key", ONE_D, ids=repr)
def test_one_axis(key):
    host = np.arange(20, dtype=np.float32)
    _check_view(host, cuda.to_device(host), key)


TWO_D = [(1,), 1, -1, (slice(None), 1), (1, slice(None)), (slice(1, 3), slice(None, None, -2)),
         (slice(None, None, -1), 0), (-1, -1), (2, 3), slice(1, 3), (slice(3, 1), slice(None)), (0, slice(4, 0, -3))]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("key", TWO_D, ids=repr)
def test_two_axes(key, order):
    host = np.asarray(np.arange(24, dtype=np.int16).reshape(4, 6), order=order)
    _check_view(host, cuda.to_device(host), key)


def test_views_of_views_and_of_transposes():
    host = np.arange(60.0).reshape(3, 4, 5)
    d = cuda.to_device(host)
    v, hv = d[1:, ::-1], host[1:, ::-1]
    for key in [(0,), (slice(None), 2), (-1, -1, slice(None, None, 2)), (1, 3, 4), slice(None, None, -1)]:
        _check_view(hv, v, key)
    t, ht = d.T, host.T
    for key in [(slice(None), 1), (4, slice(1, None), 0), (slice(None, None, -2),)]:
        want, got = ht[key], t[key]
        assert got.shape == want.shape and got.strides == want.strides
        np.testing.assert_array_equal(got.copy_to_host(), want)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int8, np.uint64, np.bool_, np.complex64, np.float16])
def test_one_element_is_a_numpy_scalar_of_the_dtype(dtype):
    host = (np.arange(12) % 5).astype(dtype).reshape(3, 4)
    d = cuda.to_device(host)
    for key in [(1, 2), (-1, -4), (0, 0)]:
        _check_view(host, d, key)
    assert [type(x) for x in cuda.to_device(host[0])] == [type(x) for x in host[0]]  # iteration


def test_a_view_keeps_the_memory_alive():
    d = cuda.to_device(np.arange(1000.0))
    v = d[100:110]
    del d
    gc.collect()
    np.testing.assert_array_equal(v.copy_to_host(), np.arange(100.0, 110.0))
    assert v[3] == 103.0


def test_empty_axes():
    host = np.zeros((0, 3), np.float32)
    d = cuda.to_device(host)
    for key in [slice(None), (slice(None), 1), slice(1, 5)]:
        got, want = d[key], host[key]
        assert got.shape == want.shape
    assert d.is_c_contiguous() and d.is_f_contiguous()


@pytest.mark.parametrize("key,error", [(20, IndexError), (-21, IndexError), ((1, 2), IndexError),
                                       (slice(None, None, 0), ValueError)], ids=repr)
def test_numpys_errors(key, error):
    host = np.arange(20.0)
    d = cuda.to_device(host)
    with pytest.raises(error) as want:
        host[key]
    with pytest.raises(error) as got:
        d[key]
    assert str(got.value) == str(want.value)


def test_the_keys_python_takes_still_index():
    host = np.arange(24.0).reshape(4, 6)
    d = cuda.to_device(host)
    np.testing.assert_array_equal(d[None, 1].copy_to_host(), host[None, 1])
    np.testing.assert_array_equal(d[..., 2].copy_to_host(), host[..., 2])
    assert d[np.int64(2), np.int32(3)] == host[2, 3]
    with pytest.raises(NotImplementedError, match="basic indices only"):
        d[[0, 1]]


def test_flags_are_numpys():
    host = np.arange(24.0).reshape(4, 6)
    d = cuda.to_device(host)
    for key in [slice(None), (slice(None), 1), (1,), (slice(None), slice(None, None, 2)), (slice(0, 1), slice(None))]:
        want = host[key].flags
        got = d[key]
        assert (got.is_c_contiguous(), got.is_f_contiguous()) == (want.c_contiguous, want.f_contiguous), key
        assert got.flags["C_CONTIGUOUS"] == want.c_contiguous and got.flags.f_contiguous == want.f_contiguous
    assert d.T.is_f_contiguous() and not d.T.is_c_contiguous()


def test_views_are_made_without_the_numpy_stand_in(monkeypatch):
    """Slices and elements never build the NumPy stand-in array (what cost ~16 us a view)."""
    from ujit.cuda import _device_views

    def refuse(*args):
        raise AssertionError("the Python path indexed %r" % (args[-1],))

    monkeypatch.setattr(_device_views, "index", refuse)
    d = cuda.to_device(np.arange(24.0).reshape(4, 6))
    assert d[1:3].shape == (2, 6) and d[:, ::-2].shape == (4, 3) and d[2].shape == (6,)
    assert d[1, 2] == 8.0


def test_indexing_keeps_no_references():
    import sys

    from ujit.cuda import Stream

    for stream in (0, cuda.stream()):
        d = cuda.to_device(np.arange(24.0).reshape(4, 6), stream=stream)
        key, item = (slice(1, 3), 2), (1, 2)
        for k in (key, item, 2):
            d[k]
        before = sys.getrefcount(d), sys.getrefcount(d.stream), sys.getrefcount(key), sys.getrefcount(d._h)
        for _ in range(100):
            d[key], d[item], d[2], d[1:][0]
        assert (sys.getrefcount(d), sys.getrefcount(d.stream), sys.getrefcount(key), sys.getrefcount(d._h)) == before
        assert isinstance(d.stream, Stream) == (stream != 0)
