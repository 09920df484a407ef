"""Host memory a GPU reaches (Numba's memory kinds): pinned_array, mapped_array,
managed_array and their *_like forms, the cuda.pinned and cuda.mapped context managers.

Pinned and mapped memory comes from the current context's memory manager, as in Numba:
pinned_array and mapped_array from its memhostalloc, cuda.pinned and cuda.mapped page-lock
through its mempin (an EMM plugin's, or HostOnlyCUDAMemoryManager's: ujit's HostMemory, the C
API's ujit_host_memory); managed memory is ujit's HostMemory. Each is a NumPy array over that
memory, which NumPy keeps alive as the array's base. Mapped and managed arrays are MappedNDArray /
ManagedNDArray, ndarray subclasses that kernels take in place: on a GPU they offer
__cuda_array_interface__ at the device address of their memory, so a launch passes them
without a copy, and the host sees what the kernel wrote after cuda.synchronize(). On the host
device (no GPU) all of them are ordinary host memory, which kernels there use in place too.
"""
import contextlib

import numpy as np

from .._native import ext
from . import _api
from . import _device_views as views
from . import _host_pointers as hp

_MANAGED = 2  # ext.HostMemory's kind for managed memory (ujit_memory_kind)


def _shape_of(shape):
    return (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(n) for n in shape)


def _new(shape, dtype, order, kind, cls=None):
    """A NumPy array of `shape` over new host memory of `kind`; `cls` views it as that subclass."""
    shape = _shape_of(shape)
    dtype = np.dtype(dtype)
    count = int(np.prod(shape, dtype=np.int64))
    memory = ext.HostMemory(count * dtype.itemsize, kind)
    a = np.frombuffer(memory, dtype=dtype, count=count).reshape(shape, order=order)
    if cls is not None:
        a = a.view(cls)
        a._ujit_memory = memory
    return a


class _ReachableNDArray(np.ndarray):
    """A host array whose memory kernels address in place (views keep that property)."""

    def __array_finalize__(self, obj):
        self._ujit_memory = getattr(obj, "_ujit_memory", None)

    @property
    def device_ctypes_pointer(self):
        memory = self._ujit_memory
        return memory.device_pointer + (self.__array_interface__["data"][0] - memory.address)

    @property
    def __cuda_array_interface__(self):
        if self._ujit_memory is None or not _api.is_available():
            raise AttributeError("this array is host memory (no CUDA device here): kernels on the host device "
                                 "use it in place")
        return {"shape": self.shape, "strides": None if self.flags.c_contiguous else self.strides,
                "data": (self.device_ctypes_pointer, False), "typestr": self.dtype.str, "version": 3,
                "stream": None}


class MappedNDArray(_ReachableNDArray):
    """numba.cuda's mapped array: page-locked host memory mapped into the device's address space."""


class ManagedNDArray(_ReachableNDArray):
    """numba.cuda's managed array: unified memory, one address for the host and the device."""


def _over(memory, shape, dtype, strides, order):
    """A NumPy array of `shape` over memory a memory manager gave (Numba: np.ndarray(buffer=))."""
    return np.ndarray(shape, dtype, buffer=hp.host_buffer(memory), strides=strides, order=order)


def _bytes(shape, dtype):
    return int(np.prod(_shape_of(shape), dtype=np.int64)) * np.dtype(dtype).itemsize


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """Page-locked host memory (the memory manager's memhostalloc): copies to and from the
    device can be asynchronous."""
    memory = _api.current_context().memhostalloc(_bytes(shape, dtype))
    return _over(memory, _shape_of(shape), dtype, strides, order)


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False, wc=False):
    """Page-locked host memory kernels read and write in place (a MappedNDArray; the memory
    manager's memhostalloc with mapped=True)."""
    memory = _api.current_context().memhostalloc(_bytes(shape, dtype), mapped=True, portable=portable, wc=wc)
    a = _over(memory, _shape_of(shape), dtype, strides, order).view(MappedNDArray)
    a._ujit_memory = hp.reachable(memory)
    return a


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0, attach_global=True):
    """Unified memory, one address for the host and the device (a ManagedNDArray)."""
    return _new(shape, dtype, order, _MANAGED, ManagedNDArray)


def _like_order(ary):
    return "F" if ary.flags.f_contiguous and not ary.flags.c_contiguous else "C"


def _like_strides(ary):
    """None where C or F order says it (_like_order), else the strides of a contiguous array in
    the view's axis order (np.empty_like's, as Numba's *_array_like)."""
    if ary.flags.c_contiguous or ary.flags.f_contiguous or ary.ndim <= 1:
        return None
    return views.like_strides(ary.shape, ary.strides, ary.dtype.itemsize)


def pinned_array_like(ary):
    return pinned_array(ary.shape, ary.dtype, strides=_like_strides(ary), order=_like_order(ary))


def mapped_array_like(ary, stream=0, portable=False, wc=False):
    return mapped_array(ary.shape, ary.dtype, strides=_like_strides(ary), order=_like_order(ary))


def managed_array_like(ary, stream=0, attach_global=True):
    return managed_array(ary.shape, ary.dtype, order=_like_order(ary))


def _registered(arrays, mapped):
    """Each array's memory page-locked by the memory manager's mempin (Numba's host_pointer
    and host_memory_size of it: the bytes its elements span)."""
    ctx = _api.current_context()
    out = []
    for a in arrays:
        if not isinstance(a, np.ndarray):
            raise TypeError("expected NumPy arrays, not %s" % type(a).__name__)
        if not (a.flags.c_contiguous or a.flags.f_contiguous):
            raise ValueError("cuda.%s needs contiguous arrays" % ("mapped" if mapped else "pinned"))
        out.append(ctx.mempin(a, a.__array_interface__["data"][0], a.nbytes, mapped=mapped))
    return out


@contextlib.contextmanager
def pinned(*arrays):
    """Page-locks the arrays' memory for the block (copies from and to them may be asynchronous)."""
    registrations = _registered(arrays, False)
    try:
        yield
    finally:
        del registrations[:]


@contextlib.contextmanager
def mapped(*arrays, stream=0, portable=False, wc=False):
    """Maps the arrays' memory into the device's address space for the block, yielding
    MappedNDArray views of them (one, or a list for several) that kernels use in place."""
    registrations = _registered(arrays, True)
    views = []
    for a, memory in zip(arrays, registrations):
        v = a.view(MappedNDArray)
        v._ujit_memory = hp.reachable(memory)
        views.append(v)
    try:
        yield views[0] if len(views) == 1 else views
    finally:
        for v in views:
            v._ujit_memory = None
        del registrations[:]
