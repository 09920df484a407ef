"""CUDA C++ kernels compiled by NVRTC, as CuPy users write them (cupy.RawKernel, RawModule):

    k = ujit.cuda.RawKernel(r'''
    extern "C" __global__ void scale(float* a, float s, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) a[i] *= s;
    }''', "scale")
    k((blocks,), (threads,), (d_a, np.float32(2), np.int32(n)))    # CuPy's call
    k[blocks, threads](d_a, np.float32(2), np.int32(n))            # Numba's launch syntax

Compiled at construction for the current device's architecture (NVRTC's errors raise
ujit's CompileError at the source's line: "kernel.cu:3:12: error: ..."), kept in the disk
cache, launched through ujit's launch path. Arguments as CuPy passes them: device arrays
(ujit's, or anything with __cuda_array_interface__) as their data pointer, NumPy scalars as
their type, Python bool/int/float/complex as bool/int64/float64/complex128. CUDA C++ runs
only on a CUDA device: without one, a launch raises CudaSupportError naming the kernel.
"""
import numpy as np

from .._native import ext
from ._api import _stream_handle
from ._devicearray import DeviceNDArray
from ._kernels import _dim3


def _options(options):
    if isinstance(options, str):
        return (options,)
    options = tuple(options)
    for o in options:
        if not isinstance(o, str):
            raise TypeError("NVRTC options must be strings, not %s" % type(o).__name__)
    return options


def _param_bytes(i, a):
    """Kernel parameter `i`'s value as the kernel reads it."""
    if isinstance(a, (bool, np.bool_)):
        return np.bool_(a).tobytes()
    if isinstance(a, np.generic):
        return a.tobytes()
    if isinstance(a, int):
        return np.int64(a).tobytes()
    if isinstance(a, float):
        return np.float64(a).tobytes()
    if isinstance(a, complex):
        return np.complex128(a).tobytes()
    if isinstance(a, DeviceNDArray):  # on the host device too: the launch then says why it cannot run
        return np.uint64(a._ptr).tobytes()
    iface = getattr(a, "__cuda_array_interface__", None)
    if iface is not None:
        return np.uint64(iface["data"][0] or 0).tobytes()
    if isinstance(a, np.ndarray):
        raise TypeError("RawKernel argument %d is a host array (numpy.ndarray): a raw kernel takes device memory "
                        "(cuda.to_device(a))" % i)
    raise TypeError("RawKernel argument %d has unsupported type %s (device arrays, NumPy scalars, bool, int, float "
                    "and complex are)" % (i, type(a).__name__))


class RawKernel:
    """cupy.RawKernel(code, name, options=()): a __global__ function (extern "C") of CUDA C++."""

    def __init__(self, code, name, options=(), backend="nvrtc", translate_cucomplex=False, *,
                 enable_cooperative_groups=False, jitify=False, filename="kernel.cu"):
        if backend != "nvrtc":
            raise ValueError("ujit compiles CUDA C++ with NVRTC only (backend=%r)" % (backend,))
        if jitify:
            raise NotImplementedError("jitify=True is not supported by ujit")
        self.code, self.name, self.options = code, name, _options(options)
        self._h = ext.raw_kernel_new(code, name, filename, self.options)

    @property
    def ptx(self):
        """The PTX NVRTC made (for the architecture of the device current at construction)."""
        return ext.raw_kernel_info(self._h)[0]

    @property
    def arch(self):
        return ext.raw_kernel_info(self._h)[1]

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        if not isinstance(args, tuple):
            raise TypeError("RawKernel arguments must be a tuple, not %s" % type(args).__name__)
        params = tuple(_param_bytes(i, a) for i, a in enumerate(args))
        ext.raw_kernel_launch(self._h, _dim3(grid, "grid"), _dim3(block, "block"), params, _stream_handle(stream),
                              int(shared_mem))

    def __getitem__(self, config):
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise ValueError("launch configuration must be [griddim, blockdim(, stream(, sharedmem))]")
        grid, block = config[0], config[1]
        stream = config[2] if len(config) > 2 else None
        shared = int(config[3]) if len(config) > 3 else 0
        return lambda *args: self(grid, block, args, shared_mem=shared, stream=stream)

    def __repr__(self):
        return "<ujit RawKernel %s>" % self.name


class RawModule:
    """cupy.RawModule(code=..., options=()): CUDA C++ with several kernels; get_function(name)
    gives each as a RawKernel (compiled once: the others come from the disk cache)."""

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc", translate_cucomplex=False,
                 enable_cooperative_groups=False, name_expressions=None, jitify=False):
        if path is not None or code is None:
            raise NotImplementedError("ujit's RawModule compiles CUDA C++ source (code=); loading a cubin or PTX "
                                      "file (path=) is not supported")
        if name_expressions:
            raise NotImplementedError("name_expressions (C++ template kernels) are not supported by ujit: declare "
                                      "the kernels extern \"C\"")
        if backend != "nvrtc" or jitify:
            raise ValueError("ujit compiles CUDA C++ with NVRTC only")
        self.code, self.options = code, _options(options)
        self._kernels = {}
        compile_cuda_ptx(code, _current_arch(), self.options)  # errors in the source surface here

    def get_function(self, name):
        k = self._kernels.get(name)
        if k is None:
            k = self._kernels[name] = RawKernel(self.code, name, self.options)
        return k


def _current_arch():
    from ._api import get_current_device, is_available

    return "sm_%d%d" % tuple(get_current_device().compute_capability) if is_available() else "sm_75"


def compile_cuda_ptx(source, arch="sm_75", options=(), filename="kernel.cu"):
    """The PTX NVRTC makes of CUDA C++ `source` for `arch`."""
    return ext.nvrtc_compile_ptx(source, filename, arch, _options(options))
