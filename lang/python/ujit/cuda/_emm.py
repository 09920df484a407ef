"""Numba's External Memory Management (EMM) plugins over ujit: `cuda.set_memory_manager(cls)`
or `ctx.memory_manager = plugin` make every device allocation ujit makes (device arrays,
to_device, ufunc outputs, staging for host arguments) call the plugin's memalloc(size), and
the memory goes back when the last array viewing it dies (the MemoryPointer's finalizer
runs then), as in Numba. ujit reaches the plugin through the C API's device-allocator hook
(ujit_cuda_set_device_allocator), so allocations made in C count too.

Pinned and mapped host memory goes through the plugin too, as in Numba: cuda.pinned_array
and mapped_array call its memhostalloc, cuda.pinned and cuda.mapped its mempin
(cuda/_host_memory.py); HostOnlyCUDAMemoryManager implements both with ujit's own host memory
(cuda/_host_pointers.py). Managed memory stays ujit's.

Where ujit differs (docs/differences.md): set_memory_manager takes effect for every device at
once, also for contexts already in use (ujit keeps one context per device for the process)."""
import contextlib
import ctypes
import weakref
from abc import ABCMeta, abstractmethod

from .._native import ext

_SUPPORTED_EMM_INTERFACE_VERSION = 1


def _address(pointer):
    """An int from what plugins pass as a pointer: an int, ctypes.c_void_p, or anything with __int__."""
    if isinstance(pointer, ctypes.c_void_p):
        return pointer.value or 0
    if hasattr(pointer, "value") and not isinstance(pointer, int):
        return int(pointer.value or 0)
    return int(pointer)


class MemoryPointer:
    """Numba's MemoryPointer: a device address, its size and an optional finalizer that runs
    when the instance dies (or at free())."""

    __cuda_memory__ = True

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.context = context
        self.device_pointer = pointer
        self.size = size
        self._cuda_memsize_ = size
        self.is_managed = finalizer is not None
        self.refct = 1
        self.handle = pointer
        self._owner = owner
        if finalizer is not None:
            self._finalizer = weakref.finalize(self, finalizer)

    @property
    def owner(self):
        return self if self._owner is None else self._owner

    def own(self):
        return self

    # The same memory is one pointer: a view's gpu_data equals its base's where it starts there
    # and spans as much (`darr.view(np.int64).gpu_data == darr.gpu_data`, where Numba hands the
    # view its base's very object).
    def __eq__(self, other):
        if not isinstance(other, MemoryPointer):
            return NotImplemented
        return (self.device_pointer_value, self.size) == (other.device_pointer_value, other.size)

    def __hash__(self):
        return hash((self.device_pointer_value, self.size))

    def free(self):
        """Runs the finalizer now (Numba: 'forces the device memory to the trash')."""
        if self.is_managed:
            if not self._finalizer.alive:
                raise RuntimeError("Freeing dead memory")
            self._finalizer()

    def view(self, start, stop=None):
        size = self.size - start if stop is None else stop - start
        if size < 0:
            raise RuntimeError("size cannot be negative")
        return MemoryPointer(self.context, self.device_pointer_value + start, size, owner=self.owner)

    @property
    def device_ctypes_pointer(self):
        return ctypes.c_size_t(_address(self.device_pointer))

    @property
    def device_pointer_value(self):
        return _address(self.device_pointer) or None


class AutoFreePointer(MemoryPointer):
    """Numba's AutoFreePointer: the memory lives as long as references to the instance."""


class BaseCUDAMemoryManager(metaclass=ABCMeta):
    """Numba's abstract base of EMM plugins; `context` is given by keyword."""

    def __init__(self, *args, **kwargs):
        if "context" not in kwargs:
            raise RuntimeError("Memory manager requires a context")
        self.context = kwargs.pop("context")

    @abstractmethod
    def memalloc(self, size):
        """Device memory of `size` bytes: a MemoryPointer that owns it."""

    @abstractmethod
    def memhostalloc(self, size, mapped, portable, wc):
        """Pinned (with `mapped`: mapped) host memory of `size` bytes: a PinnedMemory or
        MappedMemory (cuda.pinned_array, cuda.mapped_array)."""

    @abstractmethod
    def mempin(self, owner, pointer, size, mapped):
        """Page-locks `size` bytes of `owner`'s memory at `pointer` while the returned
        PinnedMemory or MappedMemory lives (cuda.pinned, cuda.mapped)."""

    @abstractmethod
    def initialize(self):
        """Called before the first allocation, and whenever the context is made current."""

    @abstractmethod
    def get_ipc_handle(self, memory):
        """An IpcHandle for a MemoryPointer this plugin gave."""

    @abstractmethod
    def get_memory_info(self):
        """(free, total) bytes as a MemoryInfo."""

    @abstractmethod
    def reset(self):
        """Frees everything allocated in this context."""

    @abstractmethod
    def defer_cleanup(self):
        """A context manager during which frees may be deferred."""

    @property
    @abstractmethod
    def interface_version(self):
        """1 for this version of the interface."""


class HostOnlyCUDAMemoryManager(BaseCUDAMemoryManager):
    """Numba's base for plugins that manage device memory only: memhostalloc and mempin are
    implemented here, with ujit's page-locked host memory (pinned or mapped)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.allocations = {}
        self.deallocations = _Deallocations()  # Numba's pending frees (ujit has none pending)

    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        """Page-locked host memory (cuMemHostAlloc; mapped: DEVICEMAP), as Numba's."""
        from . import _host_pointers as hp
        memory = ext.HostMemory(int(size), _MAPPED if mapped else _PINNED)
        make = hp.ujit_mapped if mapped else hp.ujit_pinned
        return make(self.context, memory, int(size))

    def mempin(self, owner, pointer, size, mapped=False):
        """Page-locks `owner`'s `size` bytes at `pointer` (cuMemHostRegister) until the result dies."""
        from . import _host_pointers as hp
        raw = (ctypes.c_byte * int(size)).from_address(_address(pointer))
        memory = ext.HostMemory.register(raw, bool(mapped))
        make = hp.ujit_mapped if mapped else hp.ujit_pinned
        return make(self.context, memory, int(size), owner=owner)

    def reset(self):
        self.allocations.clear()

    @contextlib.contextmanager
    def defer_cleanup(self):
        yield


class GetIpcHandleMixin:
    """Numba's mixin: get_ipc_handle of memory from cuMemAlloc-style allocations."""

    def get_ipc_handle(self, memory):
        from ._ipc import ipc_handle_of_pointer
        return ipc_handle_of_pointer(memory, memory.device_pointer_value, memory.size)


class NumbaCUDAMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """The memory manager a context has without a plugin: ujit's caching pool."""

    def initialize(self):
        pass

    def memalloc(self, size):
        handle = ext.device_array_new((int(size),), _UINT8_CODE, False)
        address = handle.interface()["data"]
        return AutoFreePointer(self.context, address, size, owner=handle)

    def get_memory_info(self):
        from ._api import MemoryInfo
        return MemoryInfo(*ext.cuda_memory_info())

    def reset(self):
        super().reset()
        ext.cuda_free_pool()

    @property
    def interface_version(self):
        return _SUPPORTED_EMM_INTERFACE_VERSION


def _uint8_code():
    import numpy as np

    from .. import _types
    return _types.DTYPE_CODE[np.dtype(np.uint8)]


_PINNED, _MAPPED = 0, 1  # ext.HostMemory's kinds (ujit_memory_kind)
_UINT8_CODE = None
_plugin_class = None  # set_memory_manager's class; None: ujit's pool
_contexts = {}  # device ordinal (0 on the host device) -> Context
_live = {}  # (device, address) -> the MemoryPointer a plugin gave for a live ujit allocation


def set_memory_manager(mm_plugin):
    """Numba's cuda.set_memory_manager: every device's allocations go through an instance of
    `mm_plugin` (a BaseCUDAMemoryManager subclass) from now on. RuntimeError if the plugin's
    interface_version is not 1."""
    global _plugin_class
    version = mm_plugin(context=None).interface_version
    if version != _SUPPORTED_EMM_INTERFACE_VERSION:
        raise RuntimeError("EMM Plugin interface has version %d - version %d required"
                           % (version, _SUPPORTED_EMM_INTERFACE_VERSION))
    _plugin_class = mm_plugin
    from ._api import is_available
    for ordinal in range(ext.cuda_device_count()) if is_available() else (0,):
        ctx = context_of(ordinal)
        if not isinstance(ctx.memory_manager, mm_plugin):
            ctx.memory_manager = mm_plugin(context=ctx)


def plugin_from_config():
    """NUMBA_CUDA_MEMORY_MANAGER names a module with an EMM plugin class (Numba's switch)."""
    from ..core import config
    name = config.CUDA_MEMORY_MANAGER
    if _plugin_class is not None or name == "default":
        return
    try:
        import importlib
        set_memory_manager(importlib.import_module(name)._numba_memory_manager)
    except Exception as e:
        raise RuntimeError("Failed to use memory manager from %s" % name) from e


def context_of(ordinal):
    """The Context of a device (created on first use; one per device for the process)."""
    ctx = _contexts.get(ordinal)
    if ctx is None:
        global _UINT8_CODE
        if _UINT8_CODE is None:
            _UINT8_CODE = _uint8_code()
            plugin_from_config()
        ctx = _contexts[ordinal] = Context(ordinal)
    return ctx


class _Deallocations:
    """Numba's Context.deallocations: clear() returns memory no longer in use to the driver
    (ujit: the memory pool's cached blocks; on the host device, to the C library)."""

    def clear(self):
        ext.cuda_free_pool()

    def __len__(self):
        """Numba's count of frees waiting: ujit frees as the last reference goes, none wait."""
        return 0

    def __repr__(self):
        return "<ujit CUDA deallocations>"


class Context:
    """Numba's CUDA context: one per device in ujit. `memory_manager` is the device's EMM plugin
    (or NumbaCUDAMemoryManager, ujit's pool); the Device's attributes read through."""

    def __init__(self, ordinal):
        self._ordinal = ordinal
        self.deallocations = _Deallocations()
        self._initialized = None
        self._manager = None
        self.memory_manager = (_plugin_class or NumbaCUDAMemoryManager)(context=self)

    @property
    def device(self):
        from . import _api
        if not _api.is_available():
            return _api.get_current_device()  # the HostDevice
        return _api.Device(ext.cuda_device_info(self._ordinal))

    def __getattr__(self, name):
        return getattr(self.device, name)

    @property
    def memory_manager(self):
        return self._manager

    @memory_manager.setter
    def memory_manager(self, manager):
        self._manager = manager
        self._initialized = None
        if isinstance(manager, NumbaCUDAMemoryManager):
            ext.cuda_set_device_allocator(self._ordinal, None, None)
        else:
            ext.cuda_set_device_allocator(self._ordinal, _allocate, _release)

    def prepare_for_use(self):
        """Numba's: initializes the memory manager (safe to call again)."""
        if self._initialized is not self._manager:
            self._manager.initialize()
            self._initialized = self._manager

    def memalloc(self, size):
        self.prepare_for_use()
        return self._manager.memalloc(size)

    def memhostalloc(self, bytesize, mapped=False, portable=False, wc=False):
        self.prepare_for_use()
        return self._manager.memhostalloc(bytesize, mapped, portable, wc)

    def mempin(self, owner, pointer, size, mapped=False):
        self.prepare_for_use()
        return self._manager.mempin(owner, pointer, size, mapped)

    def get_memory_info(self):
        return self._manager.get_memory_info()

    def get_ipc_handle(self, memory):
        return self._manager.get_ipc_handle(memory)

    def reset(self):
        """Frees what this context's memory manager holds (Numba: every owned resource)."""
        self._manager.reset()
        ext.cuda_free_pool()

    def __repr__(self):
        return "<ujit CUDA context of device %d>" % self._ordinal


def _allocate(device, nbytes):
    """The C hook's allocate: the device's plugin gives a MemoryPointer, kept while ujit's
    allocation lives."""
    ctx = context_of(device)
    memory = ctx.memalloc(nbytes)
    address = _address(memory.device_pointer)
    if not address:
        raise MemoryError("the EMM plugin %s returned no memory for %d bytes"
                          % (type(ctx.memory_manager).__name__, nbytes))
    _live[(device, address)] = memory
    return address


def _release(device, address, nbytes):
    """The C hook's release: dropping the MemoryPointer runs its finalizer (once nothing
    else holds it), as when a Numba device array dies."""
    _live.pop((device, address), None)


def memory_of(device, address):
    """The MemoryPointer a plugin gave for the allocation at `address`, or None."""
    return _live.get((device, address))
