"""numba.np.numpy_support: between NumPy dtypes and Numba's types."""
from .._types import ArrayType as _ArrayType
from .._types import Type as _Type
from .._typesmod import from_dtype  # noqa: F401


def _numpy_version():
    import numpy as np

    return tuple(int(part) for part in np.__version__.split(".")[:2])


numpy_version = _numpy_version()  # Numba's (major, minor) of the NumPy it runs with


def as_dtype(nbtype):
    """The NumPy dtype of a Numba scalar type (the element dtype for an array type)."""
    if not isinstance(nbtype, _Type) or nbtype.dtype is None:
        raise NotImplementedError("%r cannot be represented as a NumPy dtype" % (nbtype,))
    return nbtype.dtype if not isinstance(nbtype, _ArrayType) else nbtype.base.dtype


def carray(ptr, shape, dtype=None):
    """A NumPy array over the memory a ctypes pointer points to, of `shape` in C order (Numba's
    numba.np.numpy_support.carray, on the host): the dtype is the pointer's item type, or
    `dtype` for a c_void_p. The array does not own the memory."""
    import ctypes

    import numpy as np

    ptr = getattr(ptr, "_as_parameter_", ptr)
    if dtype is not None:
        dtype = np.dtype(dtype)
    if isinstance(ptr, ctypes.c_void_p):
        if dtype is None:
            raise TypeError("explicit dtype required for void* argument")
        address = ptr.value
    elif isinstance(ptr, ctypes._Pointer):
        ptr_dtype = np.dtype(ptr._type_)
        if dtype is not None and dtype != ptr_dtype:
            raise TypeError("mismatching dtype '%s' for pointer %s" % (dtype, ptr))
        dtype = ptr_dtype
        address = ctypes.cast(ptr, ctypes.c_void_p).value
    else:
        raise TypeError("expected a ctypes pointer, got %r" % (ptr,))
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    nbytes = dtype.itemsize * int(np.prod(shape, dtype=np.intp))
    buffer = (ctypes.c_byte * nbytes).from_address(address) if nbytes else bytearray()
    return np.frombuffer(buffer, dtype=dtype).reshape(shape)


def farray(ptr, shape, dtype=None):
    """carray in Fortran order: the transpose of the C-order array of the reversed shape."""
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return carray(ptr, shape[::-1], dtype).T
