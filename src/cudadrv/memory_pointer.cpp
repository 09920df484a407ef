#include "cudadrv/memory_pointer.hpp"

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"

namespace ujit::cuda {
namespace {

// CU_MEMORYTYPE_* of `p`, or 0 for memory the driver does not know (pageable host memory:
// the query then fails with CUDA_ERROR_INVALID_VALUE, which is an answer, not an error).
unsigned memory_type(const void* p) {
    if (!p || !is_available()) return 0;
    bind();
    unsigned type = 0;
    if (driver().cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CUdeviceptr(p)) != CUDA_SUCCESS)
        return 0;
    return type;
}

}  // namespace

bool is_device_pointer(const void* p) { return memory_type(p) == CU_MEMORYTYPE_DEVICE; }

bool is_pinned_host_pointer(const void* p) { return memory_type(p) == CU_MEMORYTYPE_HOST; }

}  // namespace ujit::cuda
