"""numba.cuda.cudadrv.driver: CudaAPIError, Stream, and `driver`, the CUDA driver as a whole."""
from .._api import Stream, _availability, list_devices  # noqa: F401  (Stream: ujit.cuda's class)
from .error import CudaDriverError, CudaSupportError  # noqa: F401


class CudaAPIError(CudaDriverError):
    """A CUDA driver call returned an error: `code` (CUresult) and `msg`."""

    def __init__(self, code, msg):
        self.code, self.msg = code, msg
        super().__init__(code, msg)

    def __str__(self):
        return "[%s] %s" % (self.code, self.msg)


class Driver:
    """The CUDA driver: `is_available`, `initialization_error` (why not, or None),
    `get_device_count()`."""

    @property
    def is_available(self):
        return _availability()[0]

    @property
    def initialization_error(self):
        ok, reason = _availability()
        return None if ok else reason

    def get_device_count(self):
        return len(list_devices()) if self.is_available else 0

    def __repr__(self):
        return "<CUDA driver: %s>" % ("available" if self.is_available else self.initialization_error)


driver = Driver()


def _have_nvjitlink():
    """Whether kernels can be linked as LTO-IR through nvJitLink (Numba's `lto=True`).
    ujit compiles kernels to PTX and links no LTO-IR, so never (its nvJitLink use, for
    inspect_linked_cubin and link= files, is a cubin link)."""
    return False
