"""typeof and from_dtype (`ujit.types`, Numba's namespace of type names, is ujit/types.py)."""
from . import _types
from ._native import ext


def typeof(value, purpose=None):
    """Numba's typeof: float64, int64, float32[:, ::1], ..., and of a tuple, None, a typed
    List or Dict their Numba types (UniTuple(int64 x 2), none, ListType[int64], DictType[...])."""
    if value is None:
        return _types.TYPES["none"]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return _types.Tuple([typeof(v) for v in value])
    from .typed import Dict, List

    if isinstance(value, Dict) and value._key_type is not None:
        return _types.DictType(_typed_type(value._key_type), _typed_type(value._value_type))
    if isinstance(value, List) and value._item_type is not None:
        return _types.TypedListType(_typed_type(value._item_type))
    return _types.type_of_code(ext.code_of(value))


def _typed_type(t):
    """A typed container's item type: a Type, or Numba's spelling of an array type."""
    from .typed import _list

    return _list._item_type_of_text(t) if isinstance(t, str) else t


def from_dtype(dtype):
    """numba.from_dtype: a NumPy dtype's type (a structured dtype's is a Record)."""
    return _types.from_dtype(dtype)
