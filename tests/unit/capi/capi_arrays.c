/* Array results through the C API: ujit_array handles (data, shape, strides, dtype, the
 * DLTensor view), DLPack export with a deleter, tuples with arrays, and a result passed
 * back in as an argument. These arrays borrow the caller's memory (views of arguments);
 * the owned case is tested in C++ (capi_array_test.cpp), with a block made by the runtime. */
#include "capi_test.h"

static const char* kArraySource = "import numpy as np\nfrom numba import njit\n"
                                  "@njit\ndef tail(a):\n    return a[1:]\n"
                                  "@njit\ndef rows(m):\n    return m[::-1, 1], m.shape[0], m.T\n"
                                  "@njit\ndef total(a):\n    return a.sum()\n"
                                  "@njit\ndef make(n):\n    return np.arange(n) * 0.5\n";

static void check_tail(ujit_array* h, double* data) {
    CHECK(ujit_array_data(h) == data + 1);
    CHECK(ujit_array_ndim(h) == 1);
    CHECK(ujit_array_shape(h)[0] == 4);
    CHECK(ujit_array_strides(h)[0] == 8);
    CHECK(ujit_array_dtype(h) == UJIT_FLOAT64);
    CHECK(ujit_array_readonly(h) == 0);
    CHECK(ujit_array_owns_memory(h) == 0); /* a view of the argument */
    const DLTensor* t = NULL;
    CHECK(ujit_array_dltensor(h, &t) == UJIT_OK && t);
    if (t) {
        CHECK(t->data == data + 1 && t->ndim == 1 && t->shape[0] == 4 && t->strides[0] == 1);
        CHECK(t->dtype.code == kDLFloat && t->dtype.bits == 64 && t->device.device_type == kDLCPU);
    }
}

/* An array compiled code allocates: the handle owns it; its DLPack export outlives the
 * handle; nothing is left when both are gone (the allocation counters). */

static void test_owned_results(ujit_module* m) {
    ujit_function* make = get(m, "make");
    ujit_value n = i64(4), r;
    size_t count = 0;
    CHECK(ujit_function_call(make, &n, 1, &r, 1, &count) == UJIT_OK && r.is_array == UJIT_ARRAY_RESULT);
    if (r.is_array == UJIT_ARRAY_RESULT) ujit_array_release(r.v.result); /* compiled, first result gone */
    int64_t before = live_blocks();
    CHECK(ujit_function_call(make, &n, 1, &r, 1, &count) == UJIT_OK && r.is_array == UJIT_ARRAY_RESULT);
    if (r.is_array == UJIT_ARRAY_RESULT) {
        ujit_array* h = r.v.result;
        CHECK(ujit_array_owns_memory(h) == 1);
        CHECK(ujit_array_shape(h)[0] == 4 && ((double*)ujit_array_data(h))[3] == 1.5);
        CHECK(live_blocks() == before + 1);
        DLManagedTensor* managed = NULL;
        CHECK(ujit_array_to_dlpack(h, &managed) == UJIT_OK && managed);
        ujit_array_release(h);
        CHECK(live_blocks() == before + 1); /* the export holds it */
        if (managed) {
            CHECK(((double*)managed->dl_tensor.data)[2] == 1.0);
            managed->deleter(managed);
        }
        CHECK(live_blocks() == before);
    }
    ujit_function_release(make);
}

void test_array_results(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kArraySource, "arrays.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* tail = get(m, "tail");
    double data[5] = {0.5, 1, 2, 3, 4};
    int64_t shape[1] = {5};
    DLTensor t = tensor(data, 1, shape, NULL, kDLFloat, 64);
    ujit_value a = array_value(&t);
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(tail, &a, 1, &r, 1, &n) == UJIT_OK && n == 1);
    CHECK(r.is_array == UJIT_ARRAY_RESULT && r.dtype == UJIT_FLOAT64);
    ujit_array* h = r.is_array == UJIT_ARRAY_RESULT ? r.v.result : NULL;
    check_tail(h, data);

    /* DLPack export: its own reference, valid after the handle is released */
    DLManagedTensor* managed = NULL;
    CHECK(ujit_array_to_dlpack(h, &managed) == UJIT_OK && managed && managed->deleter);

    /* a result handle passed back in is the array it holds: sum(a[1:][1:]) */
    ujit_function* total = get(m, "total");
    ujit_value again;
    CHECK(ujit_function_call(total, &r, 1, &again, 1, &n) == UJIT_OK && again.v.f == 10.0);
    ujit_value nested;
    CHECK(ujit_function_call(tail, &r, 1, &nested, 1, &n) == UJIT_OK && nested.is_array == UJIT_ARRAY_RESULT);
    if (nested.is_array == UJIT_ARRAY_RESULT) {
        CHECK(ujit_array_data(nested.v.result) == data + 2 && ujit_array_shape(nested.v.result)[0] == 3);
        ujit_array_release(nested.v.result);
    }
    ujit_array_release(h);
    if (managed) {
        CHECK(managed->dl_tensor.data == data + 1 && managed->dl_tensor.shape[0] == 4);
        CHECK(managed->dl_tensor.strides[0] == 1);
        managed->deleter(managed);
    }

    /* a tuple with arrays and a scalar: (m[::-1, 1], m.shape[0], m.T) */
    ujit_function* rows = get(m, "rows");
    int32_t mat[6] = {1, 2, 3, 4, 5, 6};
    int64_t mshape[2] = {2, 3};
    DLTensor mt = tensor(mat, 2, mshape, NULL, kDLInt, 32);
    ujit_value ma = array_value(&mt);
    ujit_value out[3];
    memset(out, 0, sizeof out);
    CHECK(ujit_function_call(rows, &ma, 1, out, 3, &n) == UJIT_OK && n == 3);
    if (n == 3 && out[0].is_array == UJIT_ARRAY_RESULT && out[2].is_array == UJIT_ARRAY_RESULT) {
        ujit_array* col = out[0].v.result; /* NumPy: data at m[1, 1], shape (2,), strides (-12,) */
        CHECK(ujit_array_data(col) == mat + 4 && ujit_array_shape(col)[0] == 2 && ujit_array_strides(col)[0] == -12);
        CHECK(ujit_array_dtype(col) == UJIT_INT32);
        CHECK(out[1].is_array == 0 && out[1].dtype == UJIT_INT64 && out[1].v.i == 2);
        ujit_array* tr = out[2].v.result; /* m.T: shape (3, 2), strides (4, 12) */
        CHECK(ujit_array_ndim(tr) == 2 && ujit_array_shape(tr)[0] == 3 && ujit_array_shape(tr)[1] == 2);
        CHECK(ujit_array_strides(tr)[0] == 4 && ujit_array_strides(tr)[1] == 12);
        ujit_array_release(col);
        ujit_array_release(tr);
    } else {
        CHECK(!"the tuple result holds two arrays and an int");
    }
    /* fewer slots than results: the arrays that do not fit are released by the call */
    CHECK(ujit_function_call(rows, &ma, 1, out, 1, &n) == UJIT_OK && n == 3);
    if (out[0].is_array == UJIT_ARRAY_RESULT) ujit_array_release(out[0].v.result);

    /* the accessors accept NULL; a null handle as an argument is an argument error */
    CHECK(ujit_array_data(NULL) == NULL && ujit_array_ndim(NULL) == 0 && ujit_array_owns_memory(NULL) == 0);
    ujit_array_release(NULL);
    const DLTensor* none = NULL;
    CHECK(ujit_array_dltensor(NULL, &none) == UJIT_ERROR_ARGUMENT && none == NULL);
    ujit_value null_result;
    memset(&null_result, 0, sizeof null_result);
    null_result.is_array = UJIT_ARRAY_RESULT;
    CHECK(ujit_function_call(total, &null_result, 1, &again, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("null ujit_array");

    test_owned_results(m);
    ujit_function_release(rows);
    ujit_function_release(total);
    ujit_function_release(tail);
    ujit_module_release(m);
}
