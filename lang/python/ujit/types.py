"""`ujit.types`: Numba's numba.types, a module, so that `import numba.types` (as
`import ujit.types`) and `from numba import types` both work; in compiled code
`types.int32` and `numba.types.int32` name the same types as `numba.int32`."""
from ._types import TYPES as _TYPES
from ._types import ArrayType as _ArrayType

globals().update(_TYPES)


def Array(dtype, ndim, layout):
    """numba.types.Array(float32, 2, 'C'): the type of a 2-D C-contiguous float32 array."""
    return _ArrayType(dtype, ndim, layout)


__all__ = sorted(_TYPES) + ["Array"]
