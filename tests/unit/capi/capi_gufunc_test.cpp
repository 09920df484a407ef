// The C API's gufunc entry points (ujit_function_gufunc, ujit_function_gufunc_layout):
// DLTensors in and out, a strided input, errors recorded rather than thrown.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <string>

#include "ujit/ujit.h"

namespace {

const char* kSource = R"(
from numba import guvectorize

@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n), (n) -> ()')
def dot(x, y, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i] * y[i]
    out[0] = acc
)";

DLTensor tensor(void* data, DLDataType dtype, int ndim, int64_t* shape, int64_t* strides) {
    DLTensor t{};
    t.data = data;
    t.device = {kDLCPU, 0};
    t.ndim = ndim;
    t.dtype = dtype;
    t.shape = shape;
    t.strides = strides;
    return t;
}

}  // namespace

TEST_CASE("capi: ujit_function_gufunc over DLTensors", "[capi][gufunc]") {
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "dot.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "dot", &f) == UJIT_OK);

    char* layout = nullptr;
    size_t nin = 0, nout = 0;
    REQUIRE(ujit_function_gufunc_layout(f, &layout, &nin, &nout) == UJIT_OK);
    CHECK(std::string(layout) == "(n),(n)->()");
    CHECK(nin == 2);
    CHECK(nout == 1);
    ujit_free_string(layout);

    // x: (3, 4) C-ordered; y: every other element of an (8,) array, broadcast over rows.
    double x[12], ybase[8], out[3] = {0, 0, 0};
    for (int i = 0; i < 12; ++i) x[i] = i;
    for (int i = 0; i < 8; ++i) ybase[i] = i % 2 ? -100 : i / 2 + 1;
    DLDataType f64{kDLFloat, 64, 1};
    int64_t xshape[2] = {3, 4}, yshape[1] = {4}, ystrides[1] = {2}, oshape[1] = {3};
    DLTensor xt = tensor(x, f64, 2, xshape, nullptr), yt = tensor(ybase, f64, 1, yshape, ystrides);
    DLTensor ot = tensor(out, f64, 1, oshape, nullptr);
    ujit_value in[2] = {};
    in[0].is_array = in[1].is_array = 1;
    in[0].v.array = &xt;
    in[1].v.array = &yt;
    DLTensor* outs[1] = {&ot};
    REQUIRE(ujit_function_gufunc(f, in, 2, outs, 1, UJIT_TARGET_PARALLEL) == UJIT_OK);
    for (int r = 0; r < 3; ++r) {
        double want = 0;
        for (int i = 0; i < 4; ++i) want += x[r * 4 + i] * (i + 1);
        CHECK(out[r] == want);
    }

    // A wrong output shape is an error with its message, nothing thrown.
    int64_t bad_shape[1] = {2};
    DLTensor bad = tensor(out, f64, 1, bad_shape, nullptr);
    DLTensor* bad_outs[1] = {&bad};
    CHECK(ujit_function_gufunc(f, in, 2, bad_outs, 1, UJIT_TARGET_CPU) != UJIT_OK);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Matchers::Contains("output 0 has loop dimensions (2,)"));
    CHECK(ujit_function_gufunc(f, in, 2, nullptr, 1, UJIT_TARGET_CPU) != UJIT_OK);

    ujit_function_release(f);
    ujit_module_release(m);
}
