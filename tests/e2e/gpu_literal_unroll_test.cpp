// literal_unroll over a tuple of arrays and numbers in a kernel, on a real GPU ([gpu]); the same
// kernel on the CPU through cpu_literal_unroll_test.cpp. Expected values computed here as
// CPython would.
#include "gpu_check.hpp"
#include "literal_unroll_sources.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;

TEST_CASE("gpu: a kernel unrolls a loop over a tuple of arrays and numbers", "[gpu][e2e][literal-unroll]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 300;
    Array a = host_array<double>({n}, [](int64_t i) { return double(i) / 4; });
    Array b = host_array<int64_t>({n}, [](int64_t i) { return i % 13 - 6; });
    DeviceArray da = to_device(a.ref()), db = to_device(b.ref()), dout = device_array({n}, DType::Float64);
    launch(literal_unroll_module().function("unroll_kernel"), Dim3(blocks_for(n, 64)), Dim3(64), {dout, da, db});
    std::vector<double> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = 0.0 + a.data<double>()[i] + 2.5 + double(b.data<int64_t>()[i]) + 30;
    CHECK(mismatch(from_device<double>(dout), want) == "");
}
