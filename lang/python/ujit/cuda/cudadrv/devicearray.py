"""numba.cuda.cudadrv.devicearray: Numba's device array class and its constructors."""
from .._devicearray import DeviceNDArray, device_array, device_array_like  # noqa: F401


def from_array_like(ary, stream=0, gpu_data=None):
    """An uninitialized device array with the shape, dtype and order (C or F) of `ary`."""
    if gpu_data is not None:
        raise NotImplementedError("from_array_like(gpu_data=): ujit allocates device arrays itself")
    return device_array_like(ary, stream=stream)

