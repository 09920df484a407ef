"""numba.cuda.cudadrv.devicearray: Numba's device array classes and their constructors."""
import numpy as np

from .._devicearray import DeviceNDArray, DeviceRecord, device_array, device_array_like, to_device  # noqa: F401


def from_array_like(ary, stream=0, gpu_data=None):
    """An uninitialized device array with the shape, dtype and order (C or F) of `ary`."""
    if gpu_data is not None:
        raise NotImplementedError("from_array_like(gpu_data=): ujit allocates device arrays itself")
    return device_array_like(ary, stream=stream)


def from_record_like(rec, stream=0, gpu_data=None):
    """An uninitialized DeviceRecord of `rec`'s dtype (a host np.void or a DeviceRecord)."""
    if gpu_data is not None:
        raise NotImplementedError("from_record_like(gpu_data=): ujit allocates device records itself")
    return device_array((), rec.dtype, stream=stream)


errmsg_contiguous_buffer = ("Array contains non-contiguous buffer and cannot be transferred as a single memory "
                            "region. Please ensure contiguous buffer with numpy .ascontiguousarray()")


def sentry_contiguous(ary):
    """Numba's: a ValueError unless the array, its broadcast (stride 0) axes left out, is one
    C- or F-contiguous block."""
    core = ary[tuple(0 if stride == 0 else slice(None) for stride in ary.strides)] if ary.ndim else ary
    if not core.flags["C_CONTIGUOUS"] and not core.flags["F_CONTIGUOUS"]:
        raise ValueError(errmsg_contiguous_buffer)


def auto_device(obj, stream=0, copy=True, user_explicit=False):
    """Numba's: (device object, whether it is new). Device memory is returned as it is; a host
    record becomes a DeviceRecord, anything else array-like a DeviceNDArray (copied when `copy`)."""
    if isinstance(obj, DeviceNDArray):
        return obj, False
    if hasattr(obj, "__cuda_array_interface__"):
        from .._devicearray import from_cuda_array_interface
        return from_cuda_array_interface(obj.__cuda_array_interface__, owner=obj), False
    ary = np.asarray(obj)
    sentry_contiguous(ary)
    if copy:
        return to_device(obj, stream=stream), True
    return (from_record_like(ary, stream) if isinstance(obj, np.void) else device_array_like(ary, stream)), True
