"""ujit.cuda's device arrays (Numba's DeviceNDArray) and the functions that make them."""
import numpy as np

from .. import _types
from .._native import ext
from ._api import _stream_handle

class DeviceNDArray:
    """An array in device memory (Numba's DeviceNDArray): copy_to_host, __cuda_array_interface__,
    __dlpack__. Its memory returns to ujit's pool when the last reference goes.

    Where CUDA is unavailable it is an array of the host device: host memory, which it says
    honestly: __dlpack_device__ is kDLCPU (np.from_dlpack views it), and it offers no
    __cuda_array_interface__, so that CuPy or PyTorch never take its address for a GPU's."""

    def __init__(self, handle, stream=None):
        self._h = handle
        iface = handle.interface()
        self.shape = tuple(iface["shape"])
        self.strides = tuple(iface["strides"])
        self.dtype = np.dtype(iface["typestr"])
        self._ptr = iface["data"]
        self._device = iface["device"]
        self._on_host = iface["on_host"]
        self.stream = stream or 0

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: int(np.prod(self.shape, dtype=np.int64)))
    nbytes = property(lambda self: self.size * self.dtype.itemsize)

    def __len__(self):
        return self.shape[0]

    def is_c_contiguous(self):
        return self.strides == _c_strides(self.shape, self.dtype.itemsize)

    def is_f_contiguous(self):
        return self.strides == _f_strides(self.shape, self.dtype.itemsize)

    @property
    def __cuda_array_interface__(self):
        if self._on_host:
            raise AttributeError("this DeviceNDArray lives in host memory (no CUDA device: ujit runs CUDA code on "
                                 "the host device), so it has no __cuda_array_interface__; use __dlpack__ "
                                 "(kDLCPU) or copy_to_host()")
        return {"shape": self.shape, "strides": None if self.is_c_contiguous() else self.strides,
                "data": (self._ptr, False), "typestr": self.dtype.str, "version": 3, "stream": None}

    def __dlpack__(self, stream=None):
        return self._h.to_dlpack()

    def __dlpack_device__(self):
        return (1, 0) if self._on_host else (2, self._device)  # kDLCPU, kDLCUDA

    def copy_to_host(self, ary=None, stream=0, out=None):
        """Device -> host: into `ary` (or `out`, the same) when given, else a new array."""
        ary = out if ary is None else ary
        if ary is None:
            order = "F" if self.is_f_contiguous() and not self.is_c_contiguous() else "C"
            ary = np.empty(self.shape, self.dtype, order=order)
        elif ary.shape != self.shape or ary.dtype != self.dtype:
            raise ValueError("copy_to_host: out has shape %s %s, the device array %s %s"
                             % (ary.shape, ary.dtype, self.shape, self.dtype))
        self._h.copy_to_host(ary, _stream_handle(stream))
        return ary

    def copy_to_device(self, ary, stream=0):
        if isinstance(ary, DeviceNDArray):
            self._h.copy_from(ary._h, _stream_handle(stream))
        else:
            self._h.copy_from_host(np.ascontiguousarray(ary, dtype=self.dtype).reshape(self.shape),
                                   _stream_handle(stream))

    def __array__(self, dtype=None, copy=None):
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype)

    def __repr__(self):
        return "<ujit.cuda.DeviceNDArray shape=%s dtype=%s>" % (self.shape, self.dtype)


def _c_strides(shape, item):
    strides, step = [], item
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def _f_strides(shape, item):
    strides, step = [], item
    for n in shape:
        strides.append(step)
        step *= max(n, 1)
    return tuple(strides)


def _dtype_code(dtype):
    dt = np.dtype(dtype)
    if dt not in _types.DTYPE_CODE:
        raise TypeError("ujit does not support dtype %s on the device" % dt)
    return _types.DTYPE_CODE[dt]


def to_device(obj, stream=0, copy=True, to=None):
    """Copies a host array to a new device array (or into `to`)."""
    if isinstance(obj, DeviceNDArray):
        return obj
    ary = np.asarray(obj)
    if to is not None:
        to.copy_to_device(ary, stream=stream)
        return to
    if not (ary.flags.c_contiguous or ary.flags.f_contiguous):
        ary = np.ascontiguousarray(ary)
    return DeviceNDArray(ext.device_array_from_host(ary, _stream_handle(stream)), stream)


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    return DeviceNDArray(ext.device_array_new(shape, _dtype_code(dtype), order == "F"), stream)


def device_array_like(ary, stream=0):
    order = "F" if getattr(ary, "flags", None) is not None and ary.flags.f_contiguous and not \
        ary.flags.c_contiguous else "C"
    if isinstance(ary, DeviceNDArray):
        order = "F" if ary.is_f_contiguous() and not ary.is_c_contiguous() else "C"
    return device_array(ary.shape, ary.dtype, order=order, stream=stream)


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """Numba's pinned_array: here ordinary host memory (copies from it are synchronous)."""
    return np.empty(shape, dtype, order=order)


def is_cuda_array(obj):
    return isinstance(obj, DeviceNDArray) or hasattr(obj, "__cuda_array_interface__")


def as_cuda_array(obj):
    """A DeviceNDArray viewing another library's device memory (zero-copy, through DLPack)."""
    if isinstance(obj, DeviceNDArray):
        return obj
    if hasattr(obj, "__dlpack__"):
        return DeviceNDArray(ext.device_array_from_dlpack(obj.__dlpack__()))
    raise TypeError("%s does not export DLPack" % type(obj).__name__)
