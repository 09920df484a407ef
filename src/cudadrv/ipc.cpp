// CUDA IPC: handles of device allocations that other processes open (Numba's
// DeviceNDArray.get_ipc_handle / IpcHandle.open). The driver's handle is 64 opaque bytes,
// carried as IpcMemHandle so that callers need no cuda.h.
#include <cstring>

#include <fmt/format.h>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/host_device.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {
namespace {

static_assert(sizeof(CUipcMemHandle) == sizeof(IpcMemHandle), "CUDA's IPC handle is 64 bytes");

void require_gpu(const char* what) {
    if (uses_host_device())
        throw Error(Error::Kind::Runtime,
                    fmt::format("error: {} needs a CUDA device: the host device's memory belongs to this process "
                                "({})",
                                what, unavailable_reason()));
}

}  // namespace

IpcMemHandle ipc_get_handle(uint64_t ptr, uint64_t* offset) {
    require_gpu("an IPC handle");
    bind();
    const DriverApi& api = driver();
    CUdeviceptr base = 0;
    size_t size = 0;
    check(api.cuMemGetAddressRange(&base, &size, CUdeviceptr(ptr)), "cuMemGetAddressRange",
          [&] { return fmt::format("address {:#x}", ptr); });
    CUipcMemHandle h;
    check(api.cuIpcGetMemHandle(&h, base), "cuIpcGetMemHandle");
    IpcMemHandle out;
    std::memcpy(out.bytes, &h, sizeof out.bytes);
    *offset = ptr - uint64_t(base);
    return out;
}

uint64_t ipc_open(const IpcMemHandle& handle) {
    require_gpu("opening an IPC handle");
    bind();
    CUipcMemHandle h;
    std::memcpy(&h, handle.bytes, sizeof h);
    CUdeviceptr base = 0;
    check(driver().cuIpcOpenMemHandle(&base, h, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS), "cuIpcOpenMemHandle");
    return uint64_t(base);
}

void ipc_close(uint64_t base) {
    require_gpu("closing an IPC handle");
    bind();
    check(driver().cuIpcCloseMemHandle(CUdeviceptr(base)), "cuIpcCloseMemHandle");
}

}  // namespace ujit::cuda
