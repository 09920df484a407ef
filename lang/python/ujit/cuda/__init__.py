"""ujit.cuda: Numba's numba.cuda over ujit's CUDA runtime (the C API's ujit_cuda_*).

    @cuda.jit                       kernels: kernel[grid, block](args), kernel[grid, block, stream]
    @cuda.jit(device=True)          device functions, called from kernels and CUDA ufuncs
    cuda.to_device, device_array, device_array_like, DeviceNDArray.copy_to_host(out=)
    cuda.stream(), cuda.synchronize(), cuda.get_current_device(), cuda.is_available(),
    cuda.detect()

Inside kernels: cuda.grid, cuda.threadIdx, cuda.shared.array, cuda.atomic.add, ... are
compiled by ujit; from Python they only name things (calling them there is an error, as in
Numba).
"""
from ._api import (  # noqa: F401
    DeviceNDArray, Stream, close, current_context, detect, device_array, device_array_like,
    get_current_device, is_available, is_cuda_array, as_cuda_array, jit, list_devices, pinned_array,
    select_device, stream, synchronize, to_device, unavailable_reason, default_stream, event, Event,
    event_elapsed_time, CudaSupportError,
)
from ._kernelapi import (  # noqa: F401
    atomic, blockDim, blockIdx, const, gridDim, grid, gridsize, laneid, local, shared, syncthreads,
    threadIdx, threadfence, warpsize,
)
