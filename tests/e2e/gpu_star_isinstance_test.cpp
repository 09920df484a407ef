// Starred calls and isinstance in kernels on a real GPU ([gpu]), the same kernels on the CPU
// through cpu_star_isinstance_test.cpp. Expected values are computed here as CPython would.
#include <cmath>
#include <complex>

#include "gpu_check.hpp"
#include "star_args_isinstance_sources.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;

TEST_CASE("gpu: a kernel spreads tuples into a device function and a builtin, isinstance prunes", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 300;
    Array x = host_array<int64_t>({n}, [](int64_t i) { return i % 17 - 5; });
    Array z(DType::Complex128, {n});
    for (int64_t i = 0; i < n; ++i) z.data<std::complex<double>>()[i] = {double(i), -1.0};
    DeviceArray dx = to_device(x.ref()), dz = to_device(z.ref()), dout = device_array({n}, DType::Float64);
    launch(star_isinstance_module().function("spread_kernel"), Dim3(blocks_for(n, 64)), Dim3(64), {dx, dout, dz});
    std::vector<double> want(n);
    for (int64_t i = 0; i < n; ++i) {
        int64_t v = x.data<int64_t>()[i];
        int64_t floor_half = v >= 0 ? v / 2 : -((-v + 1) / 2);  // Python's v // 2
        want[i] = double(v + i * 10 + 200 + std::max<int64_t>(v, 3) + floor_half) + double(i) / 2 * 1000 + 1000000;
    }
    CHECK(mismatch(from_device<double>(dout), want) == "");
}

TEST_CASE("gpu: complex(*cmath.polar(z)) in a kernel is complex(abs(z), phase(z))", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 64;
    Array z(DType::Complex128, {n});
    for (int64_t i = 0; i < n; ++i) z.data<std::complex<double>>()[i] = {double(i) - 20.5, 3.0 - double(i) / 7};
    DeviceArray dz = to_device(z.ref()), dre = device_array({n}, DType::Float64),
                dim = device_array({n}, DType::Float64);
    launch(star_isinstance_module().function("polar_kernel"), Dim3(1), Dim3(64), {dz, dre, dim});
    std::vector<double> re(n), im(n);
    for (int64_t i = 0; i < n; ++i) {
        re[i] = std::abs(z.data<std::complex<double>>()[i]);
        im[i] = std::arg(z.data<std::complex<double>>()[i]);
    }
    CHECK(mismatch(from_device<double>(dre), re, 1e-12, 1e-12) == "");
    CHECK(mismatch(from_device<double>(dim), im, 1e-12, 1e-12) == "");
}
