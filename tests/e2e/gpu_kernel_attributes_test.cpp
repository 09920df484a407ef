// cuda::kernel_attributes (Numba's get_regs_per_thread and friends; cudacg): the driver's
// cuFuncGetAttribute for a kernel's specialization, checked against what the kernel declares
// (its shared and local arrays, CUDA's 1024-thread limit). Without a GPU: the error that says
// why (the host device has no registers).
#include "gpu_check.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(from numba import cuda


@cuda.jit
def arrays(a):
    sm = cuda.shared.array(64, dtype=a.dtype)
    lm = cuda.local.array(32, dtype=a.dtype)
    i = cuda.threadIdx.x
    sm[i] = a[i]
    lm[(i * 7) % 32] = a[i]
    cuda.syncthreads()
    a[i] = sm[63 - i] + lm[(a[i] * 3) % 32]
)";

}  // namespace

TEST_CASE("gpu: kernel_attributes reads the driver's facts of a specialization", "[gpu][e2e][kernel_attributes]") {
    UJIT_REQUIRE_GPU();
    Module m = Module::from_string(kSource, "attributes.py");
    cuda::KernelAttributes a = cuda::kernel_attributes(m.function("arrays"), "(int64[::1])");
    CHECK(a.regs_per_thread > 0);
    CHECK(a.shared_bytes_per_block >= 64 * 8);
    CHECK(a.local_bytes_per_thread >= 32 * 8);
    CHECK(a.max_threads_per_block > 0);
    CHECK(a.max_threads_per_block <= 1024);
    cuda::KernelAttributes b = cuda::kernel_attributes(m.function("arrays"), "(int32[::1])");
    CHECK(b.shared_bytes_per_block >= 64 * 4);
    CHECK(b.shared_bytes_per_block < a.shared_bytes_per_block);
}

TEST_CASE("kernel_attributes without a GPU says why", "[e2e][cuda][kernel_attributes]") {
    if (cuda::is_available()) return;  // the gpu case checks the values
    Module m = Module::from_string(kSource, "attributes.py");
    CHECK_THROWS_WITH(cuda::kernel_attributes(m.function("arrays"), "(int64[::1])"),
                      Contains("come from a CUDA device"));
}
