"""A stand-in `numba` module so that ujit programs run as plain CPython (the oracles).

Every decorator returns the function unchanged, with or without signature arguments; the
type names are NumPy's scalar types, which convert the same way Numba's do. Install with
`numba_shim.install()` before importing a program; it never shadows a real Numba.
"""
import sys
import types

import numpy as np

_TYPE_NAMES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
               "float32", "float64", "complex64", "complex128"]


def _decorator(*args, **kwargs):
    # @njit and @njit(...) / @vectorize(['f4(f4)']) both work.
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda fn: fn


def install():
    if "numba" in sys.modules:
        return sys.modules["numba"]
    numba = types.ModuleType("numba")
    for name in ("jit", "njit", "vectorize", "guvectorize", "stencil"):
        setattr(numba, name, _decorator)
    for name in _TYPE_NAMES:
        setattr(numba, name, getattr(np, name))
    numba.boolean = numba.b1 = np.bool_
    numba.intp = np.intp
    sys.modules["numba"] = numba
    return numba
