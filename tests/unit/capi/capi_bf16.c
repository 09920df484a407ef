/* bfloat16 through the C API: compiled code computes with numba.cuda.bf16's bfloat16 (rounded
 * to nearest even; 3.14 is 3.140625, the tie 1 + 2**-8 goes to 1.0), and a bfloat16 result,
 * which no C dtype carries, is UJIT_ERROR_ARGUMENT with the reason. */
#include "capi_test.h"

static const char* const kBf16Source = "from numba import jit, float32\n"
                                       "from numba.cuda.bf16 import bfloat16\n"
                                       "\n"
                                       "\n"
                                       "@jit\n"
                                       "def rounded(x):\n"
                                       "    b = bfloat16(x)\n"
                                       "    return float32(b * b + b)\n"
                                       "\n"
                                       "\n"
                                       "@jit\n"
                                       "def raw(x):\n"
                                       "    return bfloat16(x)\n";

void test_bf16(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kBf16Source, "capi_bf16.py", &m) == UJIT_OK && m != NULL);
    if (!m) return;
    ujit_value r;
    size_t n = 0;
    ujit_function* rounded = NULL;
    CHECK(ujit_module_function(m, "rounded", &rounded) == UJIT_OK);
    ujit_value x = f64(3.14);
    CHECK(ujit_function_call(rounded, &x, 1, &r, 1, &n) == UJIT_OK);
    /* 3.140625 * 3.140625 = 9.863525390625 is 9.875 in bfloat16; + 3.140625 = 13.015625 is 13.0 */
    CHECK(n == 1 && r.dtype == UJIT_FLOAT32 && r.v.f == 13.0);
    x = f64(1.00390625);
    CHECK(ujit_function_call(rounded, &x, 1, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r.v.f == 2.0); /* the tie rounds to 1.0: 1 * 1 + 1 */
    ujit_function* raw = NULL;
    CHECK(ujit_module_function(m, "raw", &raw) == UJIT_OK);
    CHECK(ujit_function_call(raw, &x, 1, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK(strstr(ujit_last_error(), "__nv_bfloat16 values cannot cross") != NULL);
    ujit_function_release(rounded);
    ujit_function_release(raw);
    ujit_module_release(m);
}
