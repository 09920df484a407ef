/* Named tuples through the C API: compiled code builds them from a module-level namedtuple
 * class and np.iinfo kept in a variable; a result comes back as its fields, one value each (the
 * C API's values have no class), and an unknown field is Numba's located error. Expected values
 * are CPython's for the same source. */
#include "capi_test.h"

static const char* const kNamedTupleSource = "from collections import namedtuple\n"
                                             "import numpy as np\n"
                                             "from numba import njit\n"
                                             "\n"
                                             "Point = namedtuple('Point', 'x y', defaults=(0.5,))\n"
                                             "\n"
                                             "\n"
                                             "@njit\n"
                                             "def shifted(x, d):\n"
                                             "    p = Point(x)\n"
                                             "    info = np.iinfo(np.int8)\n"
                                             "    return Point(y=p.y + d, x=p[0] + info.max)\n"
                                             "\n"
                                             "\n"
                                             "@njit\n"
                                             "def bad(x):\n"
                                             "    return Point(x).z\n";

void test_named_tuples(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kNamedTupleSource, "capi_named_tuples.py", &m) == UJIT_OK && m != NULL);
    if (!m) return;
    ujit_function *shifted = NULL, *bad = NULL;
    CHECK(ujit_module_function(m, "shifted", &shifted) == UJIT_OK);
    ujit_value args[2] = {f64(1.0), f64(2.0)};
    ujit_value r[2];
    size_t n = 0;
    CHECK(ujit_function_call(shifted, args, 2, r, 2, &n) == UJIT_OK);
    CHECK(n == 2 && r[0].dtype == UJIT_FLOAT64 && r[0].v.f == 128.0 && r[1].v.f == 2.5); /* Point(x=128.0, y=2.5) */

    CHECK(ujit_module_function(m, "bad", &bad) == UJIT_OK);
    CHECK(ujit_function_call(bad, args, 1, r, 1, &n) != UJIT_OK);
    CHECK_ERROR("capi_named_tuples.py:17:21: error: Unknown attribute 'z' of type Point(float64 x 2)");
    ujit_function_release(shifted);
    ujit_function_release(bad);
    ujit_module_release(m);
}
