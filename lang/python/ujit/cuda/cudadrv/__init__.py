"""numba.cuda.cudadrv: the parts of Numba's CUDA driver layer that user code reaches.

    driver       CudaAPIError, CudaSupportError, Stream, `driver` (device count, availability)
    error        Numba's CUDA error classes
    devicearray  DeviceNDArray, from_array_like

ujit's driver runtime is C (src/cudadrv, the C API's ujit_cuda_*); these modules name it as
Numba does. Without a GPU they describe the host device (ujit.cuda's module text says how).
"""
from . import devicearray, driver, error  # noqa: F401
