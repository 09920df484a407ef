/* Strings through the C API: UTF-8 text in (borrowed for the call) and out (the caller's,
 * freed with ujit_free_string), non-ASCII text, a str in a tuple result, a str result passed
 * back as an argument, an exception from string code, and nothing left allocated. */
#include "capi_test.h"

#include <stdlib.h>

static const char* kStringSource = "from numba import njit\n"
                                   "@njit\ndef shout(s):\n    return s.upper() + '!'\n"
                                   "@njit\ndef split_at(s, i):\n    return s[:i], len(s), s[i:]\n"
                                   "@njit\ndef char_at(s, i):\n    return s[i]\n";

static ujit_value text(const char* s, int64_t n) {
    ujit_value v;
    memset(&v, 0, sizeof v);
    v.is_array = UJIT_STRING;
    v.v.str.data = s;
    v.v.str.length = n;
    return v;
}

static int is_text(const ujit_value* v, const char* expected) {
    return v->is_array == UJIT_STRING && v->v.str.length == (int64_t)strlen(expected) &&
           memcmp(v->v.str.data, expected, strlen(expected)) == 0 && v->v.str.data[v->v.str.length] == '\0';
}

void test_string_values(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kStringSource, "strings.py", &m) == UJIT_OK);
    if (!m) return;
    ujit_function* shout = get(m, "shout");
    ujit_function* split_at = get(m, "split_at");
    ujit_function* char_at = get(m, "char_at");
    ujit_value r, rs[3];
    size_t n = 0;
    /* "héllo" (é is two bytes): Python's "héllo".upper() + "!" */
    ujit_value arg = text("h\xc3\xa9llo", 6);
    CHECK(ujit_function_call(shout, &arg, 1, &r, 1, &n) == UJIT_OK && n == 1);
    CHECK(is_text(&r, "H\xc3\x89LLO!"));
    int64_t before = live_blocks();
    /* A result passed back in, and a tuple of str, int, str: ("hé", 5, "llo") */
    ujit_value first = r;
    ujit_value args[2];
    args[0] = first;
    args[1] = i64(2);
    ujit_value again;
    CHECK(ujit_function_call(shout, &args[0], 1, &again, 1, &n) == UJIT_OK && is_text(&again, "H\xc3\x89LLO!!"));
    if (again.is_array == UJIT_STRING) ujit_free_string((char*)again.v.str.data);
    args[0] = arg;
    CHECK(ujit_function_call(split_at, args, 2, rs, 3, &n) == UJIT_OK && n == 3);
    CHECK(is_text(&rs[0], "h\xc3\xa9") && rs[1].dtype == UJIT_INT64 && rs[1].v.i == 5 && is_text(&rs[2], "llo"));
    for (int k = 0; k < 3; k += 2)
        if (rs[k].is_array == UJIT_STRING) ujit_free_string((char*)rs[k].v.str.data);
    /* Only the first result asked for: the others are freed by the call. */
    CHECK(ujit_function_call(split_at, args, 2, rs, 1, &n) == UJIT_OK && n == 3 && is_text(&rs[0], "h\xc3\xa9"));
    if (rs[0].is_array == UJIT_STRING) ujit_free_string((char*)rs[0].v.str.data);
    /* IndexError from compiled code, as a runtime error with Python's message. */
    args[1] = i64(9);
    CHECK(ujit_function_call(char_at, args, 2, &r, 1, &n) == UJIT_ERROR_RUNTIME);
    CHECK_ERROR("IndexError: string index out of range");
    /* Text that is not UTF-8 is refused before the call. */
    ujit_value bad = text("\xff", 1);
    CHECK(ujit_function_call(shout, &bad, 1, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("not valid UTF-8");
    CHECK(live_blocks() == before); /* every string compiled code made is gone */
    if (first.is_array == UJIT_STRING) ujit_free_string((char*)first.v.str.data);
    ujit_function_release(shout);
    ujit_function_release(split_at);
    ujit_function_release(char_at);
    ujit_module_release(m);
}
