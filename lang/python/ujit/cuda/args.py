"""numba.cuda.args: cuda.In, cuda.Out, cuda.InOut, which say how a launch moves a host array.

    kernel[grid, block](cuda.In(a))      copied to the device, not back
    kernel[grid, block](cuda.Out(a))     not copied there (the kernel's array is uninitialized),
                                         copied back after the launch
    kernel[grid, block](cuda.InOut(a))   both (what a bare host array gets)

A kernel's `extensions` (objects with `prepare_args(ty, val, stream=, retr=)`, as in Numba)
may wrap arguments in these; `wrap_arg(value, default=InOut)` leaves an ArgHint as it is.
"""
import numpy as np

from ._devicearray import DeviceNDArray, device_array_like, to_device


class ArgHint:
    """A host array (or device array, passed as it is) with where its data goes."""

    copy_in = copy_back = True

    def __init__(self, value):
        self.value = value

    def to_device(self, retr, stream=0):
        """The device array the kernel gets; appends to `retr` what to call after the launch."""
        if isinstance(self.value, DeviceNDArray):
            return self.value
        host = np.asarray(self.value)
        dev = to_device(host, stream=stream) if self.copy_in else device_array_like(host, stream=stream)
        if self.copy_back:
            retr.append(lambda: dev.copy_to_host(host, stream=stream))
        return dev

    @property
    def _numba_type_(self):
        from ..typing.typeof import typeof

        return typeof(self.value)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.value)


class In(ArgHint):
    copy_back = False


class Out(ArgHint):
    copy_in = False


class InOut(ArgHint):
    pass


def wrap_arg(value, default=InOut):
    """`value` if it is an ArgHint already, else `default(value)`."""
    return value if isinstance(value, ArgHint) else default(value)
