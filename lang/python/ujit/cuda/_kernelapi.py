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


_FUNCTIONS = ("grid", "gridsize", "syncthreads", "syncthreads_count", "syncthreads_and", "syncthreads_or",
              "threadfence", "threadfence_block", "threadfence_system", "nanosleep", "popc", "clz", "ffs", "brev",
              "fma", "cbrt", "selp", "laneid", "syncwarp", "shfl_sync", "shfl_up_sync", "shfl_down_sync",
              "shfl_xor_sync", "all_sync", "any_sync", "eq_sync", "ballot_sync", "match_any_sync", "match_all_sync",
              "activemask", "lanemask_lt",
              # cache-hinted loads and stores
              "ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt")
globals().update({name: _KernelOnly(name) for name in _FUNCTIONS})
warpsize = 32
threadIdx = _Namespace("threadIdx", "xyz")
blockIdx = _Namespace("blockIdx", "xyz")
blockDim = _Namespace("blockDim", "xyz")
gridDim = _Namespace("gridDim", "xyz")
shared = _Namespace("shared", ["array"])
local = _Namespace("local", ["array"])
const = _Namespace("const", ["array_like"])
atomic = _Namespace("atomic", ["add", "sub", "max", "min", "nanmax", "nanmin", "and_", "or_", "xor", "exch", "inc",
                               "dec", "cas", "compare_and_swap"])
fp16 = _Namespace("fp16", ["hadd", "hsub", "hmul", "hdiv", "hneg", "habs", "hfma", "hmax", "hmin", "heq", "hne",
                           "hgt", "hge", "hlt", "hle", "hsin", "hcos", "hlog", "hlog10", "hlog2", "hexp", "hexp10",
                           "hexp2", "hsqrt", "hrsqrt", "hceil", "hfloor", "htrunc", "hrint", "hrcp"])
