#include "cudadrv/driver_result.hpp"

#include <fmt/format.h>

namespace ujit::cuda {

namespace {

// cuda.h's names for the results a user is most likely to meet before the driver works.
const char* fallback_name(CUresult r) {
    switch (r) {
#define UJIT_CUDA_NAME(e)                                                                                              \
    case e: return #e;
        UJIT_CUDA_NAME(CUDA_ERROR_INVALID_VALUE)
        UJIT_CUDA_NAME(CUDA_ERROR_OUT_OF_MEMORY)
        UJIT_CUDA_NAME(CUDA_ERROR_NOT_INITIALIZED)
        UJIT_CUDA_NAME(CUDA_ERROR_DEINITIALIZED)
        UJIT_CUDA_NAME(CUDA_ERROR_STUB_LIBRARY)
        UJIT_CUDA_NAME(CUDA_ERROR_DEVICE_UNAVAILABLE)
        UJIT_CUDA_NAME(CUDA_ERROR_NO_DEVICE)
        UJIT_CUDA_NAME(CUDA_ERROR_INVALID_DEVICE)
        UJIT_CUDA_NAME(CUDA_ERROR_DEVICE_NOT_LICENSED)
        UJIT_CUDA_NAME(CUDA_ERROR_INVALID_PTX)
        UJIT_CUDA_NAME(CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
        UJIT_CUDA_NAME(CUDA_ERROR_NOT_FOUND)
        UJIT_CUDA_NAME(CUDA_ERROR_ILLEGAL_ADDRESS)
        UJIT_CUDA_NAME(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES)
        UJIT_CUDA_NAME(CUDA_ERROR_LAUNCH_FAILED)
        UJIT_CUDA_NAME(CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)
        UJIT_CUDA_NAME(CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)
        UJIT_CUDA_NAME(CUDA_ERROR_OPERATING_SYSTEM)
        UJIT_CUDA_NAME(CUDA_ERROR_UNKNOWN)
#undef UJIT_CUDA_NAME
    default: return nullptr;
    }
}

}  // namespace

std::string describe_result(const DriverApi& api, CUresult r) {
    const char* name = nullptr;
    const char* text = nullptr;
    if (api.cuGetErrorName && api.cuGetErrorName(r, &name) != CUDA_SUCCESS) name = nullptr;
    if (api.cuGetErrorString && api.cuGetErrorString(r, &text) != CUDA_SUCCESS) text = nullptr;
    if (!name) name = fallback_name(r);
    std::string s = name ? name : "CUDA error " + std::to_string(int(r));
    if (text) s += std::string(" (") + text + ")";
    return s;
}

bool is_sticky_error(CUresult r) {
    switch (r) {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_CONTEXT_IS_DESTROYED: return true;
    default: return false;
    }
}

std::string format_driver_error(const DriverApi& api, CUresult r, const char* op, const std::string& detail) {
    return fmt::format("error: CUDA error: {}{} failed: {}", op, detail.empty() ? "" : " (" + detail + ")",
                       describe_result(api, r));
}

}  // namespace ujit::cuda
