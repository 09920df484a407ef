"""numba.np.numpy_support: between NumPy dtypes and Numba's types."""
from .._types import ArrayType as _ArrayType
from .._types import Type as _Type
from .._typesmod import from_dtype  # noqa: F401


def as_dtype(nbtype):
    """The NumPy dtype of a Numba scalar type (the element dtype for an array type)."""
    if not isinstance(nbtype, _Type) or nbtype.dtype is None:
        raise NotImplementedError("%r cannot be represented as a NumPy dtype" % (nbtype,))
    return nbtype.dtype if not isinstance(nbtype, _ArrayType) else nbtype.base.dtype
