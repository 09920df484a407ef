/* Generator results through the C API: a ujit_generator handle resumed item by item (the
 * values CPython's generator yields for the same source: i * i, tuples flattened, arrays as
 * their own handles), a raise inside the body as UJIT_ERROR_RUNTIME at the next that runs
 * into it and the end after it, a str argument read after the call that made the generator,
 * and nothing left alive once the handles go, finished or not. */
#include "capi_test.h"

static const char* kGeneratorSource = "import numpy as np\nfrom numba import njit\n"
                                      "@njit\ndef squares(n):\n    for i in range(n):\n        yield i * i\n"
                                      "@njit\ndef pairs(n):\n    for i in range(n):\n        yield i, i * 0.5\n"
                                      "@njit\ndef rows(n):\n    acc = np.zeros(3)\n    for i in range(n):\n"
                                      "        acc = acc + i\n        yield acc\n"
                                      "@njit\ndef boom(n):\n    for i in range(n):\n        if i == 2:\n"
                                      "            raise ValueError('two')\n        yield i\n"
                                      "@njit\ndef codes(s):\n    for c in s:\n        yield ord(c)\n";

/* The generator `name`(arg) returns; the function handle goes, the generator keeps what it needs. */
static ujit_generator* call_for_generator(ujit_module* m, const char* name, ujit_value arg) {
    ujit_function* f = get(m, name);
    ujit_value r;
    size_t count = 0;
    CHECK(ujit_function_call(f, &arg, 1, &r, 1, &count) == UJIT_OK && count == 1);
    CHECK(r.is_array == UJIT_GENERATOR_RESULT);
    ujit_function_release(f);
    return r.is_array == UJIT_GENERATOR_RESULT ? r.v.generator : NULL;
}

static void check_squares(ujit_module* m) {
    ujit_generator* g = call_for_generator(m, "squares", i64(4));
    if (!g) return;
    CHECK(strcmp(ujit_generator_type(g), "int64 generator(func=squares, args=(int64,), has_finalizer=True)") == 0);
    int has = 0;
    ujit_value item;
    size_t n = 0;
    for (int64_t i = 0; i < 4; ++i) {
        CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 1 && n == 1);
        CHECK(item.dtype == UJIT_INT64 && item.v.i == i * i);
    }
    CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 0 && n == 0);
    CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 0); /* finished stays finished */
    ujit_generator_release(g);
}

static void check_tuples_and_arrays(ujit_module* m) {
    ujit_generator* g = call_for_generator(m, "pairs", i64(3));
    int has = 0;
    size_t n = 0;
    ujit_value pair[2];
    if (g) {
        CHECK(ujit_generator_next(g, &has, pair, 2, &n) == UJIT_OK && has == 1 && n == 2);
        CHECK(ujit_generator_next(g, &has, pair, 2, &n) == UJIT_OK && n == 2 && pair[0].v.i == 1 && pair[1].v.f == 0.5);
        ujit_generator_release(g); /* half-way */
    }
    ujit_generator_release(call_for_generator(m, "rows", i64(3))); /* compiled: the counters see the next call only */
    int64_t before = live_blocks();
    g = call_for_generator(m, "rows", i64(3));
    if (!g) return;
    ujit_value row;
    CHECK(ujit_generator_next(g, &has, &row, 1, &n) == UJIT_OK && has == 1 && row.is_array == UJIT_ARRAY_RESULT);
    if (row.is_array == UJIT_ARRAY_RESULT) ujit_array_release(row.v.result);
    CHECK(ujit_generator_next(g, &has, &row, 1, &n) == UJIT_OK && has == 1 && row.is_array == UJIT_ARRAY_RESULT);
    ujit_generator_release(g); /* the body holds acc: released with it, the item stays */
    if (row.is_array == UJIT_ARRAY_RESULT) {
        CHECK(((double*)ujit_array_data(row.v.result))[2] == 1.0); /* 0 + 0 + 1, as CPython's */
        ujit_array_release(row.v.result);
    }
    CHECK(live_blocks() == before);
}

static void check_raise_and_str_argument(ujit_module* m) {
    ujit_generator* g = call_for_generator(m, "boom", i64(5));
    int has = 0;
    size_t n = 0;
    ujit_value item;
    if (g) {
        CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 1 && item.v.i == 0);
        CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 1 && item.v.i == 1);
        CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_ERROR_RUNTIME && has == 0);
        CHECK_ERROR("ValueError: two");
        CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 0); /* finished, as in Python */
        ujit_generator_release(g);
    }
    char text[] = "hé!";
    ujit_value s;
    memset(&s, 0, sizeof s);
    s.is_array = UJIT_STRING;
    s.v.str.data = text;
    s.v.str.length = (int64_t)strlen(text);
    g = call_for_generator(m, "codes", s);
    memset(text, 0, sizeof text); /* the caller's text is borrowed for the call only */
    int64_t expected[] = {'h', 0xe9, '!'};
    for (int i = 0; g && i < 3; ++i)
        CHECK(ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 1 && item.v.i == expected[i]);
    CHECK(g && ujit_generator_next(g, &has, &item, 1, &n) == UJIT_OK && has == 0);
    ujit_generator_release(g);
    CHECK(ujit_generator_next(NULL, &has, &item, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_generator_type(NULL) == NULL);
}

void test_generator_results(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kGeneratorSource, "generators.py", &m) == UJIT_OK && m);
    if (!m) return;
    check_squares(m);
    check_tuples_and_arrays(m);
    check_raise_and_str_argument(m);
    ujit_module_release(m);
}
