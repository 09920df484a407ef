"""The geometry of device-array views (slices, reshapes, transposes, dtype views).

NumPy computes it: the same operation is applied to a stand-in ndarray with the device
array's shape, strides and dtype over a one-element host buffer. Only its metadata is read
(basic indexing, transpose, a view as another dtype and a reshape of a contiguous array never
touch elements), so the stand-in's memory is never accessed; operations that would read or
copy elements (fancy indexing, a reshape needing a copy) are refused before NumPy sees them.
"""
import operator

import numpy as np


def stand_in(shape, strides, dtype):
    buffer = np.empty(1, dtype=np.dtype(dtype))
    return np.lib.stride_tricks.as_strided(buffer, shape=tuple(shape), strides=tuple(strides))


def _address(a):
    return a.__array_interface__["data"][0]


def geometry(origin, view):
    """(byte offset of view from origin, shape, strides, dtype)."""
    return _address(view) - _address(origin), view.shape, view.strides, view.dtype


def _basic_index_item(item):
    if item is None or item is Ellipsis or isinstance(item, slice):
        return item
    if isinstance(item, (bool, np.bool_, np.ndarray, list, tuple)):
        _refuse(item)
    try:
        return operator.index(item)
    except TypeError:
        _refuse(item)


def _refuse(item):
    raise NotImplementedError(
        "device arrays take basic indices only (integers, slices, None, ...), not %s: copy the array to the host "
        "(copy_to_host) for fancy or boolean indexing" % type(item).__name__)


def basic_key(key):
    """`key` as a tuple of basic indices, and whether every array axis gets an integer (a scalar)."""
    items = key if isinstance(key, tuple) else (key,)
    return tuple(_basic_index_item(i) for i in items)


def index(shape, strides, dtype, key):
    """(offset, shape, strides, dtype, is_scalar) of a[key]; a scalar result is a 0-d view."""
    items = basic_key(key)
    fake = stand_in(shape, strides, dtype)
    scalar = Ellipsis not in items and None not in items and len(items) == len(shape) and all(
        isinstance(i, int) for i in items)
    view = fake[items + (Ellipsis,)] if Ellipsis not in items else fake[items]
    return geometry(fake, view) + (scalar,)


def field(shape, strides, dtype, name):
    """(offset, shape, strides, dtype) of a record array's field `name` (NumPy's a[name]: a
    nested array's dimensions follow the array's; Numba's DeviceRecord[name] for 0-d)."""
    if dtype.names is None:
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                         "boolean arrays are valid indices")
    if name not in dtype.fields:
        raise KeyError(name)
    fake = stand_in(shape, strides, dtype)
    return geometry(fake, fake[name])


def reshape(shape, strides, dtype, newshape, order="C"):
    """A reshape that needs no copy, where NumPy's would need none (numba-cuda refuses the
    others with NotImplementedError). NumPy's `shape` setter never copies: it raises where a
    view is impossible; order F is order C on the transposes."""
    fake = stand_in(shape, strides, dtype)
    order = order.upper()
    if order not in ("C", "F", "A"):
        raise ValueError("order must be one of 'C', 'F', 'A'")
    if order == "A":
        order = "F" if fake.flags.f_contiguous and not fake.flags.c_contiguous else "C"
    newshape = tuple(int(n) for n in (newshape if isinstance(newshape, (tuple, list)) else (newshape,)))
    view = _reshaped_without_copy(fake if order == "C" else fake.T, newshape if order == "C" else newshape[::-1])
    return geometry(fake, view if order == "C" else view.T)


def _reshaped_without_copy(a, shape):
    """a's view in `shape`, or NotImplementedError where only a copy could have it (as
    Numba's device reshape). NumPy 2.1+ says so through reshape(copy=False) (setting .shape,
    the older way, is deprecated from NumPy 2.5); older NumPy has only .shape."""
    try:
        return np.reshape(a, shape, copy=False)
    except TypeError:  # NumPy < 2.1: no copy=
        view = a.view()
        try:
            view.shape = shape
        except AttributeError:
            raise NotImplementedError("operation requires copying") from None
        return view
    except ValueError as e:
        if "copy" in str(e):
            raise NotImplementedError("operation requires copying") from None
        raise


def transpose(shape, strides, dtype, axes=None):
    fake = stand_in(shape, strides, dtype)
    return geometry(fake, fake.transpose(axes))


def as_dtype(shape, strides, dtype, new_dtype):
    fake = stand_in(shape, strides, dtype)
    return geometry(fake, fake.view(np.dtype(new_dtype)))


def flags(shape, strides, dtype):
    f = stand_in(shape, strides, dtype).flags
    return f.c_contiguous, f.f_contiguous


def outer_first_axes(strides):
    """The axes of an array in its memory order, the largest stride outermost (np.empty_like's
    order='K')."""
    return sorted(range(len(strides)), key=lambda i: -abs(strides[i]))


def like_strides(shape, strides, itemsize):
    """The strides of a new contiguous array laid out like one of `shape` and `strides` (what
    *_array_like makes, as np.empty_like's order='K' does): its axes in the same memory order.
    C- or F-contiguous and 1-D arrays give C's or F's strides."""
    out, step = [0] * len(shape), itemsize
    for axis in reversed(outer_first_axes(strides)):
        out[axis] = step
        step *= max(shape[axis], 1)
    return tuple(out)
