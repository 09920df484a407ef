"""Another library's array by its __cuda_array_interface__ alone (no DLPack), and the
interface's `stream` (v3), as Numba handles them: cuda.as_cuda_array and
cuda.from_cuda_array_interface view the memory (the exporter kept alive while they do), and a
consumer (a launch, a CUDA ufunc, as_cuda_array) waits for the stream the interface names,
unless config.CUDA_ARRAY_INTERFACE_SYNC is 0; a device array on a stream of its own names
that stream, on the default stream None (numba-cuda's test_cuda_array_interface)."""
import sys
from unittest.mock import patch

import numpy as np
import pytest

from ujit import cuda
from ujit.core import config
from ujit.cuda._device_values import device_value
from ujit.cuda.cudadrv import driver


class Foreign:
    """Only the interface (as another library's array): no memory behind it is touched here."""

    def __init__(self, stream=None, data=0x1000, shape=(4,), strides=None):
        self.__cuda_array_interface__ = {"shape": shape, "strides": strides, "data": (data, False),
                                         "typestr": "<f8", "version": 3, "stream": stream}


class ForeignArray:
    """A device array seen only through the interface (numba-cuda's testing.ForeignArray)."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def consumed(*arrays):
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        for a in arrays:
            device_value(a)
    return sync.call_count


def test_a_consumer_waits_for_the_stream_the_interface_names():
    assert consumed(Foreign(0x1234)) == 1
    assert consumed(Foreign(0x1234), Foreign(0x5678)) == 2
    assert consumed(Foreign(None)) == 0  # no stream: nothing to wait for


def test_config_turns_the_wait_off():
    old = config.CUDA_ARRAY_INTERFACE_SYNC
    config.CUDA_ARRAY_INTERFACE_SYNC = 0
    try:
        assert consumed(Foreign(0x1234)) == 0
    finally:
        config.CUDA_ARRAY_INTERFACE_SYNC = old


@pytest.mark.skipif(not cuda.is_available(), reason="__cuda_array_interface__ is a GPU's")
def test_a_device_array_names_its_stream():
    s = cuda.stream()
    assert cuda.device_array(10, stream=s).__cuda_array_interface__["stream"] == int(s.handle)
    assert cuda.device_array(10).__cuda_array_interface__["stream"] is None
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        cuda.as_cuda_array(cuda.device_array(10, stream=s))  # ujit's own: nothing to import
    assert sync.call_count == 0
    np.testing.assert_array_equal(cuda.to_device(np.arange(3.0), stream=s).copy_to_host(), np.arange(3.0))


def test_an_array_by_its_interface_alone_is_viewed_and_keeps_its_exporter_alive():
    f = Foreign(shape=(2, 3), strides=(8, 16))
    before = sys.getrefcount(f)
    d = cuda.as_cuda_array(f)
    assert d.shape == (2, 3) and d.strides == (8, 16) and d.dtype == np.float64 and d.stream == 0
    assert sys.getrefcount(f) == before + 1  # held by the view's memory
    del d
    assert sys.getrefcount(f) == before


def test_from_cuda_array_interface_as_numba_has_it():
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        d = cuda.from_cuda_array_interface(Foreign(stream=0x1234).__cuda_array_interface__)
        assert sync.call_count == 1 and d.stream.external  # on the exporter's stream, once it is done
        cuda.from_cuda_array_interface(Foreign(stream=0x1234).__cuda_array_interface__, sync=False)
        assert sync.call_count == 1
    assert cuda.from_cuda_array_interface(Foreign().__cuda_array_interface__).stream == 0
    with pytest.raises(NotImplementedError, match="Masked arrays are not supported"):
        cuda.from_cuda_array_interface(dict(Foreign().__cuda_array_interface__, mask=(1, False)))
    with pytest.raises(TypeError, match="exports neither __cuda_array_interface__ nor DLPack"):
        cuda.as_cuda_array(object())


@pytest.mark.skipif(not cuda.is_available(), reason="__cuda_array_interface__ is a GPU's")
def test_a_foreign_array_on_the_gpu():
    h = np.arange(10.0)
    d = cuda.to_device(h)
    wrapped = cuda.as_cuda_array(ForeignArray(d))
    assert wrapped.__cuda_array_interface__["data"][0] == d.__cuda_array_interface__["data"][0]
    np.testing.assert_array_equal(wrapped.copy_to_host(), h)

    @cuda.jit
    def double(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] *= 2

    s = cuda.stream()
    on_stream = cuda.to_device(h, stream=s)
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        double[1, 32](ForeignArray(on_stream))
    assert sync.call_count == 1
    cuda.synchronize()
    np.testing.assert_array_equal(on_stream.copy_to_host(), 2 * h)
