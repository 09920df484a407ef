// The helpers that build strings and search them (str_abi.h).
#include "strings/str_abi.h"
#include "strings/str_alloc.hpp"

#include "codegen/abi.hpp"
#include "cpu/helper_errors.hpp"

#include <algorithm>
#include <cstring>

namespace ujit::strings {

uint32_t* try_new_string(int64_t n, ujit_str* out) {
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, 16);
    if (!mi) return nullptr;
    auto* data = static_cast<uint32_t*>(ujit_nrt_data(mi));
    *out = ujit_str{data, n, mi};
    return data;
}

void raise_memory_error() { ujit_rt_raise(int(codegen::RuntimeError::AllocationFailed), ""); }

uint32_t* new_string(int64_t n, ujit_str* out) {
    uint32_t* d = try_new_string(n, out);
    if (!d) raise_memory_error();
    return d;
}

}  // namespace ujit::strings

using ujit::strings::copy_cps;
using ujit::strings::new_string;
using ujit::strings::raise_memory_error;

namespace {

bool match_at(const ujit_str* a, int64_t i, const ujit_str* sub) {
    return sub->length == 0 || std::memcmp(a->data + i, sub->data, static_cast<size_t>(sub->length) * 4) == 0;
}

// Python's clipping of start/end for find/count/startswith (already made non-negative
// relative to the length by compiled code: here only clipped to [0, length]).
void clip(int64_t length, int64_t& start, int64_t& end) {
    if (end > length) end = length;
    if (start < 0) start = 0;
}

}  // namespace

extern "C" {

void ujit_str_concat(const ujit_str* a, const ujit_str* b, ujit_str* out) {
    uint32_t* d = new_string(a->length + b->length, out);
    copy_cps(d, a->data, a->length);
    copy_cps(d + a->length, b->data, b->length);
}

void ujit_str_repeat(const ujit_str* a, int64_t n, ujit_str* out) {
    if (n < 0) n = 0;
    if (n > 0 && a->length > INT64_MAX / 4 / n) raise_memory_error();  // past the address space
    uint32_t* d = new_string(a->length * n, out);
    for (int64_t k = 0; k < n; ++k) copy_cps(d + k * a->length, a->data, a->length);
}

void ujit_str_slice(const ujit_str* a, int64_t start, int64_t step, int64_t count, ujit_str* out) {
    uint32_t* d = new_string(count, out);
    for (int64_t k = 0; k < count; ++k) d[k] = a->data[start + k * step];
}

void ujit_str_chr(int64_t code, ujit_str* out) { new_string(1, out)[0] = static_cast<uint32_t>(code); }

int32_t ujit_str_compare(const ujit_str* a, const ujit_str* b) {
    int64_t n = std::min(a->length, b->length);
    for (int64_t i = 0; i < n; ++i)
        if (a->data[i] != b->data[i]) return a->data[i] < b->data[i] ? -1 : 1;
    return a->length < b->length ? -1 : a->length > b->length ? 1 : 0;
}

int32_t ujit_str_equal(const ujit_str* a, const ujit_str* b) {
    return a->length == b->length && (a->data == b->data || a->length == 0 ||
                                      std::memcmp(a->data, b->data, static_cast<size_t>(a->length) * 4) == 0);
}

int64_t ujit_str_find(const ujit_str* a, const ujit_str* sub, int64_t start, int64_t end, int dir) {
    clip(a->length, start, end);
    if (end - start < sub->length) return -1;
    if (dir == 0) {
        for (int64_t i = start; i + sub->length <= end; ++i)
            if (match_at(a, i, sub)) return i;
    } else {
        for (int64_t i = end - sub->length; i >= start; --i)
            if (match_at(a, i, sub)) return i;
    }
    return -1;
}

int64_t ujit_str_count(const ujit_str* a, const ujit_str* sub, int64_t start, int64_t end) {
    clip(a->length, start, end);
    if (end - start < sub->length) return 0;
    if (sub->length == 0) return end - start + 1;
    int64_t n = 0;
    for (int64_t i = start; i + sub->length <= end;) {
        if (match_at(a, i, sub)) {
            ++n;
            i += sub->length;
        } else {
            ++i;
        }
    }
    return n;
}

int32_t ujit_str_affix(const ujit_str* a, const ujit_str* fix, int64_t start, int64_t end, int dir) {
    clip(a->length, start, end);
    if (start > a->length) return 0;
    if (end - start < fix->length) return 0;
    return match_at(a, dir == 0 ? start : end - fix->length, fix);
}

void ujit_str_replace(const ujit_str* a, const ujit_str* old, const ujit_str* repl, int64_t count, ujit_str* out) {
    if (count < 0) count = INT64_MAX;
    // Python's rules: an empty `old` inserts `repl` before every character and at the end.
    int64_t hits = old->length == 0 ? std::min(count, a->length + 1) : 0;
    if (old->length > 0) {
        for (int64_t i = 0; i + old->length <= a->length && hits < count;) {
            if (match_at(a, i, old)) {
                ++hits;
                i += old->length;
            } else {
                ++i;
            }
        }
    }
    uint32_t* d = new_string(a->length + hits * (repl->length - old->length), out);
    int64_t i = 0, o = 0, done = 0;
    auto put_repl = [&] {
        copy_cps(d + o, repl->data, repl->length);
        o += repl->length;
        ++done;
    };
    while (i < a->length) {
        if (done < hits && (old->length == 0 || (i + old->length <= a->length && match_at(a, i, old)))) {
            put_repl();
            i += old->length;
            if (old->length == 0) d[o++] = a->data[i++];
        } else {
            d[o++] = a->data[i++];
        }
    }
    if (done < hits) put_repl();  // empty `old`: after the last character
}

void ujit_str_join(const ujit_str* sep, const ujit_str* items, int64_t n, ujit_str* out) {
    int64_t total = n > 0 ? sep->length * (n - 1) : 0;
    for (int64_t k = 0; k < n; ++k) total += items[k].length;
    uint32_t* d = new_string(total, out);
    for (int64_t k = 0, o = 0; k < n; ++k) {
        if (k) {
            copy_cps(d + o, sep->data, sep->length);
            o += sep->length;
        }
        copy_cps(d + o, items[k].data, items[k].length);
        o += items[k].length;
    }
}

void ujit_str_join_chars(const ujit_str* sep, const ujit_str* a, ujit_str* out) {
    int64_t n = a->length;
    uint32_t* d = new_string(n > 0 ? n + sep->length * (n - 1) : 0, out);
    for (int64_t k = 0, o = 0; k < n; ++k) {
        if (k) {
            copy_cps(d + o, sep->data, sep->length);
            o += sep->length;
        }
        d[o++] = a->data[k];
    }
}

void ujit_str_pad(const ujit_str* a, int64_t width, uint32_t fill, int how, ujit_str* out) {
    int64_t n = a->length;
    int64_t total = std::max(width, n);
    int64_t pad = total - n;
    int64_t left = how == 1 ? pad : how == 0 ? 0 : how == 3 ? pad : pad / 2 + (pad & width & 1);
    uint32_t* d = new_string(total, out);
    for (int64_t k = 0; k < total; ++k) d[k] = fill;
    copy_cps(d + left, a->data, n);
    if (how == 3 && pad > 0 && n > 0 && (a->data[0] == '+' || a->data[0] == '-')) {  // zfill keeps the sign first
        d[0] = a->data[0];
        d[left] = '0';
    }
}

}  // extern "C"
