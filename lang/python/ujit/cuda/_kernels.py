"""@cuda.jit: kernels (kernel[grid, block(, stream(, sharedmem))](args)) and device functions."""
import numpy as np

from .. import _source, _types
from .._dispatcher import CompiledFunction, normalize_signatures
from .._native import ext
from ._api import _stream_handle, is_available
from ._devicearray import DeviceNDArray
from ._host_memory import _ReachableNDArray

_CUDA = 2

def _launch_arg(a):
    """What the extension's launch takes: its DeviceArray, a NumPy array (copied in and
    back), a __cuda_array_interface__ dict (CuPy, PyTorch: zero-copy) or a scalar."""
    if isinstance(a, DeviceNDArray):
        return a._h
    if isinstance(a, _ReachableNDArray) and a._ujit_memory is not None and is_available():
        return dict(a.__cuda_array_interface__)  # mapped or managed memory: in place, no copy
    if isinstance(a, np.ndarray) and _is_xoroshiro_records(a):
        return a.view(np.uint64).reshape(a.shape[0], 2)  # ujit's form of them, the same memory
    if isinstance(a, np.ndarray) or isinstance(a, (int, float, complex, bool, np.generic)):
        return a
    iface = getattr(a, "__cuda_array_interface__", None)
    if iface is not None:
        return dict(iface)
    if isinstance(a, (list, tuple)):
        return np.asarray(a)
    raise TypeError("a kernel argument cannot be a %s" % type(a).__name__)


def _is_xoroshiro_records(a):
    """A contiguous 1-D host array of numba.cuda.random's xoroshiro128p_dtype records."""
    d = a.dtype
    return (a.ndim == 1 and a.flags.c_contiguous and d.names == ("s0", "s1") and d.itemsize == 16
            and d["s0"] == np.uint64 and d["s1"] == np.uint64 and d.fields["s1"][1] == 8)


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
        # debug=True reaches the compiler: a kernel run on the CPU then checks its indexing.
        return _source.decorator_text("cuda.jit", device=self.device, fastmath=self.fastmath,
                                      debug=bool(self.options.get("debug")))

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
        # Without a device a kernel runs compiled for the CPU (the C API falls back, with a
        # note on stderr), on host arrays and the host device's arrays in place.
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


# forceinline= and inline='always' ask for what ujit always does: device functions are
# inlined into their callers.
_CUDA_JIT_OPTIONS = {"device", "debug", "lineinfo", "fastmath", "opt", "cache", "inline", "forceinline", "link",
                     "max_registers", "boundscheck", "func_or_sig", "argtypes", "restype", "launch_bounds"}


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
