"""`ujit.types` (Numba's numba.types namespace of type names), typeof and from_dtype."""
import types as _pytypes

from . import _types
from ._native import ext

types = _pytypes.SimpleNamespace(**_types.TYPES)
types.Array = lambda dtype, ndim, layout: _types.ArrayType(dtype, ndim, layout)


def typeof(value):
    """Numba's typeof for the arguments ujit passes: float64, int64, float32[:, ::1], ..."""
    return _types.type_of_code(ext.code_of(value))


def from_dtype(dtype):
    return _types.scalar_type_of_dtype(dtype)
