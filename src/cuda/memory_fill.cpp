#include "cuda/memory_fill.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "cuda/device_context.hpp"
#include "cuda/driver_check.hpp"
#include "cuda/driver_loader.hpp"

namespace ujit::cuda {

void fill_device(const DeviceArray& dst, const void* element, size_t elem_size, const Stream& stream) {
    size_t total = dst.nbytes();
    if (total == 0) return;
    if (!dst.is_c_contiguous() && !dst.is_f_contiguous())
        throw Error(Error::Kind::Argument, "error: fill: the device array is not contiguous");
    bind(device_context(dst.device()));
    auto s = static_cast<CUstream>(stream.handle());
    CUdeviceptr base = CUdeviceptr(dst.device_pointer());
    // In stream order with the copies below. From pageable memory the call returns once
    // `element` has been staged, so the caller's temporary may go right after.
    check(driver().cuMemcpyHtoDAsync(base, element, elem_size, s), "cuMemcpyHtoDAsync",
          [&] { return fmt::format("{} bytes", elem_size); });
    for (size_t filled = elem_size; filled < total;) {
        size_t n = std::min(filled, total - filled);
        check(driver().cuMemcpyDtoDAsync(base + filled, base, n, s), "cuMemcpyDtoDAsync",
              [&] { return fmt::format("{} bytes", n); });
        filled += n;
    }
}

}  // namespace ujit::cuda
