/* Dict and set results through the C API: a ujit_dict handle whose entries come back in
 * insertion order (CPython's order for a dict), keys and values as a call writes results
 * (a tuple flattened, an array as its own handle), and nothing left alive afterwards. */
#include "capi_test.h"

static const char* kDictSource = "import numpy as np\nfrom numba import njit\n"
                                 "@njit\ndef halves(n):\n    d = {}\n    for j in range(n):\n"
                                 "        d[(n - j, j)] = (n - j) * 0.5\n    return d\n"
                                 "@njit\ndef arrays(n):\n    return {7: np.arange(n) * 1.0}\n"
                                 "@njit\ndef evens(n):\n    s = set()\n    for i in range(n):\n"
                                 "        s.add(i * 2)\n    return s\n";

static ujit_dict* call_for_dict(ujit_function* f, int64_t n) {
    ujit_value arg = i64(n), r;
    size_t count = 0;
    CHECK(ujit_function_call(f, &arg, 1, &r, 1, &count) == UJIT_OK && count == 1);
    CHECK(r.is_array == UJIT_DICT_RESULT);
    return r.is_array == UJIT_DICT_RESULT ? r.v.dict : NULL;
}

void test_dict_results(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kDictSource, "dicts.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* halves = get(m, "halves");
    ujit_dict* d = call_for_dict(halves, 3);
    if (d) {
        CHECK(ujit_dict_length(d) == 3 && ujit_dict_is_set(d) == 0);
        ujit_value key[2], value;
        size_t n = 0;
        CHECK(ujit_dict_key(d, 1, key, 2, &n) == UJIT_OK && n == 2); /* (2, 1): the second stored */
        CHECK(key[0].v.i == 2 && key[1].v.i == 1);
        CHECK(ujit_dict_value(d, 1, &value, 1, &n) == UJIT_OK && n == 1 && value.v.f == 1.0);
        CHECK(ujit_dict_key(d, 3, key, 2, &n) == UJIT_ERROR_ARGUMENT); /* past the end */
        ujit_dict_release(d);
    }
    ujit_function* arrays = get(m, "arrays");
    ujit_dict_release(call_for_dict(arrays, 4)); /* compiled: the counters see the next call only */
    int64_t before = live_blocks();
    d = call_for_dict(arrays, 4);
    if (d) {
        ujit_value value;
        size_t n = 0;
        CHECK(ujit_dict_value(d, 0, &value, 1, &n) == UJIT_OK && value.is_array == UJIT_ARRAY_RESULT);
        ujit_dict_release(d);
        if (value.is_array == UJIT_ARRAY_RESULT) {
            CHECK(((double*)ujit_array_data(value.v.result))[3] == 3.0); /* the handle keeps it alive */
            ujit_array_release(value.v.result);
        }
    }
    CHECK(live_blocks() == before);
    ujit_function* evens = get(m, "evens");
    d = call_for_dict(evens, 3);
    if (d) {
        ujit_value item;
        size_t n = 0;
        CHECK(ujit_dict_length(d) == 3 && ujit_dict_is_set(d) == 1);
        CHECK(ujit_dict_key(d, 2, &item, 1, &n) == UJIT_OK && item.v.i == 4);
        CHECK(ujit_dict_value(d, 0, &item, 1, &n) == UJIT_ERROR_ARGUMENT); /* a set has no values */
        ujit_dict_release(d);
    }
    ujit_function_release(halves);
    ujit_function_release(arrays);
    ujit_function_release(evens);
    ujit_module_release(m);
}

/* A numba.typed.List made in compiled code comes back as a list handle that says its item
 * type (ListType[float64]); a list made with [] says none. */
void test_typed_list_results(void) {
    static const char* src = "from numba import njit, types\nfrom numba.typed import List\n"
                             "@njit\ndef typed(n):\n    l = List.empty_list(types.float64)\n"
                             "    for i in range(n):\n        l.append(i)\n    return l\n"
                             "@njit\ndef plain(n):\n    return [i for i in range(n)]\n";
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(src, "typed_lists.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_value arg = i64(3), r, item;
    size_t count = 0;
    ujit_function* typed = get(m, "typed");
    ujit_function* plain = get(m, "plain");
    CHECK(ujit_function_call(typed, &arg, 1, &r, 1, &count) == UJIT_OK && r.is_array == UJIT_LIST_RESULT);
    if (r.is_array == UJIT_LIST_RESULT) {
        const char* t = ujit_list_item_type(r.v.list);
        CHECK(t && strcmp(t, "float64") == 0);
        CHECK(ujit_list_length(r.v.list) == 3);
        CHECK(ujit_list_item(r.v.list, 2, &item, 1, &count) == UJIT_OK && item.dtype == UJIT_FLOAT64 &&
              item.v.f == 2.0);
        ujit_list_release(r.v.list);
    }
    CHECK(ujit_function_call(plain, &arg, 1, &r, 1, &count) == UJIT_OK && r.is_array == UJIT_LIST_RESULT);
    if (r.is_array == UJIT_LIST_RESULT) {
        CHECK(ujit_list_item_type(r.v.list) == NULL);
        ujit_list_release(r.v.list);
    }
    ujit_function_release(typed);
    ujit_function_release(plain);
    ujit_module_release(m);
}

/* A dict comprehension's result is a dict handle as any dict's; a tuple slice, t + t2 and
 * hash(t) come back as results as any tuple's and integer's (hash: CPython's value). */
void test_comprehension_and_tuple_results(void) {
    static const char* src = "from numba import njit\n"
                             "@njit\ndef squares(n):\n    return {i: i * i for i in range(n)}\n"
                             "@njit\ndef mixed(n):\n    t = (1, 2.5, n, 4)\n    return t[::-2] + (hash((1, 2, 3)),)\n";
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(src, "comprehensions.py", &m) == UJIT_OK && m);
    if (!m) return;
    ujit_function* squares = get(m, "squares");
    ujit_dict* d = call_for_dict(squares, 4);
    if (d) {
        ujit_value key, value;
        size_t n = 0;
        CHECK(ujit_dict_length(d) == 4 && ujit_dict_is_set(d) == 0);
        CHECK(ujit_dict_key(d, 3, &key, 1, &n) == UJIT_OK && key.v.i == 3);
        CHECK(ujit_dict_value(d, 3, &value, 1, &n) == UJIT_OK && value.v.i == 9);
        ujit_dict_release(d);
    }
    ujit_function* mixed = get(m, "mixed");
    ujit_value arg = i64(7), r[3];
    size_t count = 0;
    CHECK(ujit_function_call(mixed, &arg, 1, r, 3, &count) == UJIT_OK && count == 3);
    CHECK(r[0].v.i == 4 && r[1].v.f == 2.5 && r[2].v.i == 529344067295497451); /* (4, 2.5) + (hash,) */
    ujit_function_release(squares);
    ujit_function_release(mixed);
    ujit_module_release(m);
}
