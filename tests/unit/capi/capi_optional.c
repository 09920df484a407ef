/* Optional results through the C API (Numba's OptionalType(T)): a function that returns a value
 * on one path and None on another gives one value or none (*n_results 0), as a None result
 * does; an Optional array is one handle or none, and nothing stays alive once the handles go.
 * Expected values are CPython's for the same source. */
#include "capi_test.h"

static const char* kOptionalSource = "import numpy as np\nfrom numba import njit\n"
                                     "@njit\ndef positive(x):\n    if x > 0:\n        return x\n    return None\n"
                                     "@njit\ndef halves(x):\n    if x > 0:\n        return x / 2\n"
                                     "@njit\ndef ones(n):\n    if n > 0:\n        return np.ones(n)\n    return None\n";

/* f(arg) through ujit_function_call: how many values it gave, the first in *out. */
static size_t call_one(ujit_module* m, const char* name, ujit_value arg, ujit_value* out) {
    ujit_function* f = get(m, name);
    size_t n = 99;
    memset(out, 0, sizeof *out);
    CHECK(ujit_function_call(f, &arg, 1, out, 1, &n) == UJIT_OK);
    ujit_function_release(f);
    return n;
}

void test_optional_results(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kOptionalSource, "optionals.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_value r;
    CHECK(call_one(m, "positive", i64(7), &r) == 1 && r.dtype == UJIT_INT64 && r.v.i == 7); /* CPython: 7 */
    CHECK(call_one(m, "positive", i64(-7), &r) == 0);                                       /* CPython: None */
    CHECK(call_one(m, "halves", f64(3.0), &r) == 1 && r.dtype == UJIT_FLOAT64 && r.v.f == 1.5);
    CHECK(call_one(m, "halves", f64(-3.0), &r) == 0);
    CHECK(call_one(m, "ones", i64(0), &r) == 0); /* compiled before the count below */
    int64_t before = live_blocks();
    CHECK(call_one(m, "ones", i64(3), &r) == 1 && r.is_array == UJIT_ARRAY_RESULT);
    if (r.is_array == UJIT_ARRAY_RESULT) {
        CHECK(ujit_array_shape(r.v.result)[0] == 3 && ((double*)ujit_array_data(r.v.result))[2] == 1.0);
        ujit_array_release(r.v.result);
    }
    CHECK(call_one(m, "ones", i64(0), &r) == 0);
    CHECK(live_blocks() == before);
    ujit_module_release(m);
}
