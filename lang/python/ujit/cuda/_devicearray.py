"""ujit.cuda's device arrays (Numba's DeviceNDArray) and the functions that make them."""
import ctypes
import math

import numpy as np

from .. import _types
from .._native import ext
from . import _device_views as views
from ..core import config
from ._api import Stream, _stream_handle, external_stream

class _Flags(dict):
    c_contiguous = property(lambda self: self["C_CONTIGUOUS"])
    f_contiguous = property(lambda self: self["F_CONTIGUOUS"])


class DeviceNDArray(ext.DeviceNDArrayBase):
    """An array in device memory (Numba's DeviceNDArray): copy_to_host, __cuda_array_interface__,
    __dlpack__. Its memory returns to ujit's pool when the last reference goes.

    DeviceNDArray(handle, stream=0, alloc_size=None): the C base (ujit/_native/cuda_ndarray.c)
    keeps the handle `_h`, `stream`, and reads `shape`, `strides`, `dtype`, `nbytes` and
    `alloc_size` (Numba's: the bytes of the allocation it views) from the handle on first use,
    so that launches read it in C and a new array costs no Python work.

    Where CUDA is unavailable it is an array of the host device: host memory, which it says
    honestly: __dlpack_device__ is kDLCPU (np.from_dlpack views it), and it offers no
    __cuda_array_interface__, so that CuPy or PyTorch never take its address for a GPU's."""

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: math.prod(self.shape))

    def __copy__(self):
        """copy.copy: another DeviceNDArray over the same memory (as before the C base)."""
        return type(self)(self._h, self.stream, self.alloc_size, dtype=self.dtype)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def is_c_contiguous(self):
        return self._contiguity[0]

    @property
    def device_ctypes_pointer(self):
        """Numba's: the device address of the first element, a ctypes.c_void_p."""
        return ctypes.c_void_p(self._ptr)

    @property
    def flags(self):
        """Numba's form, a dict of C_CONTIGUOUS and F_CONTIGUOUS (its dummy array's layout),
        that also answers NumPy's attribute spellings (`flags.c_contiguous`)."""
        c, f = self._contiguity
        return _Flags(C_CONTIGUOUS=c, F_CONTIGUOUS=f)

    def is_f_contiguous(self):
        return self._contiguity[1]

    # ---- views: slices, reshapes, transposes share this array's memory (Numba's API)

    def _view(self, geometry):
        offset, shape, strides, dtype = geometry[:4]
        records = dtype.names is not None
        cls = DeviceRecord if records and not shape else DeviceNDArray
        h = self._h.view(offset, shape, strides, storage_dtype(dtype) if records else dtype)
        return cls(h, self.stream, self.alloc_size, dtype=dtype)

    # d[key] is the C base's (ujit/_native/cuda_ndarray_index.c): views by slices and
    # integers made in C; the keys it leaves (an element, None, Ellipsis, NumPy integers,
    # what NumPy refuses) come here.
    def _getitem(self, key):
        """A view for a slice (`d[2:5]`, `d[:, 1]`, `d[i]` of an N-D array); a NumPy scalar,
        copied to the host, for one element; for one record, a DeviceRecord viewing it (as
        Numba). A field name (`rec["a"]`, records only) gives the field: a NumPy scalar for a
        number of one record, else a view (a nested record's DeviceRecord, a nested array)."""
        if isinstance(key, str):
            return self._field(key)
        g = views.index(self.shape, self.strides, self.dtype, key)
        view = self._view(g)
        return view.copy_to_host(stream=self.stream)[()] if g[4] and view.dtype.names is None else view

    def _field(self, name):
        g = views.field(self.shape, self.strides, self.dtype, name)
        if not _viewable(g[3]):  # a string field: read through the host copy of the records
            return self.copy_to_host(stream=self.stream)[name][()]
        view = self._view(g)
        return view.copy_to_host(stream=self.stream)[()] if not view.shape and view.dtype.names is None else view

    def __setitem__(self, key, value):
        """Assignment to an element or a slice from a scalar, a host array or a device array,
        broadcast as NumPy does; to a record's field by its name."""
        if isinstance(key, str):
            g = views.field(self.shape, self.strides, self.dtype, key)
            if not _viewable(g[3]):  # a string field: the records are written back whole
                host = self.copy_to_host(stream=self.stream)
                host[key] = value
                self._h.copy_from_host(host, _stream_handle(self.stream))
                return
            target = self._view(g)
        else:
            target = self._view(views.index(self.shape, self.strides, self.dtype, key))
        if isinstance(value, DeviceNDArray) and value.shape == target.shape and value.dtype == target.dtype:
            target._h.copy_from(value._h, _stream_handle(self.stream))
            return
        if isinstance(value, DeviceNDArray):
            host = value.copy_to_host(stream=self.stream)
        else:  # a tuple is one record of a record array
            host = np.asarray(value, dtype=target.dtype if target.dtype.names is not None else None)
        try:
            host = np.broadcast_to(host, target.shape)
        except ValueError:
            raise ValueError("could not broadcast input array from shape %s into shape %s"
                             % (host.shape, target.shape)) from None
        # np.array, not ascontiguousarray: that one makes a 0-d value 1-d
        target._h.copy_from_host(np.array(host, dtype=target.dtype, order="C"), _stream_handle(self.stream))

    def reshape(self, *newshape, order="C"):
        """A view with another shape (-1 inferred); Numba's NotImplementedError where that
        would need a copy."""
        if len(newshape) == 1 and isinstance(newshape[0], (tuple, list)):
            newshape = tuple(newshape[0])
        return self._view(views.reshape(self.shape, self.strides, self.dtype, newshape, order))

    def ravel(self, order="C", stream=0):
        return self.reshape(self.size, order=order)

    def transpose(self, axes=None):
        return self._view(views.transpose(self.shape, self.strides, self.dtype, axes))

    T = property(transpose)

    def view(self, dtype):
        """The same memory read as another dtype (NumPy's ndarray.view rules)."""
        return self._view(views.as_dtype(self.shape, self.strides, self.dtype, dtype))

    def split(self, section, stream=0):
        """Numba's split: views of `section` elements each (the last may be shorter)."""
        if self.ndim != 1:
            raise ValueError("only 1d array can be split")
        if section <= 0:
            raise ValueError("section must be positive")
        return [self[i:i + section] for i in range(0, self.size, section)]

    @property
    def gpu_data(self):
        """Numba's gpu_data: the MemoryPointer of this array's memory (the one an EMM plugin
        gave, for an array that starts where its allocation does)."""
        from . import _emm
        iface = self._h.interface()
        device, ptr = (0 if iface["on_host"] else iface["device"]), iface["data"]
        memory = _emm.memory_of(device, ptr)
        if memory is not None:
            return memory
        span = sum((n - 1) * abs(s) for n, s in zip(self.shape, self.strides)) + self.dtype.itemsize
        return _emm.MemoryPointer(_emm.context_of(device), ptr, 0 if self.size == 0 else span, owner=self)

    def get_ipc_handle(self):
        """Numba's IpcArrayHandle of this array, to pickle into another process (Linux, a GPU)."""
        from ._api import current_context
        from ._ipc import IpcArrayHandle
        ipch = current_context().get_ipc_handle(self.gpu_data)
        return IpcArrayHandle(ipc_handle=ipch, array_desc=dict(shape=self.shape, strides=self.strides,
                                                               dtype=self.dtype))

    @property
    def __cuda_array_interface__(self):
        """Version 3, as Numba makes it: a record array's typestr is "|V<itemsize>" (Numba's
        dtype.str); ujit adds the interface's optional "descr", NumPy's dtype.descr of its
        fields, so that consumers reading it (ujit's from_cuda_array_interface) keep them."""
        if self._on_host:
            raise AttributeError("this DeviceNDArray lives in host memory (no CUDA device: ujit runs CUDA code on "
                                 "the host device), so it has no __cuda_array_interface__; use __dlpack__ "
                                 "(kDLCPU) or copy_to_host()")
        iface = {"shape": self.shape, "strides": None if self.is_c_contiguous() else self.strides,
                 "data": (self._ptr, False), "typestr": self.dtype.str, "version": 3,
                 "stream": stream_of_interface(self.stream)}
        if self.dtype.names is not None:
            iface["descr"] = self.dtype.descr
        return iface

    def __dlpack__(self, stream=None):
        return self._h.to_dlpack()

    def __dlpack_device__(self):
        return (1, 0) if self._on_host else (2, self._device)  # kDLCPU, kDLCUDA

    def copy_to_host(self, ary=None, stream=0, out=None):
        """Device -> host: into `ary` (or `out`, the same) when given, else a new array."""
        ary = out if ary is None else ary
        if isinstance(ary, np.void):  # one host record (Numba writes it in place)
            host = self.copy_to_host(stream=stream)
            for name in ary.dtype.names:
                ary[name] = host[name]
            return ary
        if ary is None:
            c, f = self._contiguity
            order = "F" if f and not c else "C"
            ary = np.empty(self.shape, self.dtype, order=order)
        elif ary.shape != self.shape or ary.dtype != self.dtype:
            raise ValueError("copy_to_host: out has shape %s %s, the device array %s %s"
                             % (ary.shape, ary.dtype, self.shape, self.dtype))
        self._h.copy_to_host(ary, _stream_handle(stream))
        return ary

    def copy_to_device(self, ary, stream=0):
        if isinstance(ary, DeviceNDArray):
            self._h.copy_from(ary._h, _stream_handle(stream))
        else:
            self._h.copy_from_host(np.ascontiguousarray(ary, dtype=self.dtype).reshape(self.shape),
                                   _stream_handle(stream))

    def __array__(self, dtype=None, copy=None):
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype)

    def __repr__(self):
        return "<ujit.cuda.DeviceNDArray shape=%s dtype=%s>" % (self.shape, self.dtype)


class DeviceRecord(DeviceNDArray):
    """Numba's DeviceRecord: one record of a structured dtype in device memory (a 0-d record
    array: `d[i]` of a record array, cuda.to_device of an np.void, DeviceRecord(dtype) as in
    Numba). rec["a"] reads a field (a NumPy scalar; a nested record's DeviceRecord; a nested
    array's DeviceNDArray view) and rec["a"] = x writes one; a kernel gets the record by
    reference, as Numba passes it."""

    def __init__(self, handle_or_dtype, stream=0, alloc_size=None, dtype=None, gpu_data=None):
        if gpu_data is not None:
            raise NotImplementedError("DeviceRecord(gpu_data=): ujit allocates device records itself")
        if not isinstance(handle_or_dtype, ext.DeviceArray):  # Numba's DeviceRecord(dtype, stream)
            dtype = np.dtype(handle_or_dtype)
            handle_or_dtype = ext.device_array_new_records((), storage_dtype(dtype), False)
        super().__init__(handle_or_dtype, stream, alloc_size, dtype=dtype)

    @property
    def _numba_type_(self):
        """The Record type Numba gives the record (numba.np.numpy_support.from_dtype)."""
        return _types.from_dtype(self.dtype)


_STORAGE = {}  # a structured dtype -> the dtype its device arrays' handles hold


def storage_dtype(dtype):
    """The records a device array's handle holds for `dtype`: `dtype` itself where ujit has a
    Record type for it, else records of its bytes (fixed-width string fields: stored, copied
    and viewed like any record, refused by kernels as host arrays of them are)."""
    s = _STORAGE.get(dtype)
    if s is None:
        try:
            ext.device_array_new_records((0,), dtype, False)
            s = dtype
        except TypeError:
            s = np.dtype({"names": ["bytes"], "formats": [(np.uint8, (dtype.itemsize,))], "itemsize": dtype.itemsize})
        _STORAGE[dtype] = s
    return s


def require_typed_records(a):
    """A kernel argument's records must have ujit's Record type: for records held as bytes,
    the TypeError saying why ujit has none (the one a host array of them gets)."""
    if a.dtype.names is not None and storage_dtype(a.dtype) is not a.dtype:
        ext.device_array_new_records((0,), a.dtype, False)


def _viewable(dtype):
    """Whether a device array can view elements of `dtype`: numbers and records."""
    return dtype.names is not None or _types.code_of_dtype(dtype) is not None


def _dtype_code(dtype):
    code = _types.code_of_dtype(dtype)
    if code is None:
        raise TypeError("ujit does not support dtype %s on the device" % np.dtype(dtype))
    return code


def to_device(obj, stream=0, copy=True, to=None):
    """Copies a host array to a new device array (or into `to`)."""
    if isinstance(obj, DeviceNDArray):
        return obj
    ary = np.asarray(obj)
    if to is not None:
        to.copy_to_device(ary, stream=stream)
        return to
    if ary.dtype.names is not None:  # records (an np.void: one record, a DeviceRecord)
        if not ary.flags.c_contiguous:
            ary = np.ascontiguousarray(ary)  # (never 0-d: that one makes it 1-d)
        d = device_array(ary.shape, ary.dtype, stream=stream)
        d._h.copy_from_host(ary, _stream_handle(stream))
        return d
    if not (ary.flags.c_contiguous or ary.flags.f_contiguous):
        ary = np.ascontiguousarray(ary)
    return DeviceNDArray(ext.device_array_from_host(ary, _stream_handle(stream)), stream)


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    dt = np.dtype(dtype)
    if dt.names is not None:  # a structured dtype: records
        cls = DeviceRecord if not shape else DeviceNDArray
        return cls(ext.device_array_new_records(shape, storage_dtype(dt), order == "F"), stream, dtype=dt)
    return DeviceNDArray(ext.device_array_new(shape, _dtype_code(dtype), order == "F"), stream)


def device_array_like(ary, stream=0):
    if isinstance(ary, DeviceNDArray):
        c_contiguous, f_contiguous = ary.is_c_contiguous(), ary.is_f_contiguous()
    else:
        flags = getattr(ary, "flags", None)
        c_contiguous, f_contiguous = (flags.c_contiguous, flags.f_contiguous) if flags is not None else (True, False)
    if c_contiguous or f_contiguous or len(ary.shape) <= 1:
        order = "F" if f_contiguous and not c_contiguous else "C"
        return device_array(ary.shape, ary.dtype, order=order, stream=stream)
    # A view that is neither: a contiguous array with the view's axis order (np.empty_like's),
    # made C-ordered in that order and transposed back.
    outer_first = views.outer_first_axes(ary.strides)
    base = device_array(tuple(ary.shape[i] for i in outer_first), ary.dtype, stream=stream)
    return base.transpose(tuple(outer_first.index(i) for i in range(len(ary.shape))))


def is_cuda_array(obj):
    return isinstance(obj, DeviceNDArray) or hasattr(obj, "__cuda_array_interface__")


def stream_of_interface(stream):
    """The `stream` of a __cuda_array_interface__ this process produces: the CUstream work on
    the array is queued on, None for the default stream (v3)."""
    handle = int(stream.handle) if isinstance(stream, Stream) else 0
    return handle or None


def sync_interface_stream(iface):
    """Numba's consumer rule (v3): another library's array is used once the work queued on the
    stream its interface names is done, unless config.CUDA_ARRAY_INTERFACE_SYNC is 0."""
    ptr = iface.get("stream")
    if ptr is not None and config.CUDA_ARRAY_INTERFACE_SYNC:
        external_stream(ptr).synchronize()


def from_cuda_array_interface(desc, owner=None, sync=True):
    """Numba's cuda.from_cuda_array_interface: a DeviceNDArray viewing the memory a
    __cuda_array_interface__ dict describes (zero-copy; `owner` is kept alive as long as the
    memory is used), on the stream the interface names (an external stream; 0 without one),
    once that stream's work is done where `sync` (and config.CUDA_ARRAY_INTERFACE_SYNC)."""
    if desc.get("mask") is not None:
        raise NotImplementedError("Masked arrays are not supported")
    stream = 0
    if desc.get("stream") is not None:
        stream = external_stream(desc["stream"])
        if sync:
            sync_interface_stream(desc)
    records = _interface_records(desc)
    if records is not None:
        return records(owner, stream)
    return DeviceNDArray(ext.device_array_from_interface(dict(desc), owner), stream)


def _interface_records(desc):
    """For an interface of records ("|V<n>" with a "descr" of fields, as ujit's arrays give it):
    a function (owner, stream) -> the DeviceNDArray, the memory taken as bytes and viewed as
    records; None for other interfaces (a bare "|V<n>" has no fields to type: refused later)."""
    descr = desc.get("descr")
    if not str(desc.get("typestr", "")).startswith("|V") or not descr or len(descr) == 1 and not descr[0][0]:
        return None
    dtype = np.dtype([tuple(d) for d in descr])
    if dtype.names is None or dtype.itemsize != np.dtype(desc["typestr"]).itemsize:
        raise TypeError("__cuda_array_interface__: descr %r does not describe typestr %s" % (descr, desc["typestr"]))
    shape = tuple(desc["shape"])
    strides = tuple(desc["strides"]) if desc.get("strides") else tuple(
        int(np.prod(shape[k + 1:], dtype=np.int64)) * dtype.itemsize for k in range(len(shape)))
    as_bytes = dict(desc, typestr="|u1", descr=[("", "|u1")], shape=shape + (dtype.itemsize,), strides=strides + (1,))

    def make(owner, stream):
        h = ext.device_array_from_interface(as_bytes, owner)
        cls = DeviceRecord if not shape else DeviceNDArray
        return cls(h.view(0, shape, strides, storage_dtype(dtype)), stream, dtype=dtype)

    return make


def as_cuda_array(obj, sync=True):
    """A DeviceNDArray viewing another library's device memory (zero-copy): through DLPack
    where the object exports it, else through its __cuda_array_interface__; in both cases
    once the stream that interface names is done (sync_interface_stream)."""
    if isinstance(obj, DeviceNDArray):
        return obj
    iface = getattr(obj, "__cuda_array_interface__", None)
    if iface is not None and not hasattr(obj, "__dlpack__"):
        return from_cuda_array_interface(iface, owner=obj, sync=sync)
    if iface is not None and sync:
        sync_interface_stream(iface)
    if hasattr(obj, "__dlpack__"):
        return DeviceNDArray(ext.device_array_from_dlpack(obj.__dlpack__()))
    raise TypeError("%s is not a CUDA array: it exports neither __cuda_array_interface__ nor DLPack"
                    % type(obj).__name__)
