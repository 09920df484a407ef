// New strings for the helpers (str_abi.h): one NRT block per string.
#pragma once

#include "strings/str_abi.h"

namespace ujit::strings {

// A new string of `n` code points (uninitialized) in `out`, owning one reference; returns
// its writable data. Out of memory raises MemoryError in the calling compiled code.
uint32_t* new_string(int64_t n, ujit_str* out);
// The same, null when out of memory (the caller frees what it holds, then raises).
uint32_t* try_new_string(int64_t n, ujit_str* out);
[[noreturn]] void raise_memory_error();

// str.isspace() of one code point (str_text.cpp): what split() without a separator splits on.
bool is_space_cp(uint32_t c);

// Copies n code points (none: a null `from` is fine, as a zero-valued string's data is).
inline void copy_cps(uint32_t* to, const uint32_t* from, int64_t n) {
    if (n > 0) __builtin_memcpy(to, from, static_cast<size_t>(n) * 4);
}

// A view of `n` code points at `data` as a ujit_str (no owner): for helpers' arguments.
inline ujit_str borrowed(const uint32_t* data, int64_t n) { return ujit_str{data, n, nullptr}; }

}  // namespace ujit::strings
