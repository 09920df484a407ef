"""@vectorize(..., target='cuda') and @guvectorize(..., target='cuda').

On a usable GPU the ufunc runs there (Numba's CUDA ufunc): host arrays in, host arrays
out; device arrays (or CuPy/PyTorch arrays) in, a device array out; `out=` and `stream=`
as Numba takes them. Where CUDA is unavailable, host arrays in run the same function's CPU
loops (the CLI does the same); device arrays in (the host device's, in host memory) take the
GPU path's calls, which the library runs compiled for the CPU: device arrays out, as on a GPU.
"""
import warnings

import numpy as np

from .. import _source, _types
from .._ufunc import GufuncFunction, UfuncFunction, reduce_by_reference
from .._native import ext
from . import _api, _devicearray
from ._devicearray import DeviceNDArray
from ._device_values import as_device_arrays, device_value, on_device
from ._kernels import check_cuda_signature
from ._ufunc_args import _is_scalar, declared_loops, resolve_gufunc, resolve_ufunc



def _numpy_runs(dtypes):
    """Whether NumPy's ufunc machinery can run a loop of these dtypes: a signature may not name
    a datetime64 unit there, so datetime loops run on the host device instead."""
    return not any(d is not None and np.dtype(d).kind in "mM" for d in dtypes)

class CUDAUfuncFunction(UfuncFunction):
    def __init__(self, py_func, signatures, options):
        super().__init__(py_func, signatures, options)
        self.target = "cuda"

    def decorator(self):
        return _source.decorator_text("vectorize", self.declared, "cuda")


class CUDAUFunc(ext.CudaUfuncBase):
    """A vectorize ufunc for the GPU, with a CPU fallback. A call is the C base's
    (ujit/_native/cuda_ufunc_call.c) where every input is a DeviceNDArray of dtypes `_call`
    has resolved before, on the default stream; `_call` is the rest."""

    def __init__(self, owner):
        if not owner.declared:
            raise TypeError("ufuncs with target='cuda' need explicit signatures")
        self._owner = owner
        self._cpu = None
        self._loops_by_dtypes = {}  # resolve_ufunc's memo
        self.__name__ = owner.py_func.__name__
        self.__qualname__ = owner.py_func.__qualname__
        self.__module__ = owner.py_func.__module__  # pickle finds it by reference there
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func
        self.nin = len(_source.FunctionSource(owner.py_func).node.args.args)
        self.nout = 1
        for sig in owner.declared:  # Numba compiles the declared signatures at decoration
            check_cuda_signature(owner.function(), sig)

    @property
    def cpu_ufunc(self):
        """The CPU numpy.ufunc of the same loops (what runs where CUDA is unavailable)."""
        if self._cpu is None:
            options = dict(self._owner.options, target="cpu")
            cpu = UfuncFunction(self._owner.py_func, self._owner.declared, options)
            cpu.cpu_fallback = True  # device functions it calls compile for the CPU
            self._cpu = cpu.cpu_ufunc()
        return self._cpu

    def _call(self, *args, out=None, stream=0):
        if len(args) != self.nin:
            raise TypeError("%s takes %d arguments, %d given" % (self.__name__, self.nin, len(args)))
        given = args
        args = as_device_arrays(args)
        args, loop = resolve_ufunc(self.__name__, self._owner.declared, args, self._loops_by_dtypes)
        if not _api.is_available() and not any(isinstance(a, DeviceNDArray) for a in list(args) + [out]) \
                and _numpy_runs(loop):
            # Host arrays without a GPU: the CPU ufunc (device arrays take the host device below).
            return self.cpu_ufunc(*args, signature=loop) if out is None else \
                self.cpu_ufunc(*args, out=out, signature=loop)
        s = _api._stream_handle(stream)
        inputs = tuple(device_value(a, host_fallback=True) for a in args)
        fn = self._owner.function()
        if out is not None:
            target = out._h if isinstance(out, DeviceNDArray) else (
                dict(out.__cuda_array_interface__) if on_device(out) else out)
            ext.vectorize_cuda(fn, inputs, target, s)
            result = out
        else:
            result = DeviceNDArray(ext.vectorize_cuda(fn, inputs, None, s), stream)
            if not any(on_device(a) for a in args):
                return result.copy_to_host(stream=stream)  # host in, host out (Numba)
        if all(type(a) is DeviceNDArray or _is_scalar(a) for a in given):
            # Resolved: inputs of these dtypes (numbers: of these NumPy dtypes) run from C from now on.
            self._remember(fn, given, DeviceNDArray, tuple(_types.code_of_dtype(d) for d in loop[:self.nin]))
        return result

    def reduce(self, array, axis=0, stream=0):
        host = array.copy_to_host() if isinstance(array, DeviceNDArray) else np.asarray(array)
        return self.cpu_ufunc.reduce(host, axis=axis)

    @property
    def types(self):
        return self.cpu_ufunc.types

    def __repr__(self):
        return "<ujit CUDA ufunc %s>" % self.__name__

    def __reduce__(self):  # Dask ships it to workers (ujit.dask)
        o = self._owner
        return reduce_by_reference(self, o.py_func, (_rebuild_cuda_ufunc, (o.py_func, o.declared, o.options)))


# What @vectorize(target='cuda') takes besides the signatures (numba-cuda's DeviceVectorize;
# fastmath is ujit's too); nopython is redundant there, anything else Numba's KeyError.
_CUDA_UFUNC_OPTIONS = {"target", "identity", "cache", "fastmath"}


def make_cuda_ufunc(py_func, sigs, kws):
    for option in kws:
        if option == "nopython":
            warnings.warn("nopython kwarg for cuda target is redundant", RuntimeWarning, stacklevel=3)
        elif option not in _CUDA_UFUNC_OPTIONS:
            raise KeyError("Unrecognized options. cuda vectorize target does not support option: '%s'" % option)
    return CUDAUFunc(CUDAUfuncFunction(py_func, sigs, kws))


class CUDAGufuncFunction(GufuncFunction):
    def decorator(self):
        return _source.decorator_text("guvectorize", self.declared, "cuda", self.layout)


class CUDAGUFunc:
    """A guvectorize gufunc for the GPU (one GPU thread per loop iteration), with the same
    function's CPU gufunc where CUDA is unavailable. Host arrays in, host arrays out; device
    arrays (or CuPy/PyTorch arrays) in, device arrays out, as Numba's CUDA gufuncs."""

    def __init__(self, owner):
        self._owner = owner
        self._cpu = None
        self.__name__ = owner.py_func.__name__
        self.__qualname__ = owner.py_func.__qualname__
        self.__module__ = owner.py_func.__module__  # pickle finds it by reference there
        self.__doc__ = owner.py_func.__doc__
        self.__wrapped__ = owner.py_func
        self.nin, self.nout = len(owner.inputs), len(owner.outputs)
        self.signature = owner.layout

    @property
    def cpu_ufunc(self):
        """The CPU gufunc of the same loops (what runs where CUDA is unavailable)."""
        if self._cpu is None:
            options = dict(self._owner.options, target="cpu")
            cpu = GufuncFunction(self._owner.py_func, self._owner.declared, self._owner.layout, options)
            cpu.cpu_fallback = True
            self._cpu = cpu.gufunc()
        return self._cpu

    def _output_dtypes(self, dtypes):
        """The output dtypes of the loop NumPy's rules pick for these input dtypes."""
        if not _numpy_runs(dtypes):  # datetimes: the declared loop of these very dtypes says
            for params, _ in declared_loops(self._owner.declared):
                if tuple(params[:self.nin]) == tuple(dtypes):
                    return list(params[self.nin:])
        loops = [(t[:self.nin], t[-self.nout:]) for t in (x.replace("->", "") for x in self.cpu_ufunc.types)]
        for exact in (True, False):
            for ins, outs in loops:
                if all(np.dtype(c) == d if exact else np.can_cast(d, np.dtype(c), "safe") for c, d in zip(ins, dtypes)):
                    return [np.dtype(c) for c in outs]
        raise TypeError("%s: no loop matches the input types (%s)" % (self.__name__, ", ".join(map(str, dtypes))))

    def _output_shapes(self, shapes):
        sizes, loops = {}, []
        for shape, dims in zip(shapes, self._owner.inputs):
            if len(shape) < len(dims):
                raise ValueError("%s: an input has %d dimensions, its core layout (%s) needs %d" %
                                 (self.__name__, len(shape), ",".join(dims), len(dims)))
            core = shape[len(shape) - len(dims):]
            loops.append(shape[:len(shape) - len(dims)])
            for d, n in zip(dims, core):
                if sizes.setdefault(d, n) != n:
                    raise ValueError("%s: core dimension '%s' is %d in one input and %d in another" %
                                     (self.__name__, d, sizes[d], n))
        loop = np.broadcast_shapes(*loops) if loops else ()
        shapes = []
        for dims in self._owner.outputs:
            core = []
            for d in dims:
                if d.isdigit():
                    core.append(int(d))
                elif d in sizes:
                    core.append(sizes[d])
                else:
                    raise ValueError("%s: output core dimension '%s' is not bound by any input" % (self.__name__, d))
            shapes.append(tuple(loop) + tuple(core))
        return shapes

    def __call__(self, *args, out=None, stream=0):
        outs = None
        if len(args) not in (self.nin, self.nin + self.nout):  # Numba's message
            def pos_argn(n):
                return "%d positional argument%s" % (n, "s" if n != 1 else "")

            raise TypeError("This gufunc accepts %s (when providing input only) or %s (when providing input and "
                            "output). Got %s." % (pos_argn(self.nin), pos_argn(self.nin + self.nout),
                                                  pos_argn(len(args))))
        if len(args) == self.nin + self.nout:  # outputs passed as the last arguments, as Numba allows
            if out is not None:
                raise ValueError("cannot specify argument 'out' as both positional and keyword")
            args, outs = args[:self.nin], list(args[self.nin:])
        elif out is not None:
            outs = list(out) if isinstance(out, tuple) else [out]
        args = as_device_arrays(args)
        args, loop = resolve_gufunc(self.__name__, self._owner.declared, self.nin, args)
        shapes = [tuple(a.shape) if hasattr(a, "shape") else np.shape(a) for a in args]
        out_shapes = self._output_shapes(shapes)
        _warn_low_occupancy(out_shapes[0][:len(out_shapes[0]) - len(self._owner.outputs[0])])  # the loop dimensions
        if not _api.is_available() and not any(isinstance(a, DeviceNDArray) for a in list(args) + (outs or [])) \
                and _numpy_runs(loop):
            return self.cpu_ufunc(*args, signature=loop) if outs is None else \
                self.cpu_ufunc(*args, out=tuple(outs), signature=loop)
        inputs = tuple(device_value(a, host_fallback=True) for a in args)
        inputs_on_device = any(on_device(a) for a in args)
        if outs is None:
            # np.asarray only for plain values: on a device array it would copy to the host.
            dtypes = [np.dtype(a.dtype) if hasattr(a, "dtype") else np.asarray(a).dtype for a in args]
            outs = [_devicearray.device_array(shape, dtype, stream=stream)
                    for shape, dtype in zip(out_shapes, self._output_dtypes(dtypes))]
            given = False
        else:
            given = True
        targets = [o if on_device(o) else _devicearray.to_device(np.asarray(o), stream=stream) for o in outs]
        ext.gufunc_cuda(self._owner.function(), inputs, tuple(device_value(t, host_fallback=True) for t in targets))
        if given:
            for o, t in zip(outs, targets):
                if not on_device(o):
                    t.copy_to_host(ary=o, stream=stream)
            results = outs
        else:
            results = targets if inputs_on_device else [t.copy_to_host(stream=stream) for t in targets]
        return results[0] if self.nout == 1 else tuple(results)

    def __repr__(self):
        return "<ujit CUDA gufunc %s %s>" % (self.__name__, self.signature)

    def __reduce__(self):
        o = self._owner
        return reduce_by_reference(self, o.py_func, (_rebuild_cuda_gufunc, (o.py_func, o.declared, o.layout, o.options)))


_LOOP_BLOCK = 256  # threads per block of a GPU gufunc's loop kernel (pipeline/api_cuda.cpp's kLoopBlock)
_MIN_GRID_SIZE = 128  # numba-cuda's bound, as kernel launches check it (_native/cuda_launcher.c)


def _warn_low_occupancy(loop_shape):
    """numba-cuda launches a gufunc as a kernel over its loop (ForAll), so a small loop gets
    the kernel launch's NumbaPerformanceWarning; so does ujit's, counting its own grid."""
    from ..core import config
    from ..core.errors import NumbaPerformanceWarning

    blocks = max(1, -(-int(np.prod(loop_shape, dtype=np.int64)) // _LOOP_BLOCK))
    if blocks < _MIN_GRID_SIZE and config.CUDA_LOW_OCCUPANCY_WARNINGS and not config.DISABLE_PERFORMANCE_WARNINGS:
        warnings.warn(NumbaPerformanceWarning(
            "Grid size %d will likely result in GPU under-utilization due to low occupancy." % blocks), stacklevel=3)


def _rebuild_cuda_ufunc(py_func, declared, options):
    return CUDAUFunc(CUDAUfuncFunction(py_func, declared, options))


def _rebuild_cuda_gufunc(py_func, declared, layout, options):
    return CUDAGUFunc(CUDAGufuncFunction(py_func, declared, layout, options))


# What @guvectorize(target='cuda') takes besides the signatures (numba-cuda's
# GUFuncVectorize; fastmath is ujit's too); cache is accepted: ujit caches compiled code always.
_CUDA_GUFUNC_OPTIONS = {"target", "identity", "cache", "nopython", "fastmath"}


def make_cuda_gufunc(py_func, sigs, layout, kws):
    if not kws.get("nopython", True):
        raise TypeError("nopython flag must be True")
    if kws.get("writable_args"):
        raise TypeError("writable_args are not supported")
    unknown = [k for k in kws if k not in _CUDA_GUFUNC_OPTIONS and k != "writable_args"]
    if unknown:
        raise TypeError("The following target options are not supported: %s" % ", ".join(map(repr, unknown)))
    for sig in sigs:
        ret = _types.split_full_signature(sig)[0]
        if ret and ret not in ("void", "none"):
            raise TypeError("guvectorized functions cannot return values: signature %s specifies %s return type"
                            % (sig, ret))
    return CUDAGUFunc(CUDAGufuncFunction(py_func, sigs, layout, kws))
