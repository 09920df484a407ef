// ujit::cuda::RawKernel: CUDA C++ compiled by NVRTC and launched through the driver's launch
// path. Without a GPU the compile half runs and a launch names the kernel; the [gpu] cases
// launch (tools/scripts/gpu_check.sh runs them on the lent machine).
#include <catch2/catch.hpp>

#include "cudalink/toolkit_libs.hpp"
#include "ujit/cuda.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit::cuda;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const char* kScale = R"(extern "C" __global__ void scale(float* a, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] *= s;
}
)";

bool has_nvrtc() {
    try {
        ujit::cudalink::nvrtc();
        return true;
    } catch (const ujit::Error& e) {
        WARN("NVRTC absent, test skipped: " << e.what());
        return false;
    }
}

}  // namespace

TEST_CASE("RawKernel compiles for the current device, sm_75 on the host device", "[cudalink]") {
    if (!has_nvrtc()) return;
    RawKernel k(kScale, "scale");
    CHECK(k.name() == "scale");
    CHECK(k.arch() == (is_available() ? current_device_info().arch() : std::string("sm_75")));
    CHECK_THAT(k.ptx(), Contains(".visible .entry scale("));
    CHECK_THROWS_WITH(RawKernel(kScale, "scal"),
                      StartsWith("error: kernel.cu has no __global__ function named 'scal' (its kernels: scale)"));
    CHECK_THROWS_WITH(RawKernel("__global__ void f() { x; }", "f", {}, "mine.cu"), StartsWith("mine.cu:1:23: error:"));
}

TEST_CASE("RawKernel on the host device: the launch names the kernel and why", "[cudalink]") {
    if (!has_nvrtc() || is_available()) return;
    RawKernel k(kScale, "scale");
    float s = 2;
    int n = 0;
    void* p = nullptr;
    void* params[] = {&p, &s, &n};
    CHECK_THROWS_WITH(k.launch(Dim3(1), Dim3(32), params),
                      StartsWith("error: RawKernel 'scale' is CUDA C++ compiled by NVRTC: it runs only on a CUDA "
                                 "device, not on the CPU (") &&
                          Contains(unavailable_reason()));
}

TEST_CASE("RawKernel launches on the GPU through ujit's launch path", "[gpu]") {
    UJIT_REQUIRE_GPU();
    if (!has_nvrtc()) return;  // a GPU machine without the CUDA toolkit
    RawKernel k(kScale, "scale");
    const int n = 1000;
    ujit::Array a(ujit::DType::Float32, {n});
    for (int i = 0; i < n; ++i) a.data<float>()[i] = float(i);
    DeviceArray d = to_device(a.ref());
    void* ptr = reinterpret_cast<void*>(d.device_pointer());
    float s = 3;
    int count = n;
    void* params[] = {&ptr, &s, &count};
    k.launch(Dim3((n + 127) / 128), Dim3(128), params);
    ujit::Array back = d.copy_to_host();
    for (int i = 0; i < n; ++i) REQUIRE(back.data<float>()[i] == 3.0f * float(i));
    // The launch limits are ujit's: a block too large is refused before the driver sees it.
    CHECK_THROWS(k.launch(Dim3(1), Dim3(4096), params));
}
