// The helpers that read characters' Unicode properties (str_abi.h): classes (isalpha, ...),
// case mappings (upper, lower, ...), strip, and str() of numbers. The properties come from
// str_tables.inc, generated from CPython's own str methods (tools/scripts/gen_str_tables.py).
#include "strings/str_abi.h"
#include "strings/str_alloc.hpp"

#include "runtime/pyrepr.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>

namespace {

struct CodeRange {
    uint32_t lo, hi;
};
struct CaseMapping {
    uint32_t code;
    uint32_t n;
    uint32_t to[3];
};

#include "strings/str_tables.inc"

template <size_t N> bool in(const CodeRange (&table)[N], uint32_t c) {
    auto it = std::upper_bound(std::begin(table), std::end(table), c,
                               [](uint32_t x, const CodeRange& r) { return x < r.lo; });
    return it != std::begin(table) && c <= std::prev(it)->hi;
}

template <size_t N> const CaseMapping* mapping(const CaseMapping (&table)[N], uint32_t c) {
    auto it = std::lower_bound(std::begin(table), std::end(table), c,
                               [](const CaseMapping& m, uint32_t x) { return m.code < x; });
    return it != std::end(table) && it->code == c ? &*it : nullptr;
}

bool is_upper(uint32_t c) { return in(kUpper, c); }
bool is_lower(uint32_t c) { return in(kLower, c); }
bool is_title(uint32_t c) { return in(kTitle, c); }
bool is_cased(uint32_t c) { return in(kCased, c); }
bool is_space(uint32_t c) {
    return c < 128 ? (c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31)) : in(kSpace, c);
}

// A case mapping's result, appended (1 to 3 code points).
template <size_t N> void map_into(const CaseMapping (&table)[N], uint32_t c, std::u32string& out) {
    if (const CaseMapping* m = mapping(table, c))
        out.append(m->to, m->to + m->n);
    else
        out.push_back(c);
}

// CPython's lower() of a capital sigma: final form (U+03C2) at the end of a word, i.e.
// preceded by a cased letter and not followed by one (case-ignorable characters between
// are approximated as none: a rare difference in text with combining marks).
void lower_into(const ujit_str* a, int64_t i, std::u32string& out) {
    uint32_t c = a->data[i];
    if (c == 0x3A3) {
        bool before = i > 0 && is_cased(a->data[i - 1]);
        bool after = i + 1 < a->length && is_cased(a->data[i + 1]);
        out.push_back(before && !after ? 0x3C2 : 0x3C3);
        return;
    }
    map_into(kToLower, c, out);
}

// Moves `text` into a new string (the helpers build into a u32string first because case
// mappings change the length). MemoryError leaves by longjmp, which runs no destructor:
// `text` is freed first.
void finish(std::u32string& text, ujit_str* out) {
    uint32_t* d = ujit::strings::try_new_string(static_cast<int64_t>(text.size()), out);
    if (!d) {
        std::u32string().swap(text);
        ujit::strings::raise_memory_error();
    }
    ujit::strings::copy_cps(d, reinterpret_cast<const uint32_t*>(text.data()), static_cast<int64_t>(text.size()));
}

// A short ASCII text (a number's digits) as a new string.
void ascii_string(const char* s, size_t n, ujit_str* out) {
    uint32_t* d = ujit::strings::new_string(static_cast<int64_t>(n), out);
    for (size_t i = 0; i < n; ++i) d[i] = static_cast<unsigned char>(s[i]);
}

bool class_of(uint32_t c, int which) {
    switch (which) {
    case UJIT_STR_ISDIGIT: return in(kDigit, c);
    case UJIT_STR_ISALPHA: return in(kAlpha, c);
    case UJIT_STR_ISSPACE: return is_space(c);
    case UJIT_STR_ISALNUM: return in(kAlpha, c) || in(kNumeric, c);
    case UJIT_STR_ISDECIMAL: return in(kDecimal, c);
    case UJIT_STR_ISNUMERIC: return in(kNumeric, c);
    case UJIT_STR_ISASCII: return c < 128;
    case UJIT_STR_ISPRINTABLE: return in(kPrintable, c);
    default: return false;
    }
}

}  // namespace

namespace ujit::strings {
bool is_space_cp(uint32_t c) { return is_space(c); }
}  // namespace ujit::strings

extern "C" {

int32_t ujit_str_is(const ujit_str* a, int which) {
    const uint32_t* d = a->data;
    int64_t n = a->length;
    switch (which) {
    case UJIT_STR_ISUPPER:
    case UJIT_STR_ISLOWER: {  // every cased character in that case, and at least one
        bool cased = false;
        for (int64_t i = 0; i < n; ++i) {
            bool same = which == UJIT_STR_ISUPPER ? is_upper(d[i]) : is_lower(d[i]);
            bool other =
                which == UJIT_STR_ISUPPER ? is_lower(d[i]) || is_title(d[i]) : is_upper(d[i]) || is_title(d[i]);
            if (other) return 0;
            cased |= same;
        }
        return cased;
    }
    case UJIT_STR_ISTITLE: {
        bool cased = false, previous_cased = false;
        for (int64_t i = 0; i < n; ++i) {
            if (is_upper(d[i]) || is_title(d[i])) {
                if (previous_cased) return 0;
                previous_cased = cased = true;
            } else if (is_lower(d[i])) {
                if (!previous_cased) return 0;
                previous_cased = cased = true;
            } else {
                previous_cased = false;
            }
        }
        return cased;
    }
    case UJIT_STR_ISIDENTIFIER:
        if (n == 0 || !(in(kIdStart, d[0]) || d[0] == '_')) return 0;
        for (int64_t i = 1; i < n; ++i)
            if (!in(kIdContinue, d[i])) return 0;
        return 1;
    case UJIT_STR_ISASCII:
    case UJIT_STR_ISPRINTABLE:  // true for the empty string
        break;
    default:
        if (n == 0) return 0;
    }
    for (int64_t i = 0; i < n; ++i)
        if (!class_of(d[i], which)) return 0;
    return 1;
}

void ujit_str_case(const ujit_str* a, int which, ujit_str* out) {
    std::u32string text;
    text.reserve(static_cast<size_t>(a->length));
    bool previous_cased = false;
    for (int64_t i = 0; i < a->length; ++i) {
        uint32_t c = a->data[i];
        switch (which) {
        case UJIT_STR_UPPER: map_into(kToUpper, c, text); break;
        case UJIT_STR_LOWER: lower_into(a, i, text); break;
        case UJIT_STR_CASEFOLD: map_into(kCaseFold, c, text); break;
        case UJIT_STR_SWAPCASE:
            if (is_upper(c))
                lower_into(a, i, text);
            else if (is_lower(c))
                map_into(kToUpper, c, text);
            else
                text.push_back(c);
            break;
        case UJIT_STR_CAPITALIZE:
            if (i == 0)
                map_into(kToTitle, c, text);
            else
                lower_into(a, i, text);
            break;
        case UJIT_STR_TITLE:
            if (previous_cased)
                lower_into(a, i, text);
            else
                map_into(kToTitle, c, text);
            previous_cased = is_cased(c);
            break;
        }
    }
    finish(text, out);
}

void ujit_str_strip(const ujit_str* a, const ujit_str* chars, int sides, ujit_str* out) {
    auto strip = [&](uint32_t c) {
        if (!chars) return is_space(c);
        return std::find(chars->data, chars->data + chars->length, c) != chars->data + chars->length;
    };
    int64_t lo = 0, hi = a->length;
    if (sides & 1)
        while (lo < hi && strip(a->data[lo])) ++lo;
    if (sides & 2)
        while (hi > lo && strip(a->data[hi - 1])) --hi;
    uint32_t* d = ujit::strings::new_string(hi - lo, out);
    ujit::strings::copy_cps(d, a->data + lo, hi - lo);
}

void ujit_str_from_int(int64_t v, int is_unsigned, ujit_str* out) {
    char buf[24];
    int n = is_unsigned ? std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v))
                        : std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    ascii_string(buf, static_cast<size_t>(n), out);
}

void ujit_str_from_float(double v, ujit_str* out) {
    char buf[40];  // repr(float) is at most 24 characters ("-2.2250738585072014e-308")
    size_t n = 0;
    {
        std::string s = ujit::runtime::float_repr(v);  // destroyed before anything can raise
        n = std::min(s.size(), sizeof buf);
        std::memcpy(buf, s.data(), n);
    }
    ascii_string(buf, n, out);
}

}  // extern "C"
