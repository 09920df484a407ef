"""ujit.cuda: Numba's numba.cuda over ujit's CUDA runtime (the C API's ujit_cuda_*).

    @cuda.jit                       kernels: kernel[grid, block](args), kernel[grid, block, stream]
    @cuda.jit(device=True)          device functions, called from kernels and CUDA ufuncs
    cuda.to_device, device_array, device_array_like, DeviceNDArray.copy_to_host(out=)
    cuda.stream(), cuda.synchronize(), cuda.get_current_device(), cuda.is_available(),
    cuda.detect(), cuda.gpus (`with cuda.gpus[i]:`), cuda.select_device
    cuda.random                     numba.cuda.random: create_xoroshiro128p_states, xoroshiro128p_*
    cuda.libdevice                  numba.cuda.libdevice: libdevice's functions, called in kernels
    cuda.float32x4, cuda.float4     numba.cuda.vector_types: CUDA vector types, made in kernels

Without a usable CUDA device (no driver, no GPU, UJIT_DISABLE_CUDA=1) all of the above runs
on the host device: kernels and CUDA ufuncs compiled for the CPU, device arrays in host
memory (kDLCPU in DLPack, no __cuda_array_interface__), synchronous streams and events;
is_available() stays False and get_current_device() returns a HostDevice.

Inside kernels: cuda.grid, cuda.threadIdx, cuda.shared.array, cuda.atomic.add, ... are
compiled by ujit; from Python they only name things (calling them there is an error, as in
Numba).
"""
from ._api import (  # noqa: F401
    CudaSupportError, Event, HostDevice, Stream, close, current_context, default_stream, detect, event,
    event_elapsed_time, external_stream, get_current_device, is_available, legacy_default_stream, list_devices,
    per_thread_default_stream, select_device, stream, synchronize, unavailable_reason,
)
from ._devicearray import (  # noqa: F401
    DeviceNDArray, as_cuda_array, device_array, device_array_like, from_cuda_array_interface, is_cuda_array, to_device,
)
from ._host_memory import (  # noqa: F401
    ManagedNDArray, MappedNDArray, managed_array, managed_array_like, mapped, mapped_array, mapped_array_like,
    pinned, pinned_array, pinned_array_like,
)
from ._gpus import gpus  # noqa: F401
from ._kernels import jit  # noqa: F401
from . import random  # noqa: F401
from . import cg  # noqa: F401  (numba.cuda.cg: cooperative groups)
from ._kernelapi import (  # noqa: F401
    activemask, all_sync, any_sync, atomic, ballot_sync, blockDim, blockIdx, brev, cbrt, clz, const, eq_sync, ffs,
    fma, fp16, gridDim, grid, gridsize, laneid, lanemask_lt, local, match_all_sync, match_any_sync, nanosleep, popc, selp,
    shared, shfl_down_sync, shfl_sync, shfl_up_sync, shfl_xor_sync, syncthreads, syncthreads_and, syncthreads_count,
    syncthreads_or, syncwarp, threadIdx, threadfence, threadfence_block, threadfence_system, warpsize,
    ldca, ldcg, ldcs, ldlu, ldcv, stcg, stcs, stwb, stwt,
)
from .. import types  # noqa: F401,E402  (numba.cuda.types: numba.types itself)
from ..core import config  # noqa: F401,E402  (numba.cuda.config: Numba's settings)
from .._types import TYPES as _TYPES  # noqa: E402
from ._decorators import guvectorize, vectorize  # noqa: F401,E402

globals().update(_TYPES)  # numba.cuda re-exports every type name: `from numba.cuda import float32`
# numba-cuda's flag for "the CPU target is installed too": ujit is both.
HAS_NUMBA = True
from .compiler import compile, compile_for_current_device, compile_ptx, compile_ptx_for_current_device  # noqa: F401,E402,E501
# CUDA C++ through NVRTC (cuda/_rawkernel.py, cuda/_linking.py)
from ._linking import CUSource, declare_device  # noqa: F401,E402
from ._rawkernel import RawKernel, RawModule, compile_cuda_ptx  # noqa: F401,E402
from ._reduce import Reduce, reduce  # noqa: F401,E402
# External memory management (Numba's EMM plugins: cuda/_emm.py)
from ._api import MemoryInfo  # noqa: F401,E402
from ._emm import (  # noqa: F401,E402
    AutoFreePointer, BaseCUDAMemoryManager, GetIpcHandleMixin, HostOnlyCUDAMemoryManager, MemoryPointer,
    set_memory_manager,
)
from ._ipc import IpcArrayHandle, IpcHandle, open_ipc_array  # noqa: F401,E402
from . import devices  # noqa: F401,E402  (numba.cuda.devices.get_context)
from .cudadrv import driver  # noqa: F401,E402  (numba.cuda.driver: the cudadrv.driver module, as in Numba)
if config.CUDA_MEMORY_MANAGER != "default":
    from ._emm import plugin_from_config as _plugin_from_config  # noqa: E402

    _plugin_from_config()
# Numba's public submodules and names from them (cuda/args.py, cuda/launchconfig.py, cuda/cudadrv)
from . import args, cudadrv, launchconfig  # noqa: F401,E402
from .cudadrv import devicearray  # noqa: F401,E402  (numba.cuda.devicearray.auto_device ...)
from . import libdevice  # noqa: F401,E402  (numba.cuda.libdevice: libdevice's functions in kernels)
from .args import In, InOut, Out  # noqa: F401,E402
from . import vector_types as _vector_types  # noqa: E402

globals().update(_vector_types.constructors())  # cuda.float32x4, cuda.float4, ... (one object per type)


# ---- cudabf16: bfloat16
def is_bfloat16_supported():
    """numba-cuda's check before a kernel uses bfloat16 (numba.cuda.bf16): compute capability
    8.0 or later, where the GPU converts to and from bfloat16 (cvt.rn.bf16.f32). The host
    device computes bfloat16 in float32, rounded to nearest even after each operation: True."""
    from .api import is_bfloat16_supported as supported

    return supported()
# ---- end cudabf16
