#include "cudadrv/driver_check.hpp"

#include "cudadrv/driver_loader.hpp"
#include "cudadrv/driver_result.hpp"
#include "ujit/ujit.hpp"

namespace ujit::cuda {

std::string describe_result(CUresult r) { return describe_result(driver_load().api, r); }

void throw_plain_driver_error(CUresult r, const char* op, const std::string& detail) {
    throw Error(Error::Kind::Runtime, format_driver_error(driver_load().api, r, op, detail));
}

}  // namespace ujit::cuda
