"""typeof and from_dtype (`ujit.types`, Numba's namespace of type names, is ujit/types.py)."""
from . import _types
from ._native import ext


def typeof(value):
    """Numba's typeof for the arguments ujit passes: float64, int64, float32[:, ::1], ..."""
    return _types.type_of_code(ext.code_of(value))


def from_dtype(dtype):
    """numba.from_dtype: a NumPy dtype's type (a structured dtype's is a Record)."""
    return _types.from_dtype(dtype)
