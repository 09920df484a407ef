"""Host side of ujit.cuda: availability, devices, streams and events. Device arrays are in
_devicearray.py, @cuda.jit in _kernels.py.

Everything goes through the extension's CUDA functions (ujit/_native/cuda*.c over the C
API's ujit_cuda_*, ujit_stream_*, ujit_event_*). Where CUDA cannot be used (no driver, no
GPU, UJIT_DISABLE_CUDA=1) CUDA host code still runs, on the host device: kernels and ufuncs
compiled for the CPU, device arrays in host memory, synchronous streams and events timed
with the host clock. is_available() stays False there; get_current_device() returns a
HostDevice that says so; what needs a GPU itself (select_device) raises CudaSupportError.
"""
import operator
import os

from .._native import ext


# CUDA is unavailable here (Numba's numba.cuda.cudadrv.error.CudaSupportError); raised by
# the extension too (UJIT_ERROR_CUDA_UNAVAILABLE).
CudaSupportError = ext.CudaSupportError


def _availability():
    if not hasattr(ext, "cuda_available"):
        return False, "this libujit build has no CUDA entry points in its C API"
    return ext.cuda_available()


def is_available():
    """True when a CUDA device can run kernels here."""
    fast = getattr(ext, "cuda_is_available", None)
    return fast() if fast is not None else bool(_availability()[0])


def unavailable_reason():
    """Why CUDA is unavailable ("" when it is available)."""
    ok, reason = _availability()
    return "" if ok else reason


def _require():
    ok, reason = _availability()
    if not ok:
        raise CudaSupportError("CUDA is unavailable: %s" % reason)


# ---------------------------------------------------------------------- devices


class Device:
    def __init__(self, info):
        self._info = info
        self.id = info["ordinal"]
        self.name = info["name"].encode()  # Numba gives bytes
        self.compute_capability = (info["cc_major"], info["cc_minor"])

    def __getattr__(self, name):
        key = {"MULTIPROCESSOR_COUNT": "sm_count", "WARP_SIZE": "warp_size",
               "MAX_THREADS_PER_BLOCK": "max_threads_per_block",
               "MAX_SHARED_MEMORY_PER_BLOCK": "shared_mem_per_block"}.get(name, name)
        if key in self._info:
            return self._info[key]
        raise AttributeError(name)

    def __repr__(self):
        return "<CUDA device %d '%s'>" % (self.id, self._info["name"])


class HostDevice:
    """What get_current_device() returns where CUDA is unavailable: the host device that
    kernels, device arrays, streams and events run on (compiled for the CPU, not simulated).
    Its limits are the ones kernels on the CPU enforce, CUDA's own, so that launch shapes
    tried here port to a GPU; it has no compute capability ((0, 0)) and one "multiprocessor"
    per CPU."""

    id = 0
    compute_capability = (0, 0)
    is_host_device = True
    _limits = {"MAX_THREADS_PER_BLOCK": 1024, "WARP_SIZE": 32, "MAX_BLOCK_DIM_X": 1024, "MAX_BLOCK_DIM_Y": 1024,
               "MAX_BLOCK_DIM_Z": 64, "MAX_GRID_DIM_X": 2 ** 31 - 1, "MAX_GRID_DIM_Y": 65535,
               "MAX_GRID_DIM_Z": 65535, "MAX_SHARED_MEMORY_PER_BLOCK": 227 * 1024}

    def __init__(self, reason):
        self.reason = reason
        self.name = b"ujit host device (CPU)"
        self.MULTIPROCESSOR_COUNT = os.cpu_count() or 1

    def __getattr__(self, name):
        if name in HostDevice._limits:
            return HostDevice._limits[name]
        raise AttributeError(name)

    def __repr__(self):
        return "<ujit host device (no CUDA device: %s)>" % self.reason


def get_current_device():
    """The current CUDA device, or the HostDevice where CUDA is unavailable."""
    ok, reason = _availability()
    if not ok:
        return HostDevice(reason)
    return Device(ext.cuda_device_info(ext.cuda_current_device()))


def list_devices():
    if not is_available():
        return []
    return [Device(ext.cuda_device_info(i)) for i in range(ext.cuda_device_count())]


def select_device(ordinal):
    _require()
    ext.cuda_select_device(int(ordinal))
    return get_current_device()


def current_context():
    """Numba's current context: the current device's Context (ujit keeps one per device), with
    `memory_manager` (EMM plugins, cuda/_emm.py), `deallocations.clear()` to trim the memory
    pool, `get_memory_info()` and `reset()`; the device's attributes read through it."""
    from ._emm import context_of
    ctx = context_of(ext.cuda_current_device() if is_available() else 0)
    ctx.prepare_for_use()
    return ctx


class MemoryInfo(tuple):
    """Numba's (free, total) named tuple of bytes."""

    def __new__(cls, free, total):
        return tuple.__new__(cls, (free, total))

    free = property(lambda self: self[0])
    total = property(lambda self: self[1])

    def __repr__(self):
        return "MemoryInfo(free=%d, total=%d)" % self


def get_memory_info():
    """The current device's free and total memory in bytes (the machine's on the host device)."""
    return MemoryInfo(*ext.cuda_memory_info())


def close():
    """Numba's cuda.close(): waits for the device's work (ujit keeps its context)."""
    synchronize()


def synchronize():
    """Waits for the current device's work (returns at once on the host device)."""
    ext.cuda_synchronize()


def detect():
    """Prints the CUDA devices found, as Numba's cuda.detect(); True when one is usable."""
    ok, reason = _availability()
    if not ok:
        print("CUDA is unavailable: %s" % reason)
        print("kernels, device arrays, streams and events run on the host device (compiled for the CPU)")
        return False
    devices = list_devices()
    print("Found %d CUDA devices" % len(devices))
    for d in devices:
        print("id %d %50s %40s" % (d.id, d._info["name"], "[SUPPORTED]"))
        print("%40s: %d.%d" % ("Compute Capability", d._info["cc_major"], d._info["cc_minor"]))
    print("Summary:\n\t%d/%d devices are supported" % (len(devices), len(devices)))
    return True


# ---------------------------------------------------------------------- streams


class Stream:
    """A CUDA stream (cuda.stream()); `0`/None stand for the default stream. On the host
    device a stream is synchronous: its work is done when enqueued, its handle is 0."""

    def __init__(self, handle=None, external=False):
        self._h = handle
        self.external = external  # another library's CUstream (external_stream): never destroyed here

    @property
    def handle(self):
        return self._h.handle() if self._h is not None else 0

    def synchronize(self):
        if self._h is not None:
            self._h.synchronize()
        else:
            synchronize()

    def query(self):
        return self._h.query() if self._h is not None else True

    def auto_synchronize(self):
        stream = self

        class _Sync:
            def __enter__(self):
                return stream

            def __exit__(self, *exc):
                stream.synchronize()

        return _Sync()

    def __int__(self):
        return int(self.handle)

    def add_callback(self, callback, arg=None):
        """Calls callback(stream, status, arg) once the work queued so far is done (Numba's
        add_callback; here from the calling thread, after waiting, so the callback may call
        back into ujit and Python)."""
        self.synchronize()
        callback(self, 0, arg)

    def async_done(self):
        """An asyncio future that completes when the work queued so far is done."""
        import asyncio

        loop = asyncio.get_event_loop()
        return loop.run_in_executor(None, self.synchronize)

    def __repr__(self):
        return "<CUDA stream %#x>" % int(self.handle)


def stream():
    return Stream(ext.Stream())


def default_stream():
    return Stream(None)


# CUDA's CU_STREAM_LEGACY and CU_STREAM_PER_THREAD handles.
_CU_STREAM_LEGACY = 0x1
_CU_STREAM_PER_THREAD = 0x2


def external_stream(ptr):
    """Another library's CUstream (an int address: CuPy's `stream.ptr`, PyTorch's
    `cuda_stream`): ujit queues work on it and never destroys it; keep it alive meanwhile."""
    ptr = operator.index(ptr)
    if ptr <= 0:
        raise ValueError("external_stream: expected a CUstream address, got %d" % ptr)
    return Stream(ext.Stream(external=ptr), external=True)


def legacy_default_stream():
    """CUDA's legacy default stream (it synchronizes with every other blocking stream)."""
    return Stream(ext.Stream(external=_CU_STREAM_LEGACY))


def per_thread_default_stream():
    """This thread's default stream (CU_STREAM_PER_THREAD)."""
    return Stream(ext.Stream(external=_CU_STREAM_PER_THREAD))


def _stream_handle(s):
    """The extension's stream object for a `stream=` argument (None: default)."""
    if s is None or (isinstance(s, int) and s == 0):
        return None
    if isinstance(s, Stream):
        return s._h
    raise TypeError("stream must be a ujit.cuda stream or 0, not %s" % type(s).__name__)


class Event:
    """A CUDA event (cuda.event()): record on a stream, synchronize, time between two (on the
    host device: the host clock's milliseconds)."""

    def __init__(self, timing=True):
        self._h = ext.Event(bool(timing))

    def record(self, stream=0):
        self._h.record(_stream_handle(stream))

    def synchronize(self):
        self._h.synchronize()

    def query(self):
        return self._h.query()

    def wait(self, stream=0):
        self._h.wait(_stream_handle(stream))

    def elapsed_time(self, end):
        return self._h.elapsed_time(end._h)


def event(timing=True):
    return Event(timing)


def event_elapsed_time(start, end):
    """Milliseconds between two recorded events (Numba's cuda.event_elapsed_time)."""
    return start.elapsed_time(end)
