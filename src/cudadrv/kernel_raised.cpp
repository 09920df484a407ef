#include "cudadrv/kernel_raised.hpp"

#include "codegen/kernel_raise.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "runtime/kernel_raise_error.hpp"

namespace ujit::cuda {

CUdeviceptr arm_raise_record(CUmodule module, CUstream stream) {
    CUdeviceptr record = 0;
    size_t bytes = 0;
    // A module without the record (a driver that gives none, as the tests' fake one): nothing
    // to read after the launch.
    if (driver().cuModuleGetGlobal(&record, &bytes, module, codegen::kRaisedSymbol) != CUDA_SUCCESS ||
        bytes < sizeof(codegen::RaisedRecord))
        return 0;
    static const int32_t zero = 0;
    check(driver().cuMemcpyHtoDAsync(record, &zero, sizeof zero, stream), "cuMemcpyHtoDAsync");
    return record;
}

void throw_recorded_raise(CUmodule module, CUdeviceptr record, CUstream stream) {
    check(driver().cuStreamSynchronize(stream), "cuStreamSynchronize");
    codegen::RaisedRecord r;
    check(driver().cuMemcpyDtoH(&r, record, sizeof r), "cuMemcpyDtoH");
    if (r.site == 0) return;
    CUdeviceptr sites = 0;
    size_t bytes = 0;
    check(driver().cuModuleGetGlobal(&sites, &bytes, module, codegen::kRaiseSitesSymbol), "cuModuleGetGlobal");
    std::string blob(bytes, '\0');
    check(driver().cuMemcpyDtoH(blob.data(), sites, bytes), "cuMemcpyDtoH");
    throw runtime::kernel_raise_error(codegen::raise_site(blob, r.site), r.tid, r.ctaid);
}

}  // namespace ujit::cuda
