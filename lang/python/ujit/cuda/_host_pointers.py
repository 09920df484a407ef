"""Numba's host-memory pointers (PinnedMemory, MappedMemory): what an EMM plugin's
memhostalloc and mempin return, and what cuda.pinned_array, mapped_array, cuda.pinned and
cuda.mapped build their arrays over (cuda/_host_memory.py).

HostOnlyCUDAMemoryManager (cuda/_emm.py) allocates and pins with ujit's own host memory
(ext.HostMemory, the C API's ujit_host_memory); a plugin that overrides memhostalloc or mempin
returns its own objects, of these classes or any with Numba's attributes (`host_pointer`,
`size`, or the buffer protocol), whose memory the arrays then use."""
import ctypes
import weakref

from ._emm import AutoFreePointer, _address


class PinnedMemory:
    """Numba's PinnedMemory: page-locked host memory at `pointer`, `size` bytes; `owner` the
    object whose memory was pinned (mempin); `finalizer` runs when the instance dies. Like
    Numba's it is a buffer, np.ndarray(buffer=mem), where Python has PEP 688 (3.12)."""

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.context = context
        self.owned = owner
        self.size = size
        self.host_pointer = pointer
        self.is_managed = finalizer is not None
        self.handle = self.host_pointer
        self._buflen_ = size  # Numba's buffer fields
        self._bufptr_ = pointer
        if finalizer is not None:
            weakref.finalize(self, finalizer)

    def own(self):
        return self

    def __buffer__(self, flags):
        return memoryview(_bytes_of(self))


class MappedMemory(AutoFreePointer):
    """Numba's MappedMemory: page-locked host memory mapped into the device's address space.
    Its device pointer is its host address: CUDA maps host memory at the same address on
    64-bit Linux (unified addressing), where cuMemHostGetDevicePointer gives it back."""

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.owned = owner
        self.host_pointer = pointer
        super().__init__(context, pointer, size, finalizer=finalizer)
        self.handle = self.host_pointer
        self._bufptr_ = pointer
        self._buflen_ = size

    def own(self):
        return self

    def __buffer__(self, flags):
        return memoryview(_bytes_of(self))


def ujit_pinned(context, memory, size, owner=None):
    """A PinnedMemory over ujit's ext.HostMemory of `size` bytes (kept as its buffer)."""
    p = PinnedMemory(context, memory.address, size, owner=owner)
    p._ujit_buffer = memory
    return p


def ujit_mapped(context, memory, size, owner=None):
    """A MappedMemory over ujit's mapped ext.HostMemory of `size` bytes (kept as its buffer)."""
    m = MappedMemory(context, memory.address, size, owner=owner)
    m.device_pointer = memory.device_pointer or memory.address
    m._ujit_buffer = memory
    return m


def host_buffer(memory):
    """What np.ndarray(buffer=) takes for memory memhostalloc gave: ujit's HostMemory, the
    plugin's object when it exports a buffer, else a ctypes view of its bytes that keeps it
    alive (its finalizer runs when the last array over it dies)."""
    if not isinstance(memory, (PinnedMemory, MappedMemory)):
        try:
            memoryview(memory).release()
            return memory
        except TypeError:
            pass
    return _bytes_of(memory)


def _bytes_of(memory):
    """The bytes of Numba-style host memory: ujit's HostMemory, or a ctypes view of
    `_bufptr_`/`_buflen_` (`host_pointer`/`size`) that keeps `memory` alive."""
    buf = getattr(memory, "_ujit_buffer", None)
    if buf is not None:
        return buf
    size = getattr(memory, "_buflen_", None)
    size = memory.size if size is None else size
    pointer = _address(getattr(memory, "_bufptr_", memory.host_pointer))
    if size and not pointer:
        raise MemoryError("the EMM plugin's memhostalloc returned no memory for %d bytes" % size)
    raw = (ctypes.c_byte * size).from_address(pointer)
    raw._ujit_keep = memory
    return raw


class Reachable:
    """What a MappedNDArray reads its device address from (cuda/_host_memory.py): the host
    address of the memory, where the device sees it, and the object that keeps it alive."""

    def __init__(self, address, device_pointer, keep):
        self.address, self.device_pointer, self.keep = address, device_pointer, keep


def reachable(memory):
    """The Reachable of a MappedMemory (or a plugin's object with Numba's attributes)."""
    host = _address(getattr(memory, "_bufptr_", memory.host_pointer))
    device = _address(getattr(memory, "device_pointer", 0) or host)
    return Reachable(host, device, memory)
