"""@cuda.jit: kernels (kernel[grid, block(, stream(, sharedmem))](args)) and device functions."""
import copyreg
import numbers
import pickle
import re
import types
import warnings

import numpy as np

from .. import _overloads, _source, _types
from .._dispatcher import CompiledFunction, normalize_signatures
from .._pickle_function import rebind
from .._ufunc import reduce_by_reference
from . import _enum_kernel_args, _tuple_kernel_args
from .._native import ext
from .._types import TYPES as _TYPES
from .._typesmod import typeof
from ..core import config
from ..core.errors import NumbaInvalidConfigWarning, NumbaPerformanceWarning
from ._api import _stream_handle, is_available
from ._devicearray import DeviceNDArray, as_cuda_array, require_typed_records, storage_dtype
from ._host_memory import _ReachableNDArray
from ._device_values import device_value, is_dlpack_device_array
from ._launch_options import carveout_percent, decorator_options, launch_bounds_tuple
from .args import ArgHint
from .launchconfig import LaunchConfig, current_launch_config, launch_config

_CUDA = 2

def _argument_types(sig):
    """'void(float64[::1], int64)' -> (float64[::1], int64), the Types (a tuple type's text)."""
    def parse(text):
        try:
            return _types.parse_type(text)
        except TypeError:
            return text

    return tuple(parse(p) for p in _types.param_texts(sig))


def _device_array_code(a):
    """The argument type code of a device array (as typeof gives a host array's), kept on
    the array (`_ujit_code`, 0 until worked out; the C launcher fills it the same way): its
    dtype, shape and strides never change (views are new arrays)."""
    if a.dtype.names is not None:  # records: the extension registers their Record
        if storage_dtype(a.dtype) is a.dtype:
            return a._ujit_code or ext.cuda_array_code(a)
        # held as bytes (ujit cannot type the fields): typed by the fields, so the launch says why
        rec = _types.from_dtype(a.dtype)
        return _types.code_of_type(rec if not a.shape else _types.ArrayType(rec, a.ndim, "A"))
    code = a._ujit_code
    if not code:
        layout = "C" if a.is_c_contiguous() else "F" if a.is_f_contiguous() else "A"
        try:
            code = _types.code_of_type(_types.ArrayType(_types.scalar_type_of_dtype(a.dtype), a.ndim, layout))
        except TypeError:
            code = _types.CODE_NONE  # a dtype ujit has no type for: the launch says so
        a._ujit_code = code
    return code


def _dim3(d, what):
    """Numba's normalize_kernel_dimensions for one of griddim, blockdim; zero and negative
    extents, which CUDA refuses at the launch, are refused here."""
    dims = list(d) if isinstance(d, (tuple, list)) else [d]
    if len(dims) > 3:
        raise ValueError("%s must be a sequence of 1, 2 or 3 integers, got %r" % (what, dims))
    if not all(isinstance(x, numbers.Integral) for x in dims):
        raise TypeError("%s must be a sequence of integers, got %r" % (what, dims))
    dims = tuple(int(x) for x in dims)
    if not dims or any(x < 1 for x in dims):
        raise ValueError("%s must be 1 to 3 positive integers, not %r" % (what, dims))
    return dims + (1,) * (3 - len(dims))


def _performance_warning(message, stacklevel):
    if not config.DISABLE_PERFORMANCE_WARNINGS:  # stacklevel: the user's line
        warnings.warn(NumbaPerformanceWarning(message), stacklevel=stacklevel)


ext.cuda_launch_setup(config, NumbaPerformanceWarning)


def _copied_host_array(a):
    # Mapped and managed arrays are host memory that kernels address in place: no copy.
    return isinstance(a, np.ndarray) and not isinstance(a, _ReachableNDArray)


def _warn_implicit_copy(args):
    """Numba's warning for host arrays a launch copies to the GPU and back (the host device
    copies nothing: no warning there)."""
    if config.CUDA_WARN_ON_IMPLICIT_COPY and any(_copied_host_array(a) for a in args) and is_available():
        _performance_warning("Host array used in CUDA kernel will incur copy overhead to/from device.", 5)


def _launch_values(args):
    """What ext.launch takes for each argument, and the argument type codes."""
    launch_args, codes = [], []
    for a in args:
        if not isinstance(a, (DeviceNDArray, np.ndarray, np.generic)) and is_dlpack_device_array(a):
            a = as_cuda_array(a)  # typed as a device array; launches from C once wrapped
        if isinstance(a, DeviceNDArray):
            require_typed_records(a)
            launch_args.append(a._h)
            codes.append(_device_array_code(a))
        else:
            b = device_value(a)
            launch_args.append(b)
            # An interface dict (CuPy, PyTorch) is typed as the C launcher types it.
            codes.append(ext.cuda_array_code(b) if isinstance(b, dict) else ext.code_of(b))
    return tuple(launch_args), tuple(codes)


def _as_declared_signedness(value, param):
    """`value` viewed as `param`'s dtype where they are integers of one size and the other
    signedness (CUDAFunction.reinterpreted_arrays); else `value` unchanged."""
    if (not isinstance(param, _types.ArrayType) or param.kind not in ("i", "u")
            or not isinstance(value, (np.ndarray, DeviceNDArray))):
        return value  # (records and the rest: the launch's own check)
    have, want = value.dtype, np.dtype(param.dtype)
    if (have.kind in "iu" and want.kind in "iu" and have.kind != want.kind
            and have.itemsize == want.itemsize and value.ndim == param.ndim):
        return value.view(want)
    return value


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
        self._launched = set()  # the argument type codes of launches seen (note_launch)
        self._declared_params = {}  # argument type codes -> the declared parameters they use
        # One signature given alone (not in a list): numba-cuda's "specialized" kernel, which
        # launches its one compiled kernel with whatever arrays it is given (reinterpreted_arrays).
        self._lone_signature = signatures is not None and not isinstance(signatures, list)
        self._lone_params = None  # that signature's parameter types, parsed at the first launch

    def decorator(self):
        # debug=True reaches the compiler: a kernel run on the CPU then checks its indexing, one
        # compiled for a GPU carries DWARF; lineinfo=True gives a GPU kernel a line table.
        return _source.decorator_text("cuda.jit", device=self.device, fastmath=self.fastmath,
                                      debug=bool(self.options.get("debug")), link=self.options.get("link") or (),
                                      lineinfo=bool(self.options.get("lineinfo")),
                                      opt=self.options.get("opt") is not False,
                                      launch_options=() if self.device else decorator_options(self.options))

    def device_decorator(self):
        """How CUDA code that calls this kernel compiles it: as a device function (numba-cuda
        compiles a @cuda.jit function called from device code as one)."""
        return _source.decorator_text("cuda.jit", device=True, fastmath=self.fastmath,
                                      link=self.options.get("link") or ())

    def compile(self, sig):
        _overloads.retrying(self, lambda: check_cuda_signature(self.function(), str(sig)))
        if str(sig) not in self._signatures:
            self._signatures.append(str(sig))
        return str(sig)

    def declared_arguments(self, codes, launch_args):
        """A kernel with declared signatures runs one of them, as in Numba: the one needing
        the fewest unsafe, then safe, then promoting conversions (int64 to int32 included);
        none, or a tie, is Numba's TypeError (a kernel with signatures compiles no others). Scalars are
        converted to its parameter types here, so the launch picks exactly that one."""
        params = self._declared_params.get(codes)
        if params is None:
            try:
                sig, _ = self._declared_for(codes)
                params = tuple(_types.parse_type(p) for p in _types.param_texts(sig))
            except TypeError:
                if any(_types.flat_param(a)[0] is not None for s in self.declared for a in _types.param_texts(s)):
                    params = ()  # tuple parameters: left to the launch's own matching
                else:
                    raise
            self._declared_params[codes] = params
        if not params:
            return launch_args
        return tuple(a if isinstance(t, _types.ArrayType) or not isinstance(a, (int, float, complex, bool, np.generic))
                     else _scalar_as(a, t.dtype) for a, t in zip(launch_args, params))

    def reinterpreted_arrays(self, args):
        """numba-cuda launches a kernel given one signature alone without checking its arrays'
        dtypes: an int32 array passed for uint32[:] is read as uint32. ujit does that for the
        one case where the bits mean the same number modulo 2**n, an integer array of the
        declared size and the other signedness (a view, so writes reach the caller's array);
        any other mismatch stays Numba's "No matching definition" TypeError, not garbage."""
        params = self._lone_params
        if params is None:
            params = self._lone_params = tuple(_types.parse_type(p) for p in _types.param_texts(self.declared[0]))
        if len(params) != len(args):
            return args
        return tuple(_as_declared_signedness(a, t) for a, t in zip(args, params))

    def note_launch(self, codes):
        """Records the signature a launch compiled (the argument types, as Numba's typeof
        gives them), once per new tuple of types, so that inspect_* and `signatures` see
        kernels compiled by launching them. Declared signatures are the only ones there are."""
        if self.declared or codes in self._launched:
            return
        self._launched.add(codes)
        if not any(c & _types.CODE_NONE for c in codes):
            sig = "(%s)" % ", ".join(str(_types.type_of_code(c)) for c in codes)
            if sig not in self._signatures:
                self._signatures.append(sig)

    def _dumps(self, what, signature, arch=None):
        """Numba's inspect_*: for one signature (a tuple of argument types, or a signature as
        @cuda.jit takes it) its text, else a dict keyed by each compiled signature's tuple
        of argument types."""
        if signature is not None:
            sig = normalize_signatures(signature)[0] if isinstance(signature, tuple) else str(signature)
            return self.function().dump(what, self._args_of(sig), arch)
        sigs = self._signatures or self.declared
        return {_argument_types(s): self.function().dump(what, self._args_of(s), arch) for s in sigs}

    def inspect_asm(self, signature=None, arch=None):
        return self._dumps("ptx", signature, arch)

    def inspect_llvm(self, signature=None):
        return self._dumps("llvm", signature)

    def inspect_linked_cubin(self, signature=None, arch=None):
        """The cubin a GPU loads (bytes): the PTX linked with the link= files of the kernel,
        its device functions and the cuda.declare_device functions they call, by nvJitLink
        for `arch` (default: the PTX's). Works without a GPU."""
        if signature is None:
            sigs = self._signatures or self.declared
            if not sigs:
                raise TypeError("'%s' has no compiled signature: pass one" % self.py_func.__name__)
            signature = sigs[0]
        sig = normalize_signatures(signature)[0] if isinstance(signature, tuple) else str(signature)
        return self.function().link_cubin(self._args_of(sig), arch)

    def _repr(self):
        return "<ujit CUDA %s %s>" % ("device function" if self.device else "kernel", self.py_func.__name__)


def _scalar_as(a, dtype):
    """A scalar argument as a declared parameter's type. A Python int wraps to the integer
    type's width as Numba's launch converts it (ctypes.c_int32(0xFFFFFFFF) is -1)."""
    if type(a) is int and dtype.kind in "iu":
        bits = dtype.itemsize * 8
        a &= (1 << bits) - 1
        if dtype.kind == "i" and a >> (bits - 1):
            a -= 1 << bits
    return dtype.type(a)


class Kernel(ext.KernelBase):
    """What @cuda.jit returns for a kernel: kernel[griddim, blockdim(, stream, sharedmem)](args).
    kernel[...] is the C base's (ujit/_native/cuda_launcher.c): one configured launcher per
    configuration, made by _configure, and Numba's low-occupancy warning at each."""

    def __init__(self, owner):
        self._owner = owner
        self._ujit_callee = owner
        self.py_func = owner.py_func
        self.__name__ = owner.py_func.__name__
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func
        self.extensions = []  # Numba's argument-preparing objects (see _prepare_args)
        self._compiled_codes = set()  # argument type codes _compile_for_args has compiled for

    def _configure(self, config):
        """The ext.Launcher for a configuration kernel[...] has not seen, checked as Numba does."""
        if len(config) not in (2, 3, 4):  # (Numba's check: an int config is len()'s TypeError)
            raise ValueError("must specify at least the griddim and blockdim")
        grid, block = _dim3(config[0], "griddim"), _dim3(config[1], "blockdim")
        stream = config[2] if len(config) > 2 else 0
        shared = int(config[3]) if len(config) > 3 else 0
        launcher = ext.Launcher(self._launch_through_python, grid, block, _stream_handle(stream), shared)
        launcher.griddim, launcher.blockdim, launcher.stream, launcher.sharedmem = grid, block, stream, shared
        launcher.dispatcher = self  # (Numba's name; pickling a configured launch needs it)
        return launcher

    def __reduce__(self):
        return _reduce_cuda_function(self)

    def __call__(self, *args):
        raise ValueError("kernel launch configuration was not specified: use %s[griddim, blockdim](...)"
                         % self.__name__)

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """numba-cuda's ForAll: a launch of `ntasks` threads, `tpb` a block (128 unless given);
        no launch at all for none, and its ValueError for a negative count."""
        ntasks = int(ntasks)
        if ntasks < 0:
            raise ValueError("Can't create ForAll with negative task count: %s" % ntasks)
        if ntasks == 0:
            return lambda *args: None
        tpb = tpb or 128
        return self[(ntasks + tpb - 1) // tpb, tpb, stream, sharedmem]

    def _launch_through_python(self, launcher, *args):
        """What the C launcher calls for a launch it cannot make alone; then it can, for
        arguments of these types (with declared signatures: scalars converted to the dtypes of
        the parameters this launch chose; never with arguments an extension or cuda.In/Out/InOut
        prepares, which each launch prepares again)."""
        for callback in launcher._callbacks_if_any or ():
            callback(self, launcher)
        codes, prepared = self.launch(args, launcher.griddim, launcher.blockdim, launcher.stream, launcher.sharedmem)
        if prepared:
            return
        if not self._owner.declared:
            launcher.remember(self._owner.function(), codes)
            return
        params = self._owner._declared_params.get(codes)
        if params:
            converts = tuple(-1 if isinstance(t, _types.ArrayType) else _types.code_of_type(t) for t in params)
            launcher.remember(self._owner.function(), codes, converts)

    def launch(self, args, grid, block, stream, shared):
        # Without a device a kernel runs compiled for the CPU (the C API falls back, with a
        # note on stderr), on host arrays and the host device's arrays in place.
        retrieve = []  # what cuda.Out and cuda.InOut arguments copy back after the launch
        prepared = bool(self.extensions) or any(isinstance(a, ArgHint) for a in args)
        if prepared:
            original, args = args, self._prepare_args(args, stream, retrieve)
        _warn_implicit_copy(args)
        if not self._owner.declared and _enum_kernel_args.has_enum(args):
            # Enum members: a wrapper kernel makes them members again (_enum_kernel_args.py).
            # Every such launch comes through here: a member has no type code of its own.
            fn = _enum_kernel_args.wrapper_function(self._owner, args)
            launch_args, _ = _launch_values(_enum_kernel_args.flat_arguments(args))
            ext.launch(fn, grid, block, launch_args, _stream_handle(stream), shared)
            for copy_back in retrieve:
                copy_back()
            return (), True
        if not self._owner.declared and _tuple_kernel_args.has_tuple(args):
            # Tuples: a wrapper kernel rebuilds them from their items (_tuple_kernel_args.py).
            wrapper = _tuple_kernel_args.wrapper_kernel(self._owner, args)
            launch_args, _ = _launch_values(_tuple_kernel_args.flat_arguments(args))
            _overloads.retrying(wrapper, lambda: ext.launch(wrapper.function(), grid, block, launch_args,
                                                            _stream_handle(stream), shared))
            for copy_back in retrieve:
                copy_back()
            return (), True
        if self._owner._lone_signature:
            args = self._owner.reinterpreted_arrays(args)
        launch_args, codes = _launch_values(args)
        if self._owner.declared:
            launch_args = self._owner.declared_arguments(codes, launch_args)
        elif codes not in self._compiled_codes:  # Numba compiles for new argument types only,
            # with the launch's configuration current (numba.cuda.launchconfig)
            with launch_config(LaunchConfig(self, grid, block, stream, shared, original if prepared else args)):
                self._compile_for_args(*(original if prepared else args))
            self._compiled_codes.add(codes)
        _overloads.retrying(self._owner, lambda: ext.launch(self._owner.function(), grid, block, launch_args,
                                                            _stream_handle(stream), shared))
        for copy_back in retrieve:
            copy_back()
        self._owner.note_launch(codes)
        return codes, prepared

    def _prepare_args(self, args, stream, retrieve):
        """Numba's argument preparation: each of the kernel's `extensions` may replace an
        argument (prepare_args(ty, val, stream=, retr=)); cuda.In/Out/InOut then become
        device arrays, their copies back appended to `retrieve`."""
        prepared = []
        for value in args:
            if self.extensions:
                ty = value._numba_type_ if isinstance(value, ArgHint) else typeof(value)
                for extension in self.extensions:
                    ty, value = extension.prepare_args(ty, value, stream=stream, retr=retrieve)
            prepared.append(value.to_device(retrieve, stream) if isinstance(value, ArgHint) else value)
        return tuple(prepared)

    # --- numba.cuda.launchconfig: the compile step of a launch, and what it may mark
    def _compile_for_args(self, *args, **kws):
        """Numba's CUDADispatcher._compile_for_args: the specialization (a CompiledKernel in
        `overloads`) for the types of `args`, as a launch passes them. ujit compiles it in the
        launch that follows (ext.launch, cached per signature), under the same configuration."""
        if self._owner.declared:
            return None  # its signatures were compiled at decoration
        args = [a.value if isinstance(a, ArgHint) else a for a in args]  # typed as the array it holds
        codes = tuple(_device_array_code(a) if isinstance(a, DeviceNDArray)
                      else ext.code_of(device_value(a, sync=False)) for a in args)
        if any(c & _types.CODE_NONE for c in codes):
            return None  # an argument ujit cannot pass: the launch says which
        sig = "(%s)" % ", ".join(str(_types.type_of_code(c)) for c in codes)
        compiled = self.overloads.get(_argument_types(sig))
        if compiled is None:
            compiled = self.overloads[_argument_types(sig)] = CompiledKernel(self, sig)
        config = current_launch_config()
        if config is not None and config.dispatcher is self and self._sensitive_pending:
            compiled.launch_config_sensitive = True
            self._sensitive_pending = False
        return compiled

    def mark_launch_config_sensitive(self):
        """Marks the kernel being compiled for the current launch as depending on its launch
        configuration (Numba's hook for compile-time code that reads the configuration)."""
        self._sensitive_pending = True

    _sensitive_pending = False

    # --- Numba's CUDADispatcher.specialize
    _specialized = False

    @property
    def specialized(self):
        """Whether this kernel compiles only its signatures (declared, or by specialize)."""
        return self._specialized or bool(self._owner.declared)

    @property
    def specializations(self):
        """The kernels specialize() made, keyed by their tuples of argument types."""
        return self.__dict__.setdefault("_specializations", {})

    def specialize(self, *args):
        """A kernel compiled for the types of `args` (values, or types) alone, made once per
        tuple of types; a kernel with signatures (declared, or specialized) has no others."""
        if self.specialized:
            raise RuntimeError("Dispatcher already specialized")
        argtypes = tuple(a if isinstance(a, _types.Type) else typeof(a) for a in args)
        kernel = self.specializations.get(argtypes)
        if kernel is None:
            owner = self._owner
            kernel = jit(_TYPES["void"](*argtypes), **{k: v for k, v in owner.options.items() if k != "device"})(self.py_func)
            kernel._specialized = True
            self.specializations[argtypes] = kernel
        return kernel

    @property
    def overloads(self):
        """The kernels compiled (declared signatures, and those launches compiled), keyed by
        their tuples of argument types."""
        overloads = self.__dict__.get("_overloads")
        if overloads is None:
            overloads = self.__dict__["_overloads"] = {}
            for sig in self._owner.declared:  # compiled at decoration
                overloads[_argument_types(sig)] = CompiledKernel(self, "(%s)" % ", ".join(_types.param_texts(sig)))
        return overloads

    @property
    def signatures(self):
        return self._owner.signatures

    def compile(self, sig):
        """Compiles `sig` ahead of a launch (Numba's CUDADispatcher.compile)."""
        return self._owner.compile(normalize_signatures(sig)[0])

    def inspect_asm(self, signature=None, arch=None):
        return self._owner.inspect_asm(signature, arch)

    def inspect_llvm(self, signature=None):
        return self._owner.inspect_llvm(signature)

    def inspect_linked_cubin(self, signature=None, arch=None):
        return self._owner.inspect_linked_cubin(signature, arch)

    def inspect_types(self, signature=None, file=None):
        return self._owner.inspect_types(signature, file)

    def inspect_sass(self, signature=None):
        """Numba's inspect_sass: nvdisasm's text of the kernel's cubin for `signature`, else a
        dict keyed by each compiled signature's tuple of argument types (cuda/_sass.py)."""
        from ._sass import disassemble, kernel_cubin, require_nvdisasm

        require_nvdisasm()  # before any compile, as Numba checks
        if signature is not None:
            return disassemble(kernel_cubin(self._owner, signature))
        sigs = self._owner.signatures or self._owner.declared
        return {_argument_types(s): disassemble(kernel_cubin(self._owner, s)) for s in sigs}

    # --- cudacg: Numba's resource queries (cuFuncGetAttribute), per signature: for one
    # signature (a Signature, or its tuple of argument types) its value; else the value of the
    # one signature of a specialized kernel, or a dict keyed by each compiled signature's
    # tuple of argument types.
    def _attribute(self, index, signature):
        if signature is not None:
            return self._attributes_of(signature)[index]
        sigs = self._owner.signatures or self._owner.declared
        if self.specialized and len(sigs) == 1:
            return self._attributes_of(sigs[0])[index]
        return {_argument_types(s): self._attributes_of(s)[index] for s in sigs}

    def _attributes_of(self, signature):
        if isinstance(signature, str):
            text = "(%s)" % ", ".join(_types.param_texts(signature))
        else:
            args = getattr(signature, "args", signature)
            text = "(%s)" % ", ".join(str(t) for t in args)
        return self._owner.function().kernel_attributes(text)

    def get_regs_per_thread(self, signature=None):
        return self._attribute(0, signature)

    def get_local_mem_per_thread(self, signature=None):
        return self._attribute(1, signature)

    def get_const_mem_size(self, signature=None):
        return self._attribute(2, signature)

    def get_shared_mem_per_block(self, signature=None):
        return self._attribute(3, signature)

    def get_max_threads_per_block(self, signature=None):
        return self._attribute(4, signature)

    def __repr__(self):
        return self._owner._repr()


class CompiledKernel:
    """One specialization of a kernel, as Kernel.overloads holds them (Numba's _Kernel)."""

    def __init__(self, kernel, signature):
        self.py_func, self.signature = kernel.py_func, signature
        self.argument_types = _argument_types(signature)
        self.launch_config_sensitive = False
        self._owner = kernel._owner

    @property
    def _type_annotation(self):
        """Numba's annotation of this specialization: `typemap`, each variable's type."""
        from .._type_annotation import TypeAnnotation

        return TypeAnnotation(self._owner.function().dump("types", _types.split_full_signature(self.signature)[1]))

    # --- coop: cooperative groups (numba.cuda.cg)
    @property
    def cooperative(self):
        """Whether this kernel synchronizes its grid (cuda.cg.this_grid()): it is linked with
        CUDA's device runtime and every launch of it is cooperative (all blocks resident)."""
        return self._owner.function().kernel_cooperative(self.signature)

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0):
        """The most blocks of `blockdim` threads (an int, or a tuple of 1 to 3) and `dynsmemsize`
        bytes of dynamic shared memory a cooperative launch of this kernel may have on the current
        device: the driver's occupancy per multiprocessor times their count, as Numba computes it."""
        dims = tuple(blockdim) if isinstance(blockdim, tuple) else (blockdim,)
        if not 1 <= len(dims) <= 3:
            raise ValueError("blockdim must be an int or a tuple of 1 to 3 ints, not %r" % (blockdim,))
        dims = tuple(int(d) for d in dims) + (1,) * (3 - len(dims))
        return self._owner.function().max_cooperative_grid_blocks(self.signature, dims, int(dynsmemsize))

    def __repr__(self):
        return "<ujit CUDA kernel %s%s>" % (self.py_func.__name__, self.signature)


class DeviceFunction:
    """@cuda.jit(device=True): compiled into the kernels and CUDA ufuncs that call it."""

    def __init__(self, owner):
        self._owner = owner
        self._ujit_callee = owner
        self.py_func = owner.py_func
        self.__name__ = owner.py_func.__name__
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func

    def __reduce__(self):
        return _reduce_cuda_function(self)

    def __call__(self, *args):
        raise TypeError("'%s' is a CUDA device function: call it from a @cuda.jit kernel or a CUDA ufunc"
                        % self.__name__)

    def __getitem__(self, config):  # Numba's class and words
        raise RuntimeError("Cannot compile a device function as a kernel: '%s' is @cuda.jit(device=True)"
                           % self.__name__)

    def inspect_sass(self, signature=None):
        raise RuntimeError("Cannot inspect SASS of a device function: only kernels are machine code on their own")

    @property
    def signatures(self):
        return self._owner.signatures

    def inspect_asm(self, signature=None, arch=None):
        return self._owner.inspect_asm(signature, arch)

    def inspect_llvm(self, signature=None):
        return self._owner.inspect_llvm(signature)

    def compile_device(self, args, return_type=None):
        """Numba's CUDADispatcher.compile_device: compiles the function for `args` (a tuple
        of types); the result's fndesc.mangled_name is its symbol in inspect_llvm and
        inspect_asm. ujit compiles it for the return type it infers: a `return_type` that is
        another is a NotImplementedError (declare the signature on @cuda.jit instead)."""
        sig = "(%s)" % ", ".join(str(a) for a in args)
        self._owner.compile(sig)
        llvm = self._owner.inspect_llvm(sig)
        m = re.search(r'define [^@]*@"?(%s\$[^"(\s]*)"?\(' % re.escape(self.__name__), llvm)
        if m is None:
            raise AssertionError("ujit: no definition of '%s' in its LLVM IR" % self.__name__)
        result = DeviceCompileResult(self, m.group(1), sig)
        if return_type is not None and str(return_type) != result.fndesc.restype:
            raise NotImplementedError("compile_device: '%s' returns %s, not %s, for %s; ujit compiles a device "
                                      "function for the return type it infers (declare the signature on "
                                      "@cuda.jit to convert)" % (self.__name__, result.fndesc.restype,
                                                                 return_type, sig))
        return result

    def __repr__(self):
        return self._owner._repr()


class DeviceCompileResult:
    """What compile_device returns (Numba's CompileResult, the parts that describe the
    compiled function): `fndesc` (mangled_name, qualname, argtypes, restype) and `signature`."""

    def __init__(self, device_function, mangled_name, sig):
        dump = device_function._owner.function().dump("types", device_function._owner._args_of(sig))
        head = dump.split("\n", 1)[0]  # "# name (args) -> ret"
        args, ret = head.split(" (", 1)[1].rsplit(") -> ", 1)
        self.signature = "%s(%s)" % (ret.strip(), args)
        self.fndesc = types.SimpleNamespace(mangled_name=mangled_name, qualname=device_function.py_func.__qualname__,
                                            argtypes=tuple(_types.split_signature("(%s)" % args)[1]),
                                            restype=ret.strip())


# forceinline= and inline='always' ask for what ujit always does: device functions are
# inlined into their callers.
_CUDA_JIT_OPTIONS = {"device", "debug", "lineinfo", "fastmath", "opt", "cache", "inline", "forceinline", "link",
                     "max_registers", "boundscheck", "func_or_sig", "argtypes", "restype", "launch_bounds", "lto",
                     "shared_memory_carveout"}


def _check_debug_options(options):
    """numba-cuda's defaults and warnings for debug=/opt=/lineinfo= (its decorators.py): unset,
    debug is config.CUDA_DEBUGINFO_DEFAULT and opt is config.OPT != 0; debug with opt, or
    debug with lineinfo, is a NumbaInvalidConfigWarning at decoration."""
    if options.get("debug") is None:
        options["debug"] = bool(config.CUDA_DEBUGINFO_DEFAULT)
    if options.get("opt") is None:
        options["opt"] = config.OPT != 0
    if options["debug"] and options["opt"]:
        warnings.warn(NumbaInvalidConfigWarning(
            "debug=True with opt=True is not supported by CUDA. This may result in a crash - set debug=False "
            "or opt=False."), stacklevel=3)
    if options["debug"] and options.get("lineinfo"):
        warnings.warn(NumbaInvalidConfigWarning(
            "debug and lineinfo are mutually exclusive. Use debug to get full debug info (this disables some "
            "optimizations), or lineinfo for line info only with code generation unaffected."), stacklevel=3)


def _reduce_cuda_function(obj):
    """Pickles a kernel or device function by reference where its module has it by name,
    else by value (its Python function, signatures and options), as numba-cuda does."""
    o = obj._owner
    declared = o.declared[0] if o._lone_signature else o.declared
    return reduce_by_reference(obj, o.py_func, (_rebuild_cuda_function, (o.py_func, declared, o.options)))


def _rebuild_cuda_function(py_func, declared, options):
    owner = CUDAFunction(py_func, declared or None, options)
    for sig in owner.declared:
        owner.compile(sig)
    return rebind(py_func, DeviceFunction(owner) if owner.device else Kernel(owner))


def _reduce_launch(launcher):
    """A configured launch kernel[grid, block, stream, shared] pickles as its kernel and
    configuration (numba-cuda's _LaunchConfiguration; not with pre-launch callbacks)."""
    if launcher._callbacks_if_any:
        raise pickle.PicklingError("Cannot pickle configured launches with pre-launch callbacks")
    if launcher.stream not in (0, None):
        raise pickle.PicklingError("Cannot pickle a configured launch on a stream other than the default one")
    return _configured, (launcher.dispatcher, launcher.griddim, launcher.blockdim, launcher.sharedmem)


def _configured(kernel, griddim, blockdim, sharedmem):
    return kernel[griddim, blockdim, 0, sharedmem]


copyreg.pickle(ext.Launcher, _reduce_launch)


def jit(func_or_sig=None, device=False, **options):
    """Numba's @cuda.jit: bare, with signatures, or with options (device=True, ...)."""
    unknown = set(options) - _CUDA_JIT_OPTIONS
    if unknown:
        raise TypeError("cuda.jit() got unexpected keyword argument(s): %s" % ", ".join(sorted(unknown)))
    options["device"] = device
    _check_debug_options(options)
    launch_bounds_tuple(options.get("launch_bounds"))  # numba-cuda's errors, at decoration
    carveout_percent(options.get("shared_memory_carveout"))
    if options.pop("lto", False):  # Numba's class and words where it cannot link LTO-IR
        raise RuntimeError("lto=True: LTO requires nvjitlink linking of the kernel as LTO-IR on request, which ujit "
                           "does not offer (nor inspect_lto_ptx); it links a kernel with LTO by itself where a link "
                           "file is CUDA C++ or LTO-IR: compile without lto=True")
    if options.get("link") is not None:  # checked now: an error in a .cu file at its line
        from ._linking import check_link_files

        options["link"] = check_link_files(options["link"])

    def make(fn, sigs):
        owner = CUDAFunction(fn, sigs, options)
        for sig in owner.declared:  # Numba compiles declared signatures at decoration
            owner.compile(sig)
        return DeviceFunction(owner) if device else Kernel(owner)

    if callable(func_or_sig) and not isinstance(func_or_sig, _types.Type):
        return make(func_or_sig, None)
    # (one signature alone stays unlisted: CUDAFunction tells numba-cuda's specialized kernel by it)
    sigs = func_or_sig if func_or_sig is None or isinstance(func_or_sig, list) else normalize_signatures(func_or_sig)[0]
    return lambda fn: make(fn, sigs)


jit._ujit_decorator = True
