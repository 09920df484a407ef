"""What the extension's GPU calls (ext.launch, the C Launcher's slow path, ext.vectorize_cuda,
ext.gufunc_cuda) take for one argument: one conversion for kernels, CUDA ufuncs and gufuncs.
The extension then reads each in C (ujit/_native/cuda_array.c: ujit_py_cuda_value)."""
import numpy as np

from ._api import is_available
from ._devicearray import DeviceNDArray
from ._host_memory import _ReachableNDArray

_SCALARS = (int, float, complex, bool, np.generic)


def is_xoroshiro_records(a):
    """A contiguous 1-D host array of numba.cuda.random's xoroshiro128p_dtype records."""
    d = a.dtype
    return (a.ndim == 1 and a.flags.c_contiguous and d.names == ("s0", "s1") and d.itemsize == 16
            and d["s0"] == np.uint64 and d["s1"] == np.uint64 and d.fields["s1"][1] == 8)


def device_value(a, host_fallback=False):
    """ujit's DeviceArray handle, a __cuda_array_interface__ dict (CuPy, PyTorch, mapped
    memory: zero-copy), a NumPy array (copied in and back) or a scalar. Anything else is
    converted with np.asarray where `host_fallback` (ufunc inputs, as NumPy would), else a
    TypeError (kernel arguments, as Numba's typeof refuses them)."""
    if isinstance(a, DeviceNDArray):
        return a._h
    if isinstance(a, _ReachableNDArray) and a._ujit_memory is not None and is_available():
        return dict(a.__cuda_array_interface__)  # mapped or managed memory: in place, no copy
    if isinstance(a, np.ndarray):
        if is_xoroshiro_records(a):
            return a.view(np.uint64).reshape(a.shape[0], 2)  # ujit's form of them, the same memory
        return a
    if isinstance(a, _SCALARS):
        return a
    iface = getattr(a, "__cuda_array_interface__", None)
    if iface is not None:
        return dict(iface)
    if host_fallback or isinstance(a, (list, tuple)):
        return np.asarray(a)
    raise TypeError("a kernel argument cannot be a %s" % type(a).__name__)


def on_device(a):
    return isinstance(a, DeviceNDArray) or hasattr(a, "__cuda_array_interface__")
