// A grid-stride loop's 16-byte vector version (codegen/grid_stride_vector.hpp), run on the CPU
// through the reference path (LaunchOptions::cpu_reference: one call per thread, the GPU's
// lowering of the loop, vector version included). Results must be what the scalar loop
// computes, bit for bit: every length (tails of 0..3 elements, n < 4), views at every offset
// (the scalar loop then runs), strided views, an output that is an input (out is x), and an
// output that partially overlaps an input (the race the scalar loop has, not a vector's).
#include <cstring>
#include <tuple>

#include "gpu_check.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;

namespace {

const char* kSource = R"PY(
from numba import cuda


@cuda.jit
def add_kernel(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


@cuda.jit
def mix(x, y, out):
    for i in range(cuda.grid(1), out.shape[0], cuda.gridsize(1)):
        out[i] = (x[i] * 3 - y[i]) ^ i
        y[i] = -x[i]
)PY";

Function kernel(const char* name) {
    static Module m = Module::from_string(kSource, "grid_stride_vector.py");
    return m.function(name);
}

LaunchOptions reference() {
    LaunchOptions o;
    o.cpu_reference = true;
    return o;
}

template <class T> ArrayRef view(Array& a, int64_t offset, int64_t n, int64_t step = 1) {
    ArrayRef r = ArrayRef::c_order(a.data<T>() + offset, a.dtype(), {n});
    r.strides = {step * int64_t(sizeof(T))};
    return r;
}

template <class T> void check_add(int64_t n, int64_t ox, int64_t oy, int64_t oo, int64_t step, Dim3 grid, Dim3 block) {
    CAPTURE(n, ox, oy, oo, step, grid.x, block.x);
    const int64_t room = n * step + 8;
    Array x = host_array<T>({room}, [](int64_t i) { return T(i % 97) * T(0.25) - T(7); });
    Array y = host_array<T>({room}, [](int64_t i) { return T(i % 89) * T(0.5) + T(1.0 / 3.0); });
    Array out = host_array<T>({room}, [](int64_t) { return T(-1); });
    launch_cpu(kernel("add_kernel"), grid, block,
               {view<T>(x, ox, n, step), view<T>(y, oy, n, step), view<T>(out, oo, n)}, reference());
    const T* xs = x.data<T>();
    const T* ys = y.data<T>();
    const T* os = out.data<T>();
    for (int64_t i = 0; i < room; ++i) {
        bool inside = i >= oo && i < oo + n;
        T expected = inside ? T(xs[ox + (i - oo) * step] + ys[oy + (i - oo) * step]) : T(-1);
        REQUIRE(std::memcmp(&os[i], &expected, sizeof(T)) == 0);
    }
}

}  // namespace

TEST_CASE("grid-stride vector loop: add_kernel gives the scalar loop's bits for every length and offset",
          "[kernel-cpu][grid-stride-vector]") {
    const std::tuple<int64_t, int64_t, int64_t> offsets[] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0},
                                                             {0, 0, 3}, {4, 4, 4}, {3, 3, 3}};
    for (int64_t n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 1023, 1025, 4099})
        for (auto [ox, oy, oo] : offsets) {
            check_add<float>(n, ox, oy, oo, 1, Dim3(3), Dim3(32));
            check_add<double>(n, ox, oy, oo, 1, Dim3(3), Dim3(32));
        }
    // Grids larger than the vectors, one thread, 2-D grids (threads that share cuda.grid(1)).
    check_add<float>(1000, 0, 0, 0, 1, Dim3(64), Dim3(64));
    check_add<float>(1001, 0, 0, 0, 1, Dim3(1), Dim3(1));
    check_add<double>(999, 0, 0, 0, 1, Dim3(2, 3), Dim3(16));
    // Strided inputs: the scalar loop.
    check_add<float>(257, 0, 0, 0, 2, Dim3(2), Dim3(32));
}

TEST_CASE("grid-stride vector loop: out is x, and int32 arithmetic on i with two statements",
          "[kernel-cpu][grid-stride-vector]") {
    for (int64_t n : {3, 4, 10, 1027}) {
        CAPTURE(n);
        Array x = host_array<float>({n}, [](int64_t i) { return float(i) * 0.5f; });
        Array y = host_array<float>({n}, [](int64_t i) { return float(i % 7) - 3.0f; });
        launch_cpu(kernel("add_kernel"), Dim3(2), Dim3(64), {x, y, x}, reference());
        for (int64_t i = 0; i < n; ++i) REQUIRE(x.data<float>()[i] == float(i) * 0.5f + (float(i % 7) - 3.0f));

        Array a = host_array<int32_t>({n}, [](int64_t i) { return int32_t(i * 7919 % 2001 - 1000); });
        Array b = host_array<int32_t>({n}, [](int64_t i) { return int32_t(i * 104729 % 3001 - 1500); });
        Array out(DType::Int32, {n});
        std::vector<int32_t> as = to_vector<int32_t>(a), bs = to_vector<int32_t>(b);
        launch_cpu(kernel("mix"), Dim3(3), Dim3(32), {a, b, out}, reference());
        for (int64_t i = 0; i < n; ++i) {
            // Numba: int32 * 3 is int64; ^ i (int64); the store wraps to int32.
            int64_t wide = (int64_t(as[size_t(i)]) * 3 - int64_t(bs[size_t(i)])) ^ i;
            REQUIRE(out.data<int32_t>()[i] == int32_t(uint32_t(uint64_t(wide))));
            REQUIRE(b.data<int32_t>()[i] == -as[size_t(i)]);
        }
    }
}

// out = x[1:] of the same buffer: iteration i writes what iteration i + 1 reads. The vector
// version would read a whole vector before writing it; the partial overlap must make the
// loop scalar, whose result (one block: its threads run in order on the CPU) is this walk.
TEST_CASE("grid-stride vector loop: an output partially overlapping an input keeps the scalar loop",
          "[kernel-cpu][grid-stride-vector]") {
    const int64_t n = 100, threads = 8;
    Array base = host_array<float>({n + 4}, [](int64_t i) { return float(i); });
    Array y = host_array<float>({n}, [](int64_t i) { return float(i % 5); });
    std::vector<float> expected = to_vector<float>(base);
    for (int64_t t = 0; t < threads; ++t)
        for (int64_t i = t; i < n; i += threads) expected[size_t(i + 4)] = expected[size_t(i)] + float(i % 5);
    launch_cpu(kernel("add_kernel"), Dim3(1), Dim3(uint32_t(threads)),
               {view<float>(base, 0, n), y, view<float>(base, 4, n)}, reference());
    REQUIRE(to_vector<float>(base) == expected);
}
