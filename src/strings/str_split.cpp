// str.split, str.rsplit and str.splitlines (str_abi.h): each returns a new list of str
// (lists/list_runtime.h) whose items are new strings, copied out of the text. A piece is not
// a view of the text: the text may be a caller's buffer (an argument) that the list outlives
// when it is stored in a typed.Dict or typed.List the caller holds.
#include "strings/str_abi.h"
#include "strings/str_alloc.hpp"

#include "lists/list_runtime.h"

#include <cstddef>

namespace {

using ujit::strings::copy_cps;
using ujit::strings::is_space_cp;

const int64_t kOwnerOffset[] = {offsetof(ujit_str, owner)};

struct Pieces {
    ujit_nrt_meminfo* mi;
    ujit_list_payload* list;
};

Pieces new_pieces() {
    ujit_nrt_meminfo* mi = ujit_list_new(sizeof(ujit_str), 4, kOwnerOffset, 1);
    if (!mi) ujit::strings::raise_memory_error();
    return {mi, static_cast<ujit_list_payload*>(ujit_nrt_data(mi))};
}

// Appends a[lo:hi]; out of memory releases the list (and what it holds), then raises.
void put(Pieces& p, const ujit_str* a, int64_t lo, int64_t hi) {
    ujit_str s{};
    bool room = p.list->size < p.list->capacity || ujit_list_reserve(p.list, p.list->size + 1) == 0;
    if (!room || !ujit::strings::try_new_string(hi - lo, &s)) {
        ujit_nrt_decref(p.mi);
        ujit::strings::raise_memory_error();
    }
    copy_cps(const_cast<uint32_t*>(s.data), a->data + lo, hi - lo);
    reinterpret_cast<ujit_str*>(p.list->items)[p.list->size++] = s;
}

// rsplit collects pieces right to left; Python's order is the reverse.
void reverse(Pieces& p) {
    auto* items = reinterpret_cast<ujit_str*>(p.list->items);
    for (int64_t i = 0, j = p.list->size - 1; i < j; ++i, --j) {
        ujit_str t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

bool sep_at(const ujit_str* a, int64_t i, const ujit_str* sep) {
    for (int64_t k = 0; k < sep->length; ++k)
        if (a->data[i + k] != sep->data[k]) return false;
    return true;
}

// split() / rsplit() without a separator: runs of whitespace; after maxsplit splits the rest
// is one piece, its whitespace on the split side stripped (CPython's split_whitespace).
void split_whitespace(Pieces& p, const ujit_str* a, int64_t maxsplit, bool right) {
    int64_t n = a->length;
    if (!right) {
        int64_t i = 0;
        while (true) {
            while (i < n && is_space_cp(a->data[i])) ++i;
            if (i == n) return;
            if (maxsplit-- == 0) return put(p, a, i, n);
            int64_t j = i;
            while (j < n && !is_space_cp(a->data[j])) ++j;
            put(p, a, i, j);
            i = j;
        }
    }
    int64_t i = n;
    while (true) {
        while (i > 0 && is_space_cp(a->data[i - 1])) --i;
        if (i == 0) return reverse(p);
        if (maxsplit-- == 0) {
            put(p, a, 0, i);
            return reverse(p);
        }
        int64_t j = i;
        while (j > 0 && !is_space_cp(a->data[j - 1])) --j;
        put(p, a, j, i);
        i = j;
    }
}

void split_sep(Pieces& p, const ujit_str* a, const ujit_str* sep, int64_t maxsplit, bool right) {
    int64_t n = a->length, m = sep->length;
    if (!right) {
        int64_t last = 0;
        for (int64_t i = 0; i + m <= n && maxsplit != 0;) {
            if (sep_at(a, i, sep)) {
                put(p, a, last, i);
                i += m;
                last = i;
                --maxsplit;
            } else {
                ++i;
            }
        }
        return put(p, a, last, n);
    }
    int64_t end = n;
    for (int64_t i = n - m; i >= 0 && maxsplit != 0;) {
        if (sep_at(a, i, sep)) {
            put(p, a, i + m, end);
            end = i;
            i -= m;
            --maxsplit;
        } else {
            --i;
        }
    }
    put(p, a, 0, end);
    reverse(p);
}

// CPython's line boundaries (str.splitlines): \n \r \r\n \v \f \x1c \x1d \x1e \x85 \u2028 \u2029.
bool line_break(uint32_t c) {
    return c == '\n' || c == '\r' || c == 0x0b || c == 0x0c || c == 0x1c || c == 0x1d || c == 0x1e || c == 0x85 ||
           c == 0x2028 || c == 0x2029;
}

}  // namespace

extern "C" {

ujit_nrt_meminfo* ujit_str_split(const ujit_str* a, const ujit_str* sep, int64_t maxsplit, int32_t from_right) {
    Pieces p = new_pieces();
    if (maxsplit < 0) maxsplit = -1;  // CPython: any negative is "no limit"
    if (sep)
        split_sep(p, a, sep, maxsplit, from_right != 0);
    else
        split_whitespace(p, a, maxsplit, from_right != 0);
    return p.mi;
}

ujit_nrt_meminfo* ujit_str_splitlines(const ujit_str* a, int32_t keepends) {
    Pieces p = new_pieces();
    int64_t n = a->length;
    for (int64_t i = 0; i < n;) {
        int64_t j = i;
        while (j < n && !line_break(a->data[j])) ++j;
        int64_t eol = j;
        if (j < n) j += a->data[j] == '\r' && j + 1 < n && a->data[j + 1] == '\n' ? 2 : 1;
        put(p, a, i, keepends ? j : eol);
        i = j;
    }
    return p.mi;
}

}  // extern "C"
