"""Host side of ujit.cuda: availability, devices, streams, device arrays, @cuda.jit.

Everything goes through the extension's CUDA functions (ujit/_native/cuda.c over the C
API's ujit_cuda_* / ujit_device_array_* / ujit_function_launch). Where CUDA cannot be used,
kernels raise CudaSupportError with the reason; ufuncs fall back to the CPU (cuda/_ufunc.py).
"""
import numpy as np

from .. import _source, _types
from .._dispatcher import CompiledFunction, normalize_signatures
from .._native import ext

_CUDA = 2


# CUDA is unavailable here (Numba's numba.cuda.cudadrv.error.CudaSupportError); raised by
# the extension too (UJIT_ERROR_CUDA_UNAVAILABLE).
CudaSupportError = ext.CudaSupportError


def _availability():
    if not hasattr(ext, "cuda_available"):
        return False, "this libujit build has no CUDA entry points in its C API"
    return ext.cuda_available()


def is_available():
    """True when a CUDA device can run kernels here."""
    return bool(_availability()[0])


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


def get_current_device():
    _require()
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
    return get_current_device()


def close():
    """Numba's cuda.close(): waits for the device's work (ujit keeps its context)."""
    if is_available():
        synchronize()


def synchronize():
    _require()
    ext.cuda_synchronize()


def detect():
    """Prints the CUDA devices found, as Numba's cuda.detect(); True when one is usable."""
    ok, reason = _availability()
    if not ok:
        print("CUDA is unavailable: %s" % reason)
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
    """A CUDA stream (cuda.stream()); `0`/None stand for the default stream."""

    def __init__(self, handle=None):
        self._h = handle

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

    def __repr__(self):
        return "<CUDA stream %#x>" % int(self.handle)


def stream():
    _require()
    return Stream(ext.Stream())


def default_stream():
    return Stream(None)


def _stream_handle(s):
    """The extension's stream object for a `stream=` argument (None: default)."""
    if s is None or (isinstance(s, int) and s == 0):
        return None
    if isinstance(s, Stream):
        return s._h
    raise TypeError("stream must be a ujit.cuda stream or 0, not %s" % type(s).__name__)


class Event:
    """A CUDA event (cuda.event()): record on a stream, synchronize, time between two."""

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
    _require()
    return Event(timing)


def event_elapsed_time(start, end):
    """Milliseconds between two recorded events (Numba's cuda.event_elapsed_time)."""
    return start.elapsed_time(end)


# ---------------------------------------------------------------------- device arrays


class DeviceNDArray:
    """An array in device memory (Numba's DeviceNDArray): copy_to_host, __cuda_array_interface__,
    __dlpack__. Its memory returns to ujit's pool when the last reference goes."""

    def __init__(self, handle, stream=None):
        self._h = handle
        iface = handle.interface()
        self.shape = tuple(iface["shape"])
        self.strides = tuple(iface["strides"])
        self.dtype = np.dtype(iface["typestr"])
        self._ptr = iface["data"]
        self._device = iface["device"]
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
        return {"shape": self.shape, "strides": None if self.is_c_contiguous() else self.strides,
                "data": (self._ptr, False), "typestr": self.dtype.str, "version": 3, "stream": None}

    def __dlpack__(self, stream=None):
        return self._h.to_dlpack()

    def __dlpack_device__(self):
        return (2, self._device)  # kDLCUDA

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
    _require()
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
    _require()
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
    return hasattr(obj, "__cuda_array_interface__")


def as_cuda_array(obj):
    """A DeviceNDArray viewing another library's device memory (zero-copy, through DLPack)."""
    _require()
    if isinstance(obj, DeviceNDArray):
        return obj
    if hasattr(obj, "__dlpack__"):
        return DeviceNDArray(ext.device_array_from_dlpack(obj.__dlpack__()))
    raise TypeError("%s does not export DLPack" % type(obj).__name__)


# ---------------------------------------------------------------------- kernels


def _launch_arg(a):
    """What the extension's launch takes: its DeviceArray, a NumPy array (copied in and
    back), a __cuda_array_interface__ dict (CuPy, PyTorch: zero-copy) or a scalar."""
    if isinstance(a, DeviceNDArray):
        return a._h
    if isinstance(a, np.ndarray) or isinstance(a, (int, float, complex, bool, np.generic)):
        return a
    iface = getattr(a, "__cuda_array_interface__", None)
    if iface is not None:
        return dict(iface)
    if isinstance(a, (list, tuple)):
        return np.asarray(a)
    raise TypeError("a kernel argument cannot be a %s" % type(a).__name__)


def _dim3(d, what):
    if isinstance(d, (int, np.integer)):
        d = (int(d),)
    d = tuple(int(x) for x in d)
    if not 1 <= len(d) <= 3 or any(x < 1 for x in d):
        raise ValueError("%s must be 1 to 3 positive integers, not %r" % (what, d))
    return d + (1,) * (3 - len(d))


def check_cuda_signature(fn, sig):
    """Compiles `sig` for the GPU: for this device where one is usable, else to PTX alone
    (what a GPU would load), so compile errors surface at decoration everywhere."""
    if is_available():
        fn.compile(sig, _CUDA)
    else:
        fn.dump("ptx", sig, "sm_80")


class CUDAFunction(CompiledFunction):
    """@cuda.jit: a kernel (launch with [grid, block]) or a device function."""

    kind = "cuda.jit"

    def __init__(self, py_func, signatures, options):
        super().__init__(py_func, signatures, options)
        self.device = bool(options.get("device", False))

    def decorator(self):
        return _source.decorator_text("cuda.jit", device=self.device)

    def compile(self, sig):
        check_cuda_signature(self.function(), str(sig))
        if str(sig) not in self._signatures:
            self._signatures.append(str(sig))
        return str(sig)

    def inspect_asm(self, signature=None, arch=None):
        sigs = [str(signature)] if signature is not None else (self._signatures or self.declared)
        out = {s: self.function().dump("ptx", self._args_of(s), arch) for s in sigs}
        return out[str(signature)] if signature is not None else out

    def inspect_llvm(self, signature=None):
        sigs = [str(signature)] if signature is not None else (self._signatures or self.declared)
        out = {s: self.function().dump("llvm", self._args_of(s)) for s in sigs}
        return out[str(signature)] if signature is not None else out

    def _repr(self):
        return "<ujit CUDA %s %s>" % ("device function" if self.device else "kernel", self.py_func.__name__)


class Kernel:
    """What @cuda.jit returns for a kernel: kernel[griddim, blockdim(, stream, sharedmem)](args)."""

    def __init__(self, owner):
        self._owner = owner
        self._ujit_callee = owner
        self.py_func = owner.py_func
        self.__name__ = owner.py_func.__name__
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func

    def __getitem__(self, config):
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise ValueError("launch configuration must be [griddim, blockdim(, stream(, sharedmem))]")
        grid, block = _dim3(config[0], "griddim"), _dim3(config[1], "blockdim")
        stream = config[2] if len(config) > 2 else 0
        shared = int(config[3]) if len(config) > 3 else 0
        return _Launcher(self, grid, block, stream, shared)

    def __call__(self, *args):
        raise ValueError("kernel launch configuration was not specified: use %s[griddim, blockdim](...)"
                         % self.__name__)

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        tpb = tpb or 128
        return self[(int(ntasks) + tpb - 1) // tpb, tpb, stream, sharedmem]

    def launch(self, args, grid, block, stream, shared):
        _require()
        ext.launch(self._owner.function(), grid, block, tuple(_launch_arg(a) for a in args),
                   _stream_handle(stream), shared)

    @property
    def signatures(self):
        return self._owner.signatures

    def inspect_asm(self, signature=None, arch=None):
        return self._owner.inspect_asm(signature, arch)

    def inspect_llvm(self, signature=None):
        return self._owner.inspect_llvm(signature)

    def __repr__(self):
        return self._owner._repr()


class _Launcher:
    def __init__(self, kernel, grid, block, stream, shared):
        self.kernel, self.griddim, self.blockdim, self.stream, self.sharedmem = kernel, grid, block, stream, shared

    def __call__(self, *args):
        self.kernel.launch(args, self.griddim, self.blockdim, self.stream, self.sharedmem)


class DeviceFunction:
    """@cuda.jit(device=True): compiled into the kernels and CUDA ufuncs that call it."""

    def __init__(self, owner):
        self._owner = owner
        self._ujit_callee = owner
        self.py_func = owner.py_func
        self.__name__ = owner.py_func.__name__
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func

    def __call__(self, *args):
        raise TypeError("'%s' is a CUDA device function: call it from a @cuda.jit kernel or a CUDA ufunc"
                        % self.__name__)

    def __repr__(self):
        return self._owner._repr()


_CUDA_JIT_OPTIONS = {"device", "debug", "lineinfo", "fastmath", "opt", "cache", "inline", "link", "max_registers",
                     "boundscheck", "func_or_sig", "argtypes", "restype"}


def jit(func_or_sig=None, device=False, **options):
    """Numba's @cuda.jit: bare, with signatures, or with options (device=True, ...)."""
    unknown = set(options) - _CUDA_JIT_OPTIONS
    if unknown:
        raise TypeError("cuda.jit() got unexpected keyword argument(s): %s" % ", ".join(sorted(unknown)))
    options["device"] = device

    def make(fn, sigs):
        owner = CUDAFunction(fn, sigs, options)
        for sig in owner.declared:  # Numba compiles declared signatures at decoration
            owner.compile(sig)
        return DeviceFunction(owner) if device else Kernel(owner)

    if callable(func_or_sig) and not isinstance(func_or_sig, _types.Type):
        return make(func_or_sig, None)
    sigs = normalize_signatures(func_or_sig)
    return lambda fn: make(fn, sigs)


jit._ujit_decorator = True
