"""@vectorize(..., target='cuda') and @guvectorize(..., target='cuda').

On a usable GPU the ufunc runs there (Numba's CUDA ufunc): host arrays in, host arrays
out; device arrays (or CuPy/PyTorch arrays) in, a device array out; `out=` and `stream=`
as Numba takes them. Where CUDA is unavailable it runs the same function's CPU loops
instead (the CLI does the same), so the course's GPU ufunc cells still give their results.
"""
import numpy as np

from .. import _source
from .._ufunc import GufuncFunction, UfuncFunction
from .._native import ext
from . import _api
from ._devicearray import DeviceNDArray
from ._kernels import check_cuda_signature


class CUDAUfuncFunction(UfuncFunction):
    def __init__(self, py_func, signatures, options):
        super().__init__(py_func, signatures, options)
        self.target = "cuda"

    def decorator(self):
        return _source.decorator_text("vectorize", self.declared, "cuda")


def _gpu_input(a):
    if isinstance(a, DeviceNDArray):
        return a._h
    iface = getattr(a, "__cuda_array_interface__", None)
    if iface is not None:
        return dict(iface)
    if isinstance(a, (int, float, complex, bool, np.generic)):
        return a
    return np.asarray(a)


def _on_device(a):
    return isinstance(a, DeviceNDArray) or hasattr(a, "__cuda_array_interface__")


class CUDAUFunc:
    """A vectorize ufunc for the GPU, with a CPU fallback."""

    def __init__(self, owner):
        if not owner.declared:
            raise TypeError("ufuncs with target='cuda' need explicit signatures")
        self._owner = owner
        self._cpu = None
        self.__name__ = owner.py_func.__name__
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

    def __call__(self, *args, out=None, stream=0):
        if len(args) != self.nin:
            raise TypeError("%s takes %d arguments, %d given" % (self.__name__, self.nin, len(args)))
        if not _api.is_available():
            host = [a.copy_to_host() if isinstance(a, DeviceNDArray) else a for a in args]
            if out is None:
                return self.cpu_ufunc(*host)
            if isinstance(out, DeviceNDArray):
                raise _api.CudaSupportError("CUDA is unavailable: %s" % _api.unavailable_reason())
            return self.cpu_ufunc(*host, out=out)
        s = _api._stream_handle(stream)
        inputs = tuple(_gpu_input(a) for a in args)
        fn = self._owner.function()
        if out is not None:
            target = out._h if isinstance(out, DeviceNDArray) else (
                dict(out.__cuda_array_interface__) if _on_device(out) else out)
            ext.vectorize_cuda(fn, inputs, target, s)
            return out
        result = DeviceNDArray(ext.vectorize_cuda(fn, inputs, None, s), stream)
        if any(_on_device(a) for a in args):
            return result
        return result.copy_to_host(stream=stream)  # host in, host out (Numba)

    def reduce(self, array, axis=0, stream=0):
        host = array.copy_to_host() if isinstance(array, DeviceNDArray) else np.asarray(array)
        return self.cpu_ufunc.reduce(host, axis=axis)

    @property
    def types(self):
        return self.cpu_ufunc.types

    def __repr__(self):
        return "<ujit CUDA ufunc %s>" % self.__name__


def make_cuda_ufunc(py_func, sigs, kws):
    return CUDAUFunc(CUDAUfuncFunction(py_func, sigs, kws))


class CUDAGufuncFunction(GufuncFunction):
    def decorator(self):
        return _source.decorator_text("guvectorize", self.declared, "cuda", self.layout)


def make_cuda_gufunc(py_func, sigs, layout, kws):
    """guvectorize(target='cuda'): the CPU gufunc of the same signatures (ujit's GPU gufuncs
    are not exposed by the C API), so results are right everywhere; documented in README."""
    options = dict(kws)
    options["target"] = "cpu"
    return GufuncFunction(py_func, sigs, layout, options).gufunc()
