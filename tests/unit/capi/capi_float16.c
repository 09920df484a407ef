/* float16 through the C API: UJIT_FLOAT16 scalars (carried in v.f, rounded to half by ujit),
 * results of that dtype, and float16 arrays as DLTensors (kDLFloat, 16 bits). The element
 * bits are IEEE half's, written here without a C half type (C11 has none). */
#include "capi_test.h"

static const char* const kF16Source = "from numba import jit\n"
                                      "\n"
                                      "\n"
                                      "@jit\n"
                                      "def square(x):\n"
                                      "    return x * x\n"
                                      "\n"
                                      "\n"
                                      "@jit\n"
                                      "def ident(x):\n"
                                      "    return x\n"
                                      "\n"
                                      "\n"
                                      "@jit\n"
                                      "def widened_sum(a):\n"
                                      "    acc = 0.0\n"
                                      "    for x in a:\n"
                                      "        acc = acc + x\n"
                                      "    a[0] = a[1] + a[2]\n"
                                      "    return acc\n";

static ujit_value f16(double x) {
    ujit_value v = f64(x);
    v.dtype = UJIT_FLOAT16;
    return v;
}

void test_float16(void) {
    CHECK(strcmp(ujit_dtype_name(UJIT_FLOAT16), "float16") == 0);
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kF16Source, "capi_float16.py", &m) == UJIT_OK && m != NULL);
    if (!m) return;
    ujit_value r;
    size_t n = 0;
    ujit_function* square = NULL;
    CHECK(ujit_module_function(m, "square", &square) == UJIT_OK);
    ujit_value x = f16(1.5);
    CHECK(ujit_function_call(square, &x, 1, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r.dtype == UJIT_FLOAT16 && r.v.f == 2.25); /* float16 * float16 stays float16 */
    ujit_function* ident = NULL;
    CHECK(ujit_module_function(m, "ident", &ident) == UJIT_OK);
    x = f16(0.1);
    CHECK(ujit_function_call(ident, &x, 1, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r.dtype == UJIT_FLOAT16 && r.v.f == 0.0999755859375); /* the half nearest 0.1 */

    ujit_function* total = NULL;
    CHECK(ujit_module_function(m, "widened_sum", &total) == UJIT_OK);
    uint16_t data[3] = {0x3800, 0x3400, 0x4000}; /* 0.5, 0.25, 2.0 */
    int64_t shape[1] = {3};
    DLTensor t = tensor(data, 1, shape, NULL, kDLFloat, 16);
    ujit_value a = array_value(&t);
    CHECK(ujit_function_call(total, &a, 1, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r.dtype == UJIT_FLOAT64 && r.v.f == 2.75);
    CHECK(data[0] == 0x4080); /* 2.25 stored as half */
    ujit_function_release(square);
    ujit_function_release(ident);
    ujit_function_release(total);
    ujit_module_release(m);
}
