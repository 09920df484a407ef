"""What the extension's GPU calls (ext.launch, the C Launcher's slow path, ext.vectorize_cuda,
ext.gufunc_cuda) take for one argument: one conversion for kernels, CUDA ufuncs and gufuncs.
The extension then reads each in C (ujit/_native/cuda_array.c: ujit_py_cuda_value)."""
import enum
import numpy as np

from ._api import is_available
from ._devicearray import DeviceNDArray, as_cuda_array, sync_interface_stream
from ._host_memory import _ReachableNDArray

_SCALARS = (int, float, complex, bool, np.generic)


def is_xoroshiro_records(a):
    """A contiguous 1-D host array of numba.cuda.random's xoroshiro128p_dtype records."""
    d = a.dtype
    return (a.ndim == 1 and a.flags.c_contiguous and d.names == ("s0", "s1") and d.itemsize == 16
            and d["s0"] == np.uint64 and d["s1"] == np.uint64 and d.fields["s1"][1] == 8)


def device_value(a, host_fallback=False, sync=True):
    """ujit's DeviceArray handle, a __cuda_array_interface__ dict (CuPy, PyTorch, mapped
    memory: zero-copy), a NumPy array (copied in and back) or a scalar. Anything else is
    converted with np.asarray where `host_fallback` (ufunc inputs, as NumPy would), else a
    TypeError (kernel arguments, as Numba's typeof refuses them). Another library's array is
    used once its interface's stream is done (sync_interface_stream), unless `sync` is False
    (typing only: the launch that follows waits)."""
    if isinstance(a, DeviceNDArray):
        return a._h
    if isinstance(a, _ReachableNDArray) and a._ujit_memory is not None and is_available():
        return dict(a.__cuda_array_interface__)  # mapped or managed memory: in place, no copy
    if isinstance(a, np.ndarray):
        if is_xoroshiro_records(a):
            return a.view(np.uint64).reshape(a.shape[0], 2)  # ujit's form of them, the same memory
        return a
    if isinstance(a, _SCALARS):  # an IntEnum member (an int): its value (ujit passes no enum members to kernels)
        return a.value if isinstance(a, enum.Enum) else a
    iface = getattr(a, "__cuda_array_interface__", None)
    if iface is not None:
        if sync:
            sync_interface_stream(iface)
        return dict(iface)
    if is_dlpack_device_array(a):
        return as_cuda_array(a)._h
    if host_fallback or isinstance(a, (list, tuple)):
        return np.asarray(a)
    raise TypeError("a kernel argument cannot be a %s" % type(a).__name__)


# DLPack device types: memory a kernel on this device reads in place.
_KDL_CPU, _KDL_CUDA, _KDL_CUDA_MANAGED = 1, 2, 13


def is_dlpack_device_array(a):
    """An array exported only through DLPack (JAX, or any __dlpack__ producer without
    __cuda_array_interface__) whose memory the current device reads: CUDA memory, or host
    memory where kernels run on the host device."""
    dev = getattr(a, "__dlpack_device__", None)
    if dev is None or not hasattr(a, "__dlpack__") or isinstance(a, np.ndarray):
        return False
    kind = dev()[0]
    return kind in (_KDL_CUDA, _KDL_CUDA_MANAGED) or (kind == _KDL_CPU and not is_available())


def as_device_arrays(args):
    """args with DLPack-only device arrays wrapped as DeviceNDArrays (dtype, shape, typed
    like ujit's own), the rest as they are."""
    return tuple(as_cuda_array(a) if is_dlpack_device_array(a) else a for a in args)


def on_device(a):
    return isinstance(a, DeviceNDArray) or hasattr(a, "__cuda_array_interface__") or is_dlpack_device_array(a)
