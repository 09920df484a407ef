/* Strings in compiled code (Numba's unicode_type): the value and the helpers compiled
 * code calls (plain C ABI, no LLVM; cpu/helper_symbols.cpp links them by name).
 *
 * Storage is UTF-32: one uint32_t per code point. Numba keeps PEP 393's 1/2/4-byte kinds
 * to save memory, at the price of three code paths in every operation and a kind check
 * in every s[i]; with fixed-width code points len(), s[i], slices and searches are one
 * plain loop each, and non-ASCII text is correct by construction. Conversion happens only
 * at the boundary (UTF-8 for C++, the C API and the CLI; CPython's UCS4 for Python).
 *
 * A value is {data, length, owner}. A literal's data is a constant of the compiled module
 * and an argument's the caller's buffer: both have a null owner (nothing to count). A new
 * string (every helper's result) is one NRT block (nrt/nrt.h) holding its code points, with
 * one reference for the caller; compiled code counts it like an array's memory. Helpers
 * never raise: compiled code checks indices and arguments before calling them. */
#ifndef UJIT_STR_ABI_H
#define UJIT_STR_ABI_H

#include <stddef.h>
#include <stdint.h>

#include "nrt/nrt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ujit_str {
    const uint32_t* data;
    int64_t length; /* code points */
    ujit_nrt_meminfo* owner;
} ujit_str;

/* New strings: `out` receives one reference. */
void ujit_str_concat(const ujit_str* a, const ujit_str* b, ujit_str* out);
void ujit_str_repeat(const ujit_str* a, int64_t n, ujit_str* out);
/* s[start:stop:step] with the bounds already clipped (Python's PySlice_AdjustIndices). */
void ujit_str_slice(const ujit_str* a, int64_t start, int64_t step, int64_t count, ujit_str* out);
void ujit_str_from_int(int64_t v, int is_unsigned, ujit_str* out);
void ujit_str_from_float(double v, ujit_str* out);
void ujit_str_chr(int64_t code, ujit_str* out);
/* upper, lower, swapcase, capitalize, title, casefold: `which` is a ujit_str_case. */
void ujit_str_case(const ujit_str* a, int which, ujit_str* out);
/* strip (sides 3), lstrip (1), rstrip (2); chars null: whitespace. */
void ujit_str_strip(const ujit_str* a, const ujit_str* chars, int sides, ujit_str* out);
void ujit_str_replace(const ujit_str* a, const ujit_str* old, const ujit_str* repl, int64_t count, ujit_str* out);
/* ljust (0), rjust (1), center (2) to `width` with `fill` (one code point); zfill: 3. */
void ujit_str_pad(const ujit_str* a, int64_t width, uint32_t fill, int how, ujit_str* out);

/* sep.join(items): `n` strings laid out as ujit_str structs (a list's or a tuple's items). */
void ujit_str_join(const ujit_str* sep, const ujit_str* items, int64_t n, ujit_str* out);
/* sep.join(a) of a str: its characters with `sep` between them. */
void ujit_str_join_chars(const ujit_str* sep, const ujit_str* a, ujit_str* out);

/* s.split(sep, maxsplit) (from_right 0) and s.rsplit (1); a null `sep` splits on runs of
 * whitespace; a negative maxsplit is no limit. The caller has refused an empty `sep`.
 * s.splitlines(keepends). Each returns a new list of str (lists/list_runtime.h, one
 * reference; items laid out as ujit_str) holding new strings (str_split.cpp). */
ujit_nrt_meminfo* ujit_str_split(const ujit_str* a, const ujit_str* sep, int64_t maxsplit, int32_t from_right);
ujit_nrt_meminfo* ujit_str_splitlines(const ujit_str* a, int32_t keepends);

/* Queries. */
int32_t ujit_str_compare(const ujit_str* a, const ujit_str* b); /* <0, 0, >0 */
int32_t ujit_str_equal(const ujit_str* a, const ujit_str* b);
/* find (dir 0) / rfind (1) of `sub` in a[start:end] (bounds clipped); -1 when absent. */
int64_t ujit_str_find(const ujit_str* a, const ujit_str* sub, int64_t start, int64_t end, int dir);
int64_t ujit_str_count(const ujit_str* a, const ujit_str* sub, int64_t start, int64_t end);
/* startswith (dir 0) / endswith (1) within a[start:end]. */
int32_t ujit_str_affix(const ujit_str* a, const ujit_str* fix, int64_t start, int64_t end, int dir);
/* isdigit, isalpha, ...: `which` is a ujit_str_class. */
int32_t ujit_str_is(const ujit_str* a, int which);
/* Python's hash() of the string, as CPython computes it with the key set here (zero until
 * set: CPython's under PYTHONHASHSEED=0). See str_hash.cpp. */
int64_t ujit_str_hash(const ujit_str* a);
void ujit_str_set_hash_secret(uint64_t k0, uint64_t k1);

/* print(): the string as UTF-8, appended by helper_print's "%U" (data, length). */

enum ujit_str_case {
    UJIT_STR_UPPER,
    UJIT_STR_LOWER,
    UJIT_STR_SWAPCASE,
    UJIT_STR_CAPITALIZE,
    UJIT_STR_TITLE,
    UJIT_STR_CASEFOLD
};
enum ujit_str_class {
    UJIT_STR_ISDIGIT,
    UJIT_STR_ISALPHA,
    UJIT_STR_ISSPACE,
    UJIT_STR_ISALNUM,
    UJIT_STR_ISUPPER,
    UJIT_STR_ISLOWER,
    UJIT_STR_ISDECIMAL,
    UJIT_STR_ISNUMERIC,
    UJIT_STR_ISTITLE,
    UJIT_STR_ISASCII,
    UJIT_STR_ISPRINTABLE,
    UJIT_STR_ISIDENTIFIER
};

#ifdef __cplusplus
}
#endif

#endif /* UJIT_STR_ABI_H */
