"""The `stream` of __cuda_array_interface__ (v3), as Numba handles it: a consumer (a launch,
a CUDA ufunc, as_cuda_array) waits for the stream another library's array names, unless
config.CUDA_ARRAY_INTERFACE_SYNC is 0; a device array on a stream of its own names that
stream, on the default stream None (numba-cuda's test_cuda_array_interface)."""
from unittest.mock import patch

import numpy as np
import pytest

from ujit import cuda
from ujit.core import config
from ujit.cuda._device_values import device_value
from ujit.cuda.cudadrv import driver


class Foreign:
    """Only the interface (as another library's array): no memory behind it is touched here."""

    def __init__(self, stream):
        self.__cuda_array_interface__ = {"shape": (4,), "strides": None, "data": (0x1000, False),
                                         "typestr": "<f8", "version": 3, "stream": stream}


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
