"""numba.cuda.cudadrv.error: Numba's CUDA error classes.

CudaSupportError is what ujit raises where CUDA is unavailable (one class under both names).
ujit reports a failed driver call as RuntimeError with the driver's message; CudaDriverError
(and driver.CudaAPIError) exist for code that raises or catches them by Numba's names.
"""
from .._api import CudaSupportError  # noqa: F401


class CudaDriverError(Exception):
    """A CUDA driver call failed."""
