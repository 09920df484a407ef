/* The language through the C API: a call with a starred tuple, and isinstance deciding on
 * the argument's dtype as Numba does (int64 is int, int32 is not); Numba's typing error for a
 * starred non-tuple comes back located. Expected values are CPython's (Numba's for int32). */
#include "capi_test.h"

static const char* const kLanguageSource = "from numba import njit\n"
                                           "\n"
                                           "\n"
                                           "@njit\n"
                                           "def weigh(a, b, c):\n"
                                           "    return a + b * 10 + c * 100\n"
                                           "\n"
                                           "\n"
                                           "@njit\n"
                                           "def spread(a, b, c):\n"
                                           "    t = (b, c)\n"
                                           "    return weigh(a, *t) + max(*t)\n"
                                           "\n"
                                           "\n"
                                           "@njit\n"
                                           "def kind(x):\n"
                                           "    if isinstance(x, int):\n"
                                           "        return 1.0\n"
                                           "    elif isinstance(x, float):\n"
                                           "        return x\n"
                                           "    return -1.0\n"
                                           "\n"
                                           "\n"
                                           "@njit\n"
                                           "def bad(x):\n"
                                           "    return weigh(*x)\n";

static double call1(ujit_function* f, ujit_value x) {
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(f, &x, 1, &r, 1, &n) == UJIT_OK && n == 1 && r.dtype == UJIT_FLOAT64);
    return r.v.f;
}

void test_language(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kLanguageSource, "capi_language.py", &m) == UJIT_OK && m != NULL);
    if (!m) return;
    ujit_function *spread = NULL, *kind = NULL, *bad = NULL;
    CHECK(ujit_module_function(m, "spread", &spread) == UJIT_OK);
    ujit_value args[3] = {i64(1), i64(2), f64(3.5)};
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(spread, args, 3, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r.dtype == UJIT_FLOAT64 && r.v.f == 1 + 20 + 350.0 + 3.5);

    CHECK(ujit_module_function(m, "kind", &kind) == UJIT_OK);
    CHECK(call1(kind, i64(7)) == 1.0);
    CHECK(call1(kind, f64(2.5)) == 2.5);
    ujit_value i32 = i64(7);
    i32.dtype = UJIT_INT32;
    CHECK(call1(kind, i32) == -1.0); /* Numba: int matches int64 alone */

    CHECK(ujit_module_function(m, "bad", &bad) == UJIT_OK);
    ujit_value x = i64(1);
    CHECK(ujit_function_call(bad, &x, 1, &r, 1, &n) != UJIT_OK);
    CHECK_ERROR("capi_language.py:26:18: error: *args in function call should be a tuple, got int64");
    ujit_function_release(spread);
    ujit_function_release(kind);
    ujit_function_release(bad);
    ujit_module_release(m);
}
