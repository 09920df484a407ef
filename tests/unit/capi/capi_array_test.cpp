// The C API's result arrays when ujit owns the memory: a ujit_array made (as
// ujit_function_call makes it) from a Value holding a block of the array runtime keeps the
// block alive until the handle and every DLPack export are gone, in any order. The
// borrowed case runs end to end in capi_arrays.c.
#include <catch2/catch.hpp>

#include "capi/handles.hpp"
#include "capi/values.hpp"
#include "nrt/nrt.h"
#include "ujit/ujit.h"

namespace {

int64_t live_blocks(const ujit_nrt_stats& at) {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return int64_t(s.alloc - at.alloc) - int64_t(s.free - at.free);
}

// A result as a call returns it: (owned float32 array of 4, 7).
ujit::Value owned_result() {
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(4 * sizeof(float), 16);
    auto* data = static_cast<float*>(ujit_nrt_data(mi));
    for (int i = 0; i < 4; ++i) data[i] = 0.5f * float(i);
    ujit::Value array(ujit::ArrayRef::c_order(data, ujit::DType::Float32, {4}), ujit::ArrayOwner::adopt(mi));
    return ujit::Value(ujit::Value::Tuple{array, ujit::Value(7)});
}

}  // namespace

TEST_CASE("capi arrays: an owned result lives until the handle and its exports are gone", "[capi][array-result]") {
    ujit_nrt_stats at = ujit_nrt_get_stats();
    ujit_value out[2] = {};
    REQUIRE(ujit::capi::to_c_values(owned_result(), out, 2) == 2);
    REQUIRE(out[0].is_array == UJIT_ARRAY_RESULT);
    CHECK(out[1].v.i == 7);
    ujit_array* h = out[0].v.result;
    CHECK(ujit_array_owns_memory(h) == 1);
    CHECK(ujit_array_dtype(h) == UJIT_FLOAT32);
    CHECK(ujit_array_strides(h)[0] == 4);
    CHECK(static_cast<float*>(ujit_array_data(h))[3] == 1.5f);
    CHECK(live_blocks(at) == 1);

    DLManagedTensor* first = nullptr;
    DLManagedTensor* second = nullptr;
    REQUIRE(ujit_array_to_dlpack(h, &first) == UJIT_OK);
    REQUIRE(ujit_array_to_dlpack(h, &second) == UJIT_OK);
    ujit_array_release(h);  // the exports still hold the block
    CHECK(live_blocks(at) == 1);
    CHECK(static_cast<float*>(first->dl_tensor.data)[2] == 1.0f);  // ASan: still allocated
    CHECK(first->dl_tensor.strides[0] == 1);
    first->deleter(first);
    CHECK(live_blocks(at) == 1);
    second->deleter(second);
    CHECK(live_blocks(at) == 0);
}

TEST_CASE("capi arrays: results past max_results are released at once", "[capi][array-result]") {
    ujit_nrt_stats at = ujit_nrt_get_stats();
    ujit_value none[1] = {};
    CHECK(ujit::capi::to_c_values(owned_result(), none, 0) == 2);  // nothing written, nothing kept
    CHECK(live_blocks(at) == 0);
    ujit_value one[1] = {};
    CHECK(ujit::capi::to_c_values(owned_result(), one, 1) == 2);
    CHECK(live_blocks(at) == 1);
    ujit_array_release(one[0].v.result);
    CHECK(live_blocks(at) == 0);
}

TEST_CASE("capi arrays: an owned result passed back in stays alive through the call", "[capi][array-result]") {
    ujit_nrt_stats at = ujit_nrt_get_stats();
    ujit_value out[2] = {};
    ujit::capi::to_c_values(owned_result(), out, 2);
    ujit::Value arg = ujit::capi::to_value(out[0]);
    ujit_array_release(out[0].v.result);
    CHECK(live_blocks(at) == 1);  // the argument Value shares the reference
    CHECK(arg.array().shape == std::vector<int64_t>{4});
    arg = ujit::Value();
    CHECK(live_blocks(at) == 0);
}

namespace {

DLTensor host_tensor(double* data, int64_t* shape, int64_t* strides, int ndim) {
    DLTensor t{};
    t.data = data;
    t.device = {kDLCPU, 0};
    t.ndim = ndim;
    t.dtype = {kDLFloat, 64, 1};
    t.shape = shape;
    t.strides = strides;
    return t;
}

ujit_value array_value(DLTensor* t, int kind) {
    ujit_value v{};
    v.is_array = kind;
    v.v.array = t;
    return v;
}

}  // namespace

// The call cache's array path (capi_call.cpp): an entry made for one kind of array never
// serves another. NumPy as the oracle: a view of a writeable array is writeable, an
// F-ordered array's [0, 1] is the element one column over.
TEST_CASE("capi arrays: cached calls keep read-only and layouts apart", "[capi][array-result]") {
    const char* src = "from numba import njit\n\n@njit\ndef tail(a):\n    return a[1:]\n\n"
                      "@njit\ndef at(a, i, j):\n    return a[i, j]\n";
    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(src, "cache.py", &m) == UJIT_OK);
    ujit_function* tail = nullptr;
    ujit_function* at = nullptr;
    REQUIRE(ujit_module_function(m, "tail", &tail) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "at", &at) == UJIT_OK);

    double data[6] = {0, 1, 2, 3, 4, 5};
    int64_t shape1[1] = {6};
    DLTensor vec = host_tensor(data, shape1, nullptr, 1);
    for (int kind : {UJIT_ARRAY_READONLY, UJIT_ARRAY, UJIT_ARRAY, UJIT_ARRAY_READONLY}) {
        ujit_value arg = array_value(&vec, kind);
        ujit_value r{};
        size_t n = 0;
        REQUIRE(ujit_function_call(tail, &arg, 1, &r, 1, &n) == UJIT_OK);
        REQUIRE(r.is_array == UJIT_ARRAY_RESULT);
        CHECK(ujit_array_readonly(r.v.result) == (kind == UJIT_ARRAY_READONLY));
        ujit_array_release(r.v.result);
    }

    // 2x3, C then F then transposed-strided, each twice (the second call from the cache).
    int64_t shape2[2] = {2, 3};
    int64_t c_strides[2] = {3, 1}, f_strides[2] = {1, 2};
    DLTensor c = host_tensor(data, shape2, c_strides, 2);
    DLTensor f = host_tensor(data, shape2, f_strides, 2);
    DLTensor compact = host_tensor(data, shape2, nullptr, 2);
    for (int round = 0; round < 2; ++round) {
        for (DLTensor* t : {&c, &f, &compact}) {
            ujit_value args[3] = {array_value(t, UJIT_ARRAY), {}, {}};
            args[1].dtype = UJIT_INT64;
            args[1].v.i = 0;
            args[2].dtype = UJIT_INT64;
            args[2].v.i = 1;
            ujit_value r{};
            REQUIRE(ujit_function_call(at, args, 3, &r, 1, nullptr) == UJIT_OK);
            const int64_t* s = t->strides ? t->strides : c_strides;
            CHECK(r.v.f == data[s[1]]);  // element [0, 1]
        }
    }
    ujit_function_release(tail);
    ujit_function_release(at);
    ujit_module_release(m);
}
