"""numba.cuda.cudadrv.driver: CudaAPIError, Stream, and `driver`, the CUDA driver as a whole."""
from .._api import Stream, _availability, list_devices  # noqa: F401  (Stream: ujit.cuda's class)
from .error import CudaDriverError, CudaSupportError  # noqa: F401


class CudaAPIError(CudaDriverError):
    """A CUDA driver call returned an error: `code` (CUresult) and `msg`."""

    def __init__(self, code, msg):
        self.code, self.msg = code, msg
        super().__init__(code, msg)

    def __str__(self):
        return "[%s] %s" % (self.code, self.msg)


class Driver:
    """The CUDA driver: `is_available`, `initialization_error` (why not, or None),
    `get_device_count()`."""

    @property
    def is_available(self):
        return _availability()[0]

    @property
    def initialization_error(self):
        ok, reason = _availability()
        return None if ok else reason

    def get_device_count(self):
        return len(list_devices()) if self.is_available else 0

    def __repr__(self):
        return "<CUDA driver: %s>" % ("available" if self.is_available else self.initialization_error)


driver = Driver()


def _have_nvjitlink():
    """Whether kernels can be linked as LTO-IR on request (Numba's `lto=True`,
    `inspect_lto_ptx`): never in ujit, which links a kernel as LTO-IR by itself where a link
    file is CUDA C++ or LTO-IR (and libNVVM is there), and as PTX otherwise."""
    return False


# Numba's EMM plugin interface and IPC handles (cuda/_emm.py, cuda/_ipc.py), where plugins
# written for Numba import them from (`cuda.cudadrv.driver.AutoFreePointer`).
from .._api import MemoryInfo  # noqa: F401,E402
from .._emm import (  # noqa: F401,E402
    AutoFreePointer, BaseCUDAMemoryManager, GetIpcHandleMixin, HostOnlyCUDAMemoryManager, MemoryPointer,
    NumbaCUDAMemoryManager, set_memory_manager,
)
from .._host_pointers import MappedMemory, PinnedMemory  # noqa: F401,E402
from .._ipc import IpcHandle  # noqa: F401,E402


def _host_address(obj):
    """The host address of host memory a kernel reaches (a mapped or pinned array, memory a
    memory manager gave), None for anything else."""
    import numpy as np
    from .._emm import _address
    from .._host_pointers import MappedMemory, PinnedMemory
    if isinstance(obj, (PinnedMemory, MappedMemory)):
        return _address(obj.host_pointer)
    if isinstance(obj, np.ndarray):
        return obj.__array_interface__["data"][0]
    return None


def device_memory_size(obj):
    """Numba's: the bytes of the device memory `obj` spans (a device array's allocation, a
    mapped array's bytes, the memory a memory manager gave)."""
    from .._devicearray import DeviceNDArray
    if isinstance(obj, DeviceNDArray):
        return obj.alloc_size
    size = getattr(obj, "_buflen_", None)
    return int(size if size is not None else getattr(obj, "size", 0) * getattr(getattr(obj, "dtype", None),
                                                                             "itemsize", 1))


def device_memset(dst, val, size, stream=0):
    """Numba's: sets the first `size` bytes of `dst` to the byte `val`: a device array, or
    host memory the device maps (a mapped array, memory memhostalloc gave)."""
    import ctypes

    import numpy as np
    from .._devicearray import DeviceNDArray
    if isinstance(dst, DeviceNDArray):
        flat = dst.reshape(dst.size).view(np.uint8)
        flat[:size] = np.uint8(val)
        return
    address = _host_address(dst)
    if address is None:
        raise TypeError("device_memset: ujit sets device arrays and mapped host memory, not %s" % type(dst).__name__)
    ctypes.memset(address, val, size)


def device_to_host(dst, src, size, stream=0):
    """Numba's: the first `size` bytes of device memory `src` (a device array, as
    IpcHandle.open_staged gives) into host array `dst`."""
    import ctypes

    import numpy as np
    from .._devicearray import DeviceNDArray
    if not isinstance(src, DeviceNDArray):
        address = _host_address(src)  # mapped host memory: the host reads it itself
        if address is None:
            raise TypeError("device_to_host: ujit copies from device arrays and mapped memory, not %s"
                            % type(src).__name__)
        ctypes.memmove(np.asarray(dst).ctypes.data, address, size)
        return
    data = src.copy_to_host(stream=stream).reshape(-1).view(np.uint8)
    np.asarray(dst).reshape(-1).view(np.uint8)[:size] = data[:size]
