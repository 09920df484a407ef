#include "cudadrv/cooperative_launch.hpp"

#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/launch_params.hpp"
#include "cudadrv/module_state.hpp"

#include <fmt/format.h>

namespace ujit::cuda {

int max_cooperative_blocks(const DeviceContext& dc, CUfunction f, Dim3 block, size_t dynamic_shared) {
    int per_sm = 0;
    const int threads = int(uint64_t(block.x) * block.y * block.z);
    check(driver().cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, threads, dynamic_shared),
          "cuOccupancyMaxActiveBlocksPerMultiprocessor", [&] {
              return fmt::format("block {}, {} bytes of dynamic shared memory", format_dim3(block), dynamic_shared);
          });
    return per_sm * dc.info.sm_count;
}

void launch_cooperative(const DeviceContext& dc, CUfunction f, const std::string& symbol, Dim3 grid, Dim3 block,
                        size_t shared_mem, CUstream stream, void** params) {
    CUresult r = driver().cuLaunchCooperativeKernel(f, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                                    unsigned(shared_mem), stream, params);
    check(r, "cuLaunchCooperativeKernel", [&] {
        std::string detail = fmt::format("kernel '{}', grid {}, block {}, {} bytes of dynamic shared memory", symbol,
                                         format_dim3(grid), format_dim3(block), shared_mem);
        if (r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE) {
            int most = 0;
            try {
                most = max_cooperative_blocks(dc, f, block, shared_mem);
            } catch (const Error&) {
                return detail;  // the limit is unknown: the driver's error alone
            }
            detail += fmt::format("; a cooperative grid of such blocks may have at most {} blocks on {} "
                                  "(max_cooperative_grid_blocks)",
                                  most, dc.info.name);
        }
        return detail;
    });
}

void detail::LaunchAccess::launch_cooperatively(const LoadedKernel& k) {
    std::lock_guard lock(k.s_->mutex);
    k.s_->cooperative = true;
}

int LoadedKernel::max_cooperative_grid_blocks(Dim3 block, size_t dynamic_shared) const {
    DeviceContext& dc = bind();
    detail::KernelState::PerDevice f = s_->function_for(dc);
    return max_cooperative_blocks(dc, f.function, block, dynamic_shared);
}

}  // namespace ujit::cuda
