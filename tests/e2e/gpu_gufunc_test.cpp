// @guvectorize on a real GPU ([gpu]) through ujit::cuda::gufunc / gufunc_device /
// gufunc_into: every oracle case of tests/conformance/gufunc (NumPy's results), device
// arrays in and out, the course's batch_matrix_mult on device arrays, and the checks.
#include <catch2/catch.hpp>

#include "conformance/gufunc_cases.hpp"
#include "ujit/cuda.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::test;
using Catch::Matchers::Contains;

TEST_CASE("gpu: every gufunc oracle case on the device", "[gpu][e2e][gufunc]") {
    UJIT_REQUIRE_GPU();
    Module m = gufunc_module();
    for (const GufuncCase& c : load_gufunc_cases()) {
        INFO(c.name);
        std::vector<cuda::KernelArg> args(c.inputs.begin(), c.inputs.end());
        std::vector<Array> got = cuda::gufunc(m.function(c.function), args);
        REQUIRE(got.size() == c.expected.size());
        for (size_t k = 0; k < got.size(); ++k) CHECK(compare_arrays(got[k], c.expected[k], c.rtol) == "");
    }
}

TEST_CASE("gpu: batch_matrix_mult on device arrays in and out", "[gpu][e2e][gufunc]") {
    UJIT_REQUIRE_GPU();
    Function mm = gufunc_module().function("batch_matrix_mult");
    const int64_t n = 1 << 16;
    Array a(DType::Float32, {n, 2, 2}), b(DType::Float32, {n, 2, 2});
    for (int64_t i = 0; i < 4 * n; ++i) {
        a.data<float>()[i] = float(i % 13) * 0.25f;
        b.data<float>()[i] = float(i % 7) - 3.0f;
    }
    cuda::DeviceArray da = cuda::to_device(a.ref()), db = cuda::to_device(b.ref());
    std::vector<cuda::DeviceArray> out = cuda::gufunc_device(mm, {da, db});
    REQUIRE(out.size() == 1);
    CHECK(out[0].shape() == std::vector<int64_t>{n, 2, 2});
    Array host = out[0].copy_to_host();
    Array want = mm.gufunc_call({a, b})[0];  // the host path, itself checked against NumPy
    CHECK(compare_arrays(host, want, 0) == "");

    // Into a caller's array; a wrong core size is refused before anything runs.
    cuda::DeviceArray dc = cuda::device_array({n, 2, 2}, DType::Float32);
    cuda::gufunc_into(mm, {da, db}, {dc});
    CHECK(compare_arrays(dc.copy_to_host(), want, 0) == "");
    cuda::DeviceArray wrong = cuda::device_array({n, 2, 3}, DType::Float32);
    CHECK_THROWS_WITH(cuda::gufunc_into(mm, {da, db}, {wrong}),
                      Contains("core dimension 'p' is 2 in input 1 but 3 in output 0"));
}

TEST_CASE("gpu: in place, and a fixed-size core", "[gpu][e2e][gufunc]") {
    UJIT_REQUIRE_GPU();
    Module m = gufunc_module();
    // In place: add_scalar writes x + k into x itself, so the kernel must not assume that its
    // operands do not overlap (codegen/gufunc_facts.hpp).
    Array x(DType::Int64, {1000, 4});
    for (int64_t i = 0; i < x.size(); ++i) x.data<int64_t>()[i] = i;
    cuda::DeviceArray dx = cuda::to_device(x.ref());
    cuda::gufunc_into(m.function("add_scalar"), {dx, Value(5)}, {dx});
    Array got = dx.copy_to_host();
    for (int64_t i = 0; i < x.size(); ++i) CHECK(got.data<int64_t>()[i] == i + 5);
    // A fixed-size core on the device: the cross product, and the size checked.
    Array u(DType::Float64, {3, 3});
    for (int64_t i = 0; i < u.size(); ++i) u.data<double>()[i] = double(i * i % 7);
    Array cross = cuda::gufunc(m.function("cross"), {u, u})[0];
    for (int64_t i = 0; i < cross.size(); ++i) CHECK(cross.data<double>()[i] == 0.0);
    Array four(DType::Float64, {3, 4});
    CHECK_THROWS_WITH(cuda::gufunc(m.function("cross"), {u, four}),
                      Contains("core dimension 1 of (3) in input 1 is 4 but the layout fixes it at 3"));
}
