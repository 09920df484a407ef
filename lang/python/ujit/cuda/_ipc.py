"""CUDA IPC as Numba has it: DeviceNDArray.get_ipc_handle() gives an IpcArrayHandle that
pickles into another process, where `with handle as darr:` (or open()/close()) maps the same
device memory; Context.get_ipc_handle(memory) and IpcHandle.open_array for raw memory, and
cuda.open_ipc_array(handle_bytes, shape, dtype). Linux and a GPU only: on the host device the
memory is private to this process and getting a handle raises. Memory that an EMM plugin gave
gets its handle from the plugin (GetIpcHandleMixin does it the driver's way)."""
import contextlib

import numpy as np

from .._native import ext


class _DriverIpcHandle:
    """The driver's 64-byte CUipcMemHandle; `reserved` holds its bytes (Numba's binding spelling)."""

    def __init__(self, reserved):
        self.reserved = bytes(reserved)

    def __eq__(self, other):
        return isinstance(other, _DriverIpcHandle) and other.reserved == self.reserved

    def __hash__(self):
        return hash(self.reserved)


class IpcHandle:
    """Numba's IpcHandle: `base` keeps the exporting allocation alive (None once unpickled),
    `handle` the driver's handle, `size` the bytes shared from `offset` into the allocation."""

    def __init__(self, base, handle, size, source_info=None, offset=0):
        self.base = base
        self.handle = handle if isinstance(handle, _DriverIpcHandle) else _DriverIpcHandle(handle)
        self.size = size
        self.source_info = source_info
        self.offset = offset
        self._opened = None

    def open_array(self, context, shape, dtype, strides=None):
        """The shared memory as a DeviceNDArray of `shape` and `dtype` in this process."""
        from ._devicearray import DeviceNDArray
        if self.base is not None:
            raise ValueError("opening IpcHandle from original process")
        if self._opened is not None:
            raise ValueError("IpcHandle is already opened")
        dtype = np.dtype(dtype)
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(int(n) for n in shape)
        if strides is not None:  # bytes, as Numba takes them
            strides = (strides,) if isinstance(strides, (int, np.integer)) else tuple(int(s) for s in strides)
        mapped = _MappedIpcMemory(ext.cuda_ipc_open(self.handle.reserved))
        interface = {"data": (mapped.base + self.offset, False), "shape": shape, "strides": strides,
                     "typestr": dtype.str, "version": 3}
        # The last view of the array drops `mapped`, which unmaps the memory.
        handle = ext.device_array_from_interface(interface, mapped)
        self._opened = DeviceNDArray(handle)
        return self._opened

    def open(self, context):
        """The shared bytes as a uint8 device array (Numba returns raw device memory)."""
        return self.open_array(context, (self.size,), np.uint8)

    def open_direct(self, context):
        return self.open(context)

    def open_staged(self, context):
        """Numba stages through the source device when the devices are not peers; ujit opens
        with CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS, which covers every device of one machine."""
        return self.open(context)

    def close(self):
        """Unmaps the memory once no array of it is left (the last view closes the handle)."""
        if self._opened is None:
            raise ValueError("IpcHandle not opened")
        self._opened = None

    def __reduce__(self):
        return (IpcHandle, (None, self.handle.reserved, self.size, self.source_info, self.offset))


class IpcArrayHandle:
    """What DeviceNDArray.get_ipc_handle() returns: the IpcHandle and the array's shape,
    strides and dtype; `with handle as darr:` opens it in another process and closes it."""

    def __init__(self, ipc_handle, array_desc):
        self._ipc_handle = ipc_handle
        self._array_desc = array_desc

    def open(self):
        from ._api import current_context
        d = self._array_desc
        return self._ipc_handle.open_array(current_context(), d["shape"], d["dtype"], d["strides"])

    def close(self):
        self._ipc_handle.close()

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc):
        self.close()


class _MappedIpcMemory:
    """Another process's allocation mapped here (cuda_ipc_open); unmapped when this goes."""

    def __init__(self, base):
        self.base = base

    def __del__(self):
        try:
            ext.cuda_ipc_close(self.base)
        except Exception:  # nothing to raise to from a finalizer (the process may be ending)
            pass


def ipc_handle_of_pointer(memory, address, size):
    """The driver's IPC handle for `size` bytes at device `address` (GetIpcHandleMixin)."""
    handle, offset = ext.cuda_ipc_get_handle(int(address or 0))
    from ._api import get_current_device
    return IpcHandle(memory, handle, size, {"device": get_current_device().id}, offset=offset)


@contextlib.contextmanager
def open_ipc_array(handle, shape, dtype, strides=None, offset=0):
    """Numba's cuda.open_ipc_array: a context manager giving the array another process shared
    through `handle` (an IpcHandle's `handle.reserved` bytes)."""
    dtype = np.dtype(dtype)
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    size = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    ipc = IpcHandle(None, handle, size, offset=offset)
    darr = ipc.open_array(None, shape, dtype, strides)
    try:
        yield darr
    finally:
        ipc.close()
