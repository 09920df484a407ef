#include "cudadrv/fault_check.hpp"

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/driver_result.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cuda {

void throw_driver_error(CUresult r, const char* op, const std::string& detail) {
    std::string msg = format_driver_error(driver_load().api, r, op, detail);
    if (is_sticky_error(r)) msg.append("; ").append(recover_from_fault());
    throw Error(Error::Kind::Runtime, msg);
}

}  // namespace ujit::cuda
