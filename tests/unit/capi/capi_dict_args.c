/* Dicts and sets passed through the C API (ujit_dict_create, ujit_set_create, ujit_dict_put):
 * compiled code reads them, what it leaves in them is the handle's after the call, a result
 * handle passes back in, bad ones are UJIT_ERROR_ARGUMENT, and compile-time warnings reach
 * the callback (ujit_set_warning_callback). Expected values are CPython's for the same code. */
#include "capi_test.h"

static const char* kArgSource = "from numba import njit\n"
                                "@njit\ndef weighted(d):\n    s = 0.0\n    for k in d:\n"
                                "        s += k * d[k]\n    return s\n"
                                "@njit\ndef edit(d):\n    d[10] = 1.0\n    d.pop(1)\n"
                                "@njit\ndef pairs(d):\n    t = 0\n    for k in d:\n"
                                "        t += k[0] * k[1] * d[k]\n    return t\n"
                                "@njit\ndef grow(s, x):\n    s.add(x)\n    return len(s)\n"
                                "@njit\ndef make(n):\n    d = {}\n    for i in range(n):\n"
                                "        d[i + 1] = i * 2.0\n    return d\n"
                                "@njit\ndef narrow(d):\n    d[1] = 2\n";

static int warnings_seen = 0;
static char last_warning[256];

static void on_warning(const char* category, const char* message, const char* file, int line, int column, void* user) {
    (void)column;
    ++*(int*)user;
    snprintf(last_warning, sizeof last_warning, "%s:%d: %s [%s]", file ? file : "?", line, message, category);
}

static double call_f64(ujit_function* f, ujit_value* args, size_t n) {
    ujit_value r;
    size_t count = 0;
    CHECK(ujit_function_call(f, args, n, &r, 1, &count) == UJIT_OK && count == 1);
    return r.dtype == UJIT_FLOAT64 ? r.v.f : (double)r.v.i;
}

void test_dict_arguments(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kArgSource, "dict_args.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* weighted = get(m, "weighted");
    ujit_function* edit = get(m, "edit");

    /* {1: 0.5, 2: 1.5} typed from its first entry: CPython's sum(k * v) is 3.5. */
    ujit_dict* d = NULL;
    CHECK(ujit_dict_create(NULL, NULL, &d) == UJIT_OK && d);
    ujit_value k = i64(1), v = f64(0.5);
    CHECK(ujit_dict_put(d, &k, 1, &v, 1) == UJIT_OK);
    k = i64(2), v = f64(1.5);
    CHECK(ujit_dict_put(d, &k, 1, &v, 1) == UJIT_OK);
    ujit_value arg = {0};
    arg.is_array = UJIT_DICT_RESULT;
    arg.v.dict = d;
    CHECK(call_f64(weighted, &arg, 1) == 3.5);
    /* edit: CPython's d[10] = 1.0; d.pop(1) leaves {2: 1.5, 10: 1.0}, in the handle now. */
    ujit_value none;
    size_t count = 0;
    CHECK(ujit_function_call(edit, &arg, 1, &none, 1, &count) == UJIT_OK && count == 0);
    CHECK(ujit_dict_length(d) == 2);
    size_t n = 0;
    CHECK(ujit_dict_key(d, 1, &k, 1, &n) == UJIT_OK && k.v.i == 10);
    CHECK(ujit_dict_value(d, 1, &v, 1, &n) == UJIT_OK && v.v.f == 1.0);
    CHECK(ujit_dict_put(d, &k, 1, NULL, 0) == UJIT_ERROR_ARGUMENT); /* a dict entry needs a value */
    ujit_dict_release(d);

    /* An empty dict with its types, and tuple keys as n_key values: {(2, 3): 4} → 2*3*4. */
    ujit_dict* empty = NULL;
    CHECK(ujit_dict_create("int64", "float64", &empty) == UJIT_OK);
    arg.v.dict = empty;
    CHECK(call_f64(weighted, &arg, 1) == 0.0);
    ujit_dict_release(empty);
    ujit_function* pairs = get(m, "pairs");
    ujit_dict* tuples = NULL;
    CHECK(ujit_dict_create(NULL, NULL, &tuples) == UJIT_OK);
    ujit_value key[2] = {i64(2), i64(3)}, four = i64(4);
    CHECK(ujit_dict_put(tuples, key, 2, &four, 1) == UJIT_OK);
    arg.v.dict = tuples;
    CHECK(call_f64(pairs, &arg, 1) == 24.0);
    ujit_dict_release(tuples);

    /* A set: {1, 2} after s.add(5) has 3 items, written back. */
    ujit_function* grow = get(m, "grow");
    ujit_dict* s = NULL;
    CHECK(ujit_set_create(NULL, &s) == UJIT_OK);
    ujit_value one = i64(1), two = i64(2);
    CHECK(ujit_dict_put(s, &one, 1, NULL, 0) == UJIT_OK && ujit_dict_put(s, &two, 1, NULL, 0) == UJIT_OK);
    CHECK(ujit_dict_put(s, &one, 1, &two, 1) == UJIT_ERROR_ARGUMENT); /* a set's entries have no values */
    ujit_value sargs[2] = {{0}, i64(5)};
    sargs[0].is_array = UJIT_DICT_RESULT;
    sargs[0].v.dict = s;
    CHECK(call_f64(grow, sargs, 2) == 3.0);
    CHECK(ujit_dict_length(s) == 3 && ujit_dict_is_set(s) == 1);
    ujit_dict_release(s);

    /* A result passes back in: make(3) is {1: 0.0, 2: 2.0, 3: 4.0}, weighted 16. */
    ujit_function* make = get(m, "make");
    ujit_value three = i64(3), r;
    CHECK(ujit_function_call(make, &three, 1, &r, 1, &count) == UJIT_OK && r.is_array == UJIT_DICT_RESULT);
    if (r.is_array == UJIT_DICT_RESULT) {
        CHECK(call_f64(weighted, &r, 1) == 16.0);
        ujit_dict_release(r.v.dict);
    }

    /* Bad ones: an empty dict without types, a null handle. */
    ujit_dict* untyped = NULL;
    CHECK(ujit_dict_create(NULL, NULL, &untyped) == UJIT_OK);
    arg.v.dict = untyped;
    CHECK(ujit_function_call(weighted, &arg, 1, &r, 1, &count) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("cannot type an empty dict argument");
    ujit_dict_release(untyped);
    arg.v.dict = NULL;
    CHECK(ujit_function_call(weighted, &arg, 1, &r, 1, &count) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_dict_create("int64", NULL, &untyped) == UJIT_ERROR_ARGUMENT && untyped == NULL);

    /* d[1] = 2 into DictType[int32,int32]: Numba's NumbaTypeSafetyWarning, to the callback. */
    ujit_set_warning_callback(on_warning, &warnings_seen);
    ujit_function* narrow = get(m, "narrow");
    ujit_dict* small = NULL;
    CHECK(ujit_dict_create("int32", "int32", &small) == UJIT_OK);
    arg.v.dict = small;
    CHECK(ujit_function_call(narrow, &arg, 1, &r, 1, &count) == UJIT_OK);
    ujit_set_warning_callback(NULL, NULL);
    CHECK(warnings_seen == 1);
    CHECK(strstr(last_warning, "dict_args.py:30: unsafe cast from int64 to int32. Precision may be lost. "
                               "[NumbaTypeSafetyWarning]") != NULL);
    CHECK(ujit_dict_length(small) == 1);
    ujit_dict_release(small);

    ujit_function_release(weighted);
    ujit_function_release(edit);
    ujit_function_release(pairs);
    ujit_function_release(grow);
    ujit_function_release(make);
    ujit_function_release(narrow);
    ujit_module_release(m);
}
