/* parallel=True through the C API: a prange reduction equals the serial sum (integers: exact),
 * the thread count functions, and Numba's ValueError for a count out of range. */
#include <stdio.h>
#include <string.h>

#include "capi_test.h"

static const char* const kParallelSource = "from numba import njit, prange, get_num_threads\n"
                                           "\n"
                                           "\n"
                                           "@njit(parallel=True)\n"
                                           "def squares(n):\n"
                                           "    s = 0\n"
                                           "    for i in prange(n):\n"
                                           "        s += i * i\n"
                                           "    return s\n"
                                           "\n"
                                           "\n"
                                           "@njit\n"
                                           "def threads():\n"
                                           "    return get_num_threads()\n";

void test_parallel(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kParallelSource, "capi_parallel.py", &m) == UJIT_OK);
    if (!m) return;
    ujit_function* squares = get(m, "squares");
    ujit_function* threads = get(m, "threads");
    int all = ujit_get_num_threads();
    CHECK(all >= 1);
    CHECK(ujit_get_thread_id() == 0);
    for (int k = 1; k <= 2; ++k) {
        CHECK(ujit_set_num_threads(k == 1 ? 1 : all) == UJIT_OK);
        CHECK(ujit_get_num_threads() == (k == 1 ? 1 : all));
        ujit_value arg = i64(100000), r;
        size_t n = 0;
        CHECK(ujit_function_call(squares, &arg, 1, &r, 1, &n) == UJIT_OK);
        CHECK(n == 1 && r.v.i == (int64_t)99999 * 100000 * 199999 / 6);
        CHECK(ujit_function_call(threads, NULL, 0, &r, 1, &n) == UJIT_OK);
        CHECK(r.v.i == ujit_get_num_threads());
    }
    char expected[96];
    snprintf(expected, sizeof expected, "The number of threads must be between 1 and %d", all);
    CHECK(ujit_set_num_threads(0) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR(expected);
    CHECK(ujit_set_num_threads(all + 1) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_get_num_threads() == all);
    ujit_function_release(squares);
    ujit_function_release(threads);
    ujit_module_release(m);
}
