"""numba.cuda.cudadrv's names user code reaches (numba-cuda's test_vectorize, test_warning,
test_errors, test_cuda_array_interface import them): the driver's state, its error
classes, ujit's own Stream and device-array classes under Numba's module names."""
import numpy as np
import pytest

from ujit import cuda
from ujit.cuda.cudadrv import devicearray, driver, error


def test_the_driver_says_what_ujit_cuda_says():
    assert driver.driver.is_available == cuda.is_available()
    if cuda.is_available():
        assert driver.driver.initialization_error is None
        assert driver.driver.get_device_count() == len(cuda.list_devices())
    else:
        assert driver.driver.initialization_error == cuda.unavailable_reason()
        assert driver.driver.get_device_count() == 0


def test_error_classes():
    e = driver.CudaAPIError(999, "Transfer not allowed")
    assert isinstance(e, error.CudaDriverError) and e.code == 999 and str(e) == "[999] Transfer not allowed"
    assert error.CudaSupportError is cuda.CudaSupportError
    assert driver._have_nvjitlink() is False  # no lto=True: ujit links with LTO where a link file allows


def test_stream_and_device_array_are_ujit_cuda_classes():
    assert driver.Stream is type(cuda.stream())
    a = np.zeros((3, 4), dtype=np.float32, order="F")
    d = devicearray.from_array_like(a)
    assert isinstance(d, devicearray.DeviceNDArray) and d.shape == (3, 4) and d.dtype == np.float32
    assert d.is_f_contiguous()
    with pytest.raises(NotImplementedError, match="gpu_data"):
        devicearray.from_array_like(a, gpu_data=object())


def test_lto_is_numba_s_runtime_error_without_lto_ir_linking():
    with pytest.raises(RuntimeError, match="LTO requires nvjitlink"):
        cuda.jit(lto=True)(lambda x: None)
    cuda.jit(lto=False)  # accepted, as Numba does
