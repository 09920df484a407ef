"""cuda.Reduce / cuda.reduce: a reduction of a 1-D array by a binary function of the user's,
as numba.cuda's (numba-cuda's kernels/reduction.py): the function compiled as a device
function, each thread folding a strided share of the array, then one thread folding the
threads' partial results and `init`."""
import atexit
import importlib.util
import itertools
import os
import shutil
import tempfile

import numpy as np

from ._devicearray import DeviceNDArray, device_array, to_device
from ._kernels import jit

_THREADS = 1024  # threads of the first pass (4 blocks of 256): their partial results fold in one

# ujit compiles from source and calls a device function by its own name, so the two kernels
# are written out per functor, calling it by that name, and loaded from the file.
_KERNELS = '''from ujit import cuda


@cuda.jit
def partials(arr, out, n):
    t = cuda.grid(1)
    if t < n:
        acc = arr[t]
        i = t + out.size
        while i < n:
            acc = {f}(acc, arr[i])
            i += out.size
        out[t] = acc


@cuda.jit
def final(parts, count, init, res):
    acc = init
    for i in range(count):
        acc = {f}(acc, parts[i])
    res[0] = acc
'''
_dir = None
_serial = itertools.count()


def _build(functor):
    global _dir
    if _dir is None:
        _dir = tempfile.mkdtemp(prefix="ujit_reduce_")
        atexit.register(shutil.rmtree, _dir, True)
    name = functor.__name__
    if not name.isidentifier() or name in ("cuda", "partials", "final"):
        name = "combine"  # a lambda takes the name it is bound to
    path = os.path.join(_dir, "reduce_%d.py" % next(_serial))
    with open(path, "w") as f:
        f.write(_KERNELS.format(f=name))
    spec = importlib.util.spec_from_file_location("ujit_reduce_%d" % next(_serial), path)
    module = importlib.util.module_from_spec(spec)
    setattr(module, name, jit(device=True)(functor))
    spec.loader.exec_module(module)
    return module.partials, module.final


class Reduce:
    """Reduce(functor): `functor(a, b)` must be associative and commutative (the order of the
    fold is the GPU's, not the array's)."""

    def __init__(self, functor):
        self._functor = functor
        self._kernels = None

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        if self._kernels is None:
            self._kernels = _build(self._functor)
        partials, final = self._kernels
        n = arr.shape[0] if size is None else size
        dtype = arr.dtype
        out = res if res is not None else device_array(1, dtype=dtype, stream=stream)
        d_arr = arr if isinstance(arr, DeviceNDArray) else to_device(np.ascontiguousarray(arr), stream=stream)
        threads = min(n, _THREADS)
        parts = device_array(max(threads, 1), dtype=dtype, stream=stream)
        if threads:
            partials[(threads + 255) // 256, 256, stream](d_arr, parts[:threads], n)
        final[1, 1, stream](parts, threads, dtype.type(init), out)
        if res is not None:
            return None
        return out.copy_to_host(stream=stream)[0]


reduce = Reduce
