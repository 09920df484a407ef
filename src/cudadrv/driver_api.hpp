// The CUDA driver entry points ujit uses, listed once (Taichi's cuda_driver_functions.inc.h
// idea). libcuda is never linked: driver_loader.cpp dlopens it and fills a DriverApi.
//
// The names are cuda.h's API names; cuda.h #defines many of them to their versioned symbols
// (cuMemAlloc → cuMemAlloc_v2), so `decltype(&name)` is the prototype of exactly the version
// these headers describe, and the loader asks cuGetProcAddress for that version.
#pragma once

#include <cuda.h>

// X(name): one entry point. Kept alphabetical within groups.
#define UJIT_CUDA_DRIVER_FUNCTIONS(X)                                                                                  \
    /* errors, init, version */                                                                                        \
    X(cuGetErrorName)                                                                                                  \
    X(cuGetErrorString)                                                                                                \
    X(cuInit)                                                                                                          \
    X(cuDriverGetVersion)                                                                                              \
    /* devices and contexts */                                                                                         \
    X(cuDeviceGet)                                                                                                     \
    X(cuDeviceGetAttribute)                                                                                            \
    X(cuDeviceGetCount)                                                                                                \
    X(cuDeviceGetName)                                                                                                 \
    X(cuDeviceTotalMem)                                                                                                \
    X(cuDevicePrimaryCtxRelease)                                                                                       \
    X(cuDevicePrimaryCtxReset)                                                                                         \
    X(cuDevicePrimaryCtxRetain)                                                                                        \
    X(cuCtxGetCurrent)                                                                                                 \
    X(cuCtxPopCurrent)                                                                                                 \
    X(cuCtxPushCurrent)                                                                                                \
    X(cuCtxSetCurrent)                                                                                                 \
    X(cuCtxSynchronize)                                                                                                \
    /* memory */                                                                                                       \
    X(cuMemAlloc)                                                                                                      \
    X(cuMemFree)                                                                                                       \
    X(cuMemAllocHost)                                                                                                  \
    X(cuMemHostUnregister)                                                                                             \
    X(cuMemHostRegister)                                                                                               \
    X(cuMemHostGetDevicePointer)                                                                                       \
    X(cuMemHostAlloc)                                                                                                  \
    X(cuMemAllocManaged)                                                                                               \
    X(cuMemFreeHost)                                                                                                   \
    X(cuMemGetInfo)                                                                                                    \
    X(cuMemcpy2DAsync)                                                                                                 \
    X(cuMemcpyDtoD)                                                                                                    \
    X(cuMemcpyDtoDAsync)                                                                                               \
    X(cuMemcpyDtoH)                                                                                                    \
    X(cuMemcpyDtoHAsync)                                                                                               \
    X(cuMemcpyHtoD)                                                                                                    \
    X(cuMemcpyHtoDAsync)                                                                                               \
    X(cuMemcpyPeerAsync)                                                                                               \
    X(cuMemsetD8)                                                                                                      \
    X(cuPointerGetAttribute)                                                                                           \
    X(cuMemGetAddressRange)                                                                                            \
    /* IPC (cudadrv/ipc.cpp) */                                                                                        \
    X(cuIpcCloseMemHandle)                                                                                             \
    X(cuIpcGetMemHandle)                                                                                               \
    X(cuIpcOpenMemHandle)                                                                                              \
    /* streams and events */                                                                                           \
    X(cuStreamCreate)                                                                                                  \
    X(cuStreamDestroy)                                                                                                 \
    X(cuStreamQuery)                                                                                                   \
    X(cuStreamSynchronize)                                                                                             \
    X(cuStreamWaitEvent)                                                                                               \
    X(cuEventCreate)                                                                                                   \
    X(cuEventDestroy)                                                                                                  \
    X(cuEventElapsedTime)                                                                                              \
    X(cuEventQuery)                                                                                                    \
    X(cuEventRecord)                                                                                                   \
    X(cuEventSynchronize)                                                                                              \
    /* modules and launches */                                                                                         \
    X(cuLinkAddData)                                                                                                   \
    X(cuLinkComplete)                                                                                                  \
    X(cuLinkCreate)                                                                                                    \
    X(cuLinkDestroy)                                                                                                   \
    X(cuModuleGetFunction)                                                                                             \
    X(cuModuleGetGlobal)                                                                                               \
    X(cuModuleLoadData)                                                                                                \
    X(cuModuleLoadDataEx)                                                                                              \
    X(cuModuleUnload)                                                                                                  \
    X(cuFuncGetAttribute)                                                                                              \
    X(cuFuncSetAttribute)                                                                                              \
    X(cuLaunchKernel)                                                                                                  \
    /* cooperative launches (cuda.cg: cudadrv/cooperative_launch.cpp) */                                               \
    X(cuLaunchCooperativeKernel)                                                                                       \
    X(cuOccupancyMaxActiveBlocksPerMultiprocessor)

namespace ujit::cuda {

// The function table. Every member is non-null once the loader reports the driver usable.
struct DriverApi {
#define UJIT_CUDA_DECLARE_MEMBER(name) decltype(&::name) name = nullptr;
    UJIT_CUDA_DRIVER_FUNCTIONS(UJIT_CUDA_DECLARE_MEMBER)
#undef UJIT_CUDA_DECLARE_MEMBER
};

}  // namespace ujit::cuda
