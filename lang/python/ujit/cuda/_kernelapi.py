"""The names kernels use (cuda.grid, cuda.threadIdx.x, cuda.shared.array, cuda.atomic.add,
...). ujit compiles them inside @cuda.jit code; here they only exist so that `cuda.X`
resolves, and calling one from Python says so, as Numba does."""


class _KernelOnly:
    def __init__(self, name):
        self._name = name

    def __call__(self, *args, **kwargs):
        raise RuntimeError("cuda.%s can only be called from code compiled by @cuda.jit" % self._name)

    def __repr__(self):
        return "<ujit.cuda.%s (kernel code only)>" % self._name


class _Namespace:
    def __init__(self, name, members):
        self._name = name
        for m in members:
            setattr(self, m, _KernelOnly("%s.%s" % (name, m)))

    def __repr__(self):
        return "<ujit.cuda.%s>" % self._name


grid = _KernelOnly("grid")
gridsize = _KernelOnly("gridsize")
syncthreads = _KernelOnly("syncthreads")
threadfence = _KernelOnly("threadfence")
laneid = _KernelOnly("laneid")
warpsize = 32
threadIdx = _Namespace("threadIdx", "xyz")
blockIdx = _Namespace("blockIdx", "xyz")
blockDim = _Namespace("blockDim", "xyz")
gridDim = _Namespace("gridDim", "xyz")
shared = _Namespace("shared", ["array"])
local = _Namespace("local", ["array"])
const = _Namespace("const", ["array_like"])
atomic = _Namespace("atomic", ["add", "sub", "max", "min", "nanmax", "nanmin", "and_", "or_", "xor", "exch", "inc",
                               "dec", "cas"])
