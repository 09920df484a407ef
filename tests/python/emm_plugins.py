"""EMM plugins for the tests (test_cuda_emm.py and the processes it starts): TrackingPlugin
hands out device memory from libcuda's cuMemAlloc on a GPU and NumPy buffers on the host
device, and records what it was asked."""
import contextlib
import ctypes
import gc
import weakref

import numpy as np

from ujit import cuda


class _RawMemory:
    """Device memory outside ujit: libcuda's on a GPU (the context ujit made current), host
    buffers on the host device."""

    def __init__(self):
        self.gpu = cuda.is_available()
        self.buffers = {}
        if self.gpu:
            self.libcuda = ctypes.CDLL("libcuda.so.1")

    def allocate(self, size):
        if self.gpu:
            ptr = ctypes.c_uint64()
            assert self.libcuda.cuMemAlloc_v2(ctypes.byref(ptr), ctypes.c_size_t(size)) == 0
            return ptr.value
        buf = np.empty(size, np.uint8)
        self.buffers[buf.ctypes.data] = buf
        return buf.ctypes.data

    def free(self, ptr):
        if self.gpu:
            assert self.libcuda.cuMemFree_v2(ctypes.c_uint64(ptr)) == 0
        else:
            del self.buffers[ptr]

    def host_allocate(self, size, mapped):
        """Page-locked host memory (mapped into the device: DEVICEMAP) on a GPU, a NumPy
        buffer on the host device."""
        if not self.gpu:
            return self.allocate(size)
        ptr = ctypes.c_void_p()
        flags = 2 if mapped else 0  # CU_MEMHOSTALLOC_DEVICEMAP
        assert self.libcuda.cuMemHostAlloc(ctypes.byref(ptr), ctypes.c_size_t(size), ctypes.c_uint(flags)) == 0
        return ptr.value

    def host_free(self, ptr):
        if self.gpu:
            assert self.libcuda.cuMemFreeHost(ctypes.c_void_p(ptr)) == 0
        else:
            del self.buffers[ptr]


RAW = _RawMemory()


class TrackingPlugin(cuda.HostOnlyCUDAMemoryManager):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.live = {}  # address -> bytes
        self.count = 0
        self.initialized = False
        self.reset_called = False
        self.fail = False

    def initialize(self):
        self.initialized = True

    def memalloc(self, size):
        if not self.initialized:
            raise RuntimeError("memalloc called before initialize")
        if self.fail:
            raise MemoryError("the plugin's pool is empty")
        self.count += 1
        ptr = RAW.allocate(size)
        self.live[ptr] = size
        live = self.live

        def finalizer():
            del live[ptr]
            RAW.free(ptr)

        return cuda.AutoFreePointer(weakref.proxy(self.context), ctypes.c_void_p(ptr), size, finalizer=finalizer)

    def get_memory_info(self):
        return cuda.MemoryInfo(free=32, total=64)

    def get_ipc_handle(self, memory):
        return "plugin handle for %d" % memory.device_pointer_value

    def reset(self):
        super().reset()
        self.reset_called = True

    @property
    def interface_version(self):
        return 1


class WrongVersionPlugin(TrackingPlugin):
    @property
    def interface_version(self):
        return 2


@contextlib.contextmanager
def installed(plugin_class):
    """The current context's memory manager is an instance of `plugin_class` for the block."""
    ctx = cuda.current_context()
    initial = ctx.memory_manager
    ctx.memory_manager = plugin_class(context=ctx)
    try:
        yield ctx.memory_manager
    finally:
        ctx.memory_manager = initial
        gc.collect()


class HostAllocPlugin(TrackingPlugin):
    """A plugin that also hands out host memory (Numba's BaseCUDAMemoryManager interface):
    memhostalloc from RAW's host memory, recorded in `host_live`; mempin recorded in `pins`,
    then done by HostOnlyCUDAMemoryManager (ujit's page-locking)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.host_calls = []  # (size, mapped, portable, wc)
        self.host_live = {}  # address -> bytes
        self.pins = []  # (owner, pointer, size, mapped)

    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        self.host_calls.append((size, mapped, portable, wc))
        ptr = RAW.host_allocate(max(size, 1), mapped)
        self.host_live[ptr] = size
        live = self.host_live

        def finalizer():
            del live[ptr]
            RAW.host_free(ptr)

        kind = cuda.cudadrv.driver.MappedMemory if mapped else cuda.cudadrv.driver.PinnedMemory
        return kind(weakref.proxy(self.context), ptr, size, finalizer=finalizer)

    def mempin(self, owner, pointer, size, mapped=False):
        self.pins.append((owner, pointer, size, mapped))
        return super().mempin(owner, pointer, size, mapped)
