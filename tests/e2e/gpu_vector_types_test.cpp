// CUDA vector types (numba-cuda's cuda.float32x4, cuda.short2, ...) in kernels on a real GPU
// ([gpu]); cpu_vector_types_test.cpp runs the same cases on the CPU kernel path. Lanes made
// from numbers (converted as Numba converts: ints wrap, floats truncate) and from smaller
// vectors, read back through .x/.y/.z/.w, and vectors passed to and returned from device
// functions; the expected values are plain C++ computations.
#include <cmath>
#include <cstdint>

#include "gpu_check.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;

namespace {

const char* kVectorSource = R"PY(
from numba import cuda, int64
from numba.cuda import float32x3, float2


@cuda.jit(device=True)
def cross(a, b):
    return float32x3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)


@cuda.jit(device=True)
def dot(a, b):
    return a.x * b.x + a.y * b.y + a.z * b.z


@cuda.jit
def cross_dot(u, w, out, d):
    i = cuda.grid(1)
    if i < u.shape[0]:
        a = float32x3(u[i, 0], float2(u[i, 1], u[i, 2]))
        b = float32x3(float2(w[i, 0], w[i, 1]), w[i, 2])
        c = cross(a, b)
        out[i, 0] = c.x
        out[i, 1] = c.y
        out[i, 2] = c.z
        d[i] = dot(a, b)


@cuda.jit
def lanes(res, k):
    s = cuda.short2(k, k + 1)
    c = cuda.uchar3(300 + k, cuda.uchar2(s.x, s.y))
    i4 = cuda.int64x4(cuda.int64x1(-7), c.x, cuda.long2(k * 1000000000000, -3.75))
    for v in (cuda.float32x2(1.5, 2.5), cuda.float32x2(i4.x, c.z)):
        res[0] += v.x + v.y
    res[1], res[2], res[3] = c.x, c.y, c.z
    res[4], res[5], res[6], res[7] = i4.x, i4.y, i4.z, i4.w
)PY";

Module& vector_module() {
    static Module m = Module::from_string(kVectorSource, "vector_types.py");
    return m;
}

}  // namespace

TEST_CASE("gpu: vectors pass to and return from device functions (cross and dot products)", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 1000;
    Array u = host_array<float>({n, 3}, [](int64_t i) { return float((i * 7) % 23) * 0.25f - 2.0f; });
    Array w = host_array<float>({n, 3}, [](int64_t i) { return float((i * 5) % 19) * 0.5f - 4.0f; });
    Array out = host_array<float>({n, 3}, [](int64_t) { return -1.0f; });
    Array d = host_array<float>({n}, [](int64_t) { return -1.0f; });
    launch(vector_module().function("cross_dot"), Dim3(blocks_for(n, 128)), Dim3(128), {u, w, out, d});
    std::vector<float> want_out(n * 3), want_d(n);
    const float* a = u.data<float>();
    const float* b = w.data<float>();
    for (int64_t i = 0; i < n; ++i) {
        const float* x = a + 3 * i;
        const float* y = b + 3 * i;
        want_out[3 * i + 0] = x[1] * y[2] - x[2] * y[1];
        want_out[3 * i + 1] = x[2] * y[0] - x[0] * y[2];
        want_out[3 * i + 2] = x[0] * y[1] - x[1] * y[0];
        want_d[i] = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    }
    CHECK(mismatch(to_vector<float>(out), want_out, 1e-6, 1e-6) == "");
    CHECK(mismatch(to_vector<float>(d), want_d, 1e-6, 1e-6) == "");
}

TEST_CASE("gpu: vector lanes convert as Numba converts and flatten smaller vectors", "[gpu][e2e]") {
    UJIT_REQUIRE_GPU();
    const int64_t k = 5;
    Array res = host_array<double>({8}, [](int64_t) { return 0.0; });
    launch(vector_module().function("lanes"), Dim3(1), Dim3(1), {res, scalar<int64_t>(k)});
    const auto c_x = double(uint8_t(300 + k));                // wraps: 49
    const auto c_y = double(uint8_t(int16_t(k)));             // the short2's lanes
    const auto c_z = double(uint8_t(int16_t(k + 1)));
    const double sum = (1.5 + 2.5) + (float(-7) + float(c_z));
    std::vector<double> want = {sum, c_x, c_y, c_z, -7.0, c_x, double(k * 1000000000000), -3.0};
    CHECK(mismatch(to_vector<double>(res), want) == "");
}
