// runtime::bind_gufunc and execute_gufunc with a hand-written loop of the codegen's gufunc
// ABI: core binding and its errors, loop broadcasting, the core table, and the parallel
// split (every iteration run exactly once, on more than one chunk).
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>

#include "runtime/gufunc_exec.hpp"
#include "runtime/thread_pool.hpp"

using namespace ujit;
using namespace ujit::runtime;
using Catch::Matchers::Contains;

namespace {

// '(n),(n)->()' dot product over float64, as lower_gufunc_loop's CPU loop would run it:
// core = {n, x stride, y stride, out stride}.
void dot(char** p, int64_t n, const int64_t* steps, const int64_t* core) {
    for (int64_t i = 0; i < n; ++i) {
        double acc = 0;
        for (int64_t j = 0; j < core[0]; ++j)
            acc += *reinterpret_cast<const double*>(p[0] + i * steps[0] + j * core[1]) *
                   *reinterpret_cast<const double*>(p[1] + i * steps[1] + j * core[2]);
        *reinterpret_cast<double*>(p[2] + i * steps[2]) = acc;
    }
}

GufuncShape dot_shape() {
    GufuncShape g;
    g.name = "dot";
    g.dims = {"n"};
    g.core = {{0}, {0}, {}};
    g.nin = 2;
    g.array_ndim = {1, 1, 1};
    return g;
}

}  // namespace

TEST_CASE("gufunc exec: binding, broadcasting and the core table", "[gufunc][runtime]") {
    GufuncShape g = dot_shape();
    std::vector<double> x(12), y(4);
    for (int i = 0; i < 12; ++i) x[size_t(i)] = i;
    for (int i = 0; i < 4; ++i) y[size_t(i)] = 1.0 + i;
    ArrayRef xr = ArrayRef::c_order(x.data(), DType::Float64, {3, 4});
    ArrayRef yr = ArrayRef::c_order(y.data(), DType::Float64, {4});
    GufuncBinding b = bind_gufunc(g, {xr, yr}, {nullptr});
    CHECK(b.loop == Shape{3});
    CHECK(b.sizes == std::vector<int64_t>{4});
    CHECK(gufunc_output_shape(g, b, 0) == Shape{3});

    std::vector<double> out(3, -1);
    ArrayRef outr = ArrayRef::c_order(out.data(), DType::Float64, {3});
    CHECK(gufunc_core_table(g, b, {xr, yr, outr}) == std::vector<int64_t>{4, 8, 8, 8});
    CHECK(gufunc_core_is_constant_worthy(g, b, {xr, yr, outr}));
    execute_gufunc(dot, g, b, {xr, yr, outr}, {}, false);
    CHECK(out == std::vector<double>{20, 60, 100});

    // Core dimensions never broadcast; loop dimensions must.
    ArrayRef y5 = ArrayRef::c_order(y.data(), DType::Float64, {2, 2});
    CHECK_THROWS_WITH(bind_gufunc(g, {xr, y5}, {nullptr}),
                      Contains("core dimension 'n' is 4 in input 0 but 2 in input 1"));
    ArrayRef x2 = ArrayRef::c_order(x.data(), DType::Float64, {2, 6});
    ArrayRef y2 = ArrayRef::c_order(x.data(), DType::Float64, {3, 6});
    CHECK_THROWS_WITH(bind_gufunc(g, {x2, y2}, {nullptr}), Contains("could not be broadcast"));
    ArrayRef scalar = ArrayRef::c_order(y.data(), DType::Float64, {});
    CHECK_THROWS_WITH(bind_gufunc(g, {xr, scalar}, {nullptr}),
                      Contains("input 1 has 0 dimensions but its core (n) needs at least 1"));

    // A strided core is described by its strides, and is not worth a constant loop.
    ArrayRef every_other = xr;
    every_other.shape = {3, 2};
    every_other.strides = {32, 16};
    ArrayRef y2r = ArrayRef::c_order(y.data(), DType::Float64, {2});
    GufuncBinding bs = bind_gufunc(g, {every_other, y2r}, {nullptr});
    CHECK(gufunc_core_table(g, bs, {every_other, y2r, outr}) == std::vector<int64_t>{2, 16, 8, 8});
    CHECK_FALSE(gufunc_core_is_constant_worthy(g, bs, {every_other, y2r, outr}));
}

TEST_CASE("gufunc exec: the parallel split runs every iteration once", "[gufunc][runtime]") {
    GufuncShape g = dot_shape();
    const int64_t rows = 40000;
    std::vector<double> x(size_t(rows) * 2, 1.0), y{2.0, 3.0}, out(size_t(rows), 0.0);
    ArrayRef xr = ArrayRef::c_order(x.data(), DType::Float64, {rows, 2});
    ArrayRef yr = ArrayRef::c_order(y.data(), DType::Float64, {2});
    ArrayRef outr = ArrayRef::c_order(out.data(), DType::Float64, {rows});
    GufuncBinding b = bind_gufunc(g, {xr, yr}, {&outr});
    ThreadPool pool(4);
    std::mutex mu;
    int calls = 0;
    int64_t iterations = 0;
    GufuncInvoker count = [&](GufuncLoopFn f, char** p, int64_t n, const int64_t* steps, const int64_t* core) {
        {
            std::lock_guard lock(mu);
            ++calls;
            iterations += n;
        }
        f(p, n, steps, core);
    };
    execute_gufunc(dot, g, b, {xr, yr, outr}, count, true, &pool);
    CHECK(calls > 1);
    CHECK(iterations == rows);
    for (double v : out) REQUIRE(v == 5.0);
}
