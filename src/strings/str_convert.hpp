// Strings at the boundary: UTF-8 (C++'s Value, the C API, the CLI) to and from the UTF-32
// code points compiled code holds (str_abi.h). Lone surrogates (legal in a Python str) are
// carried through as their 3-byte forms, as Python's "surrogatepass" error handler does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "strings/utf8.hpp"  // append_utf8

namespace ujit::strings {

// Throws ujit::Error (Argument) for text that is not UTF-8.
std::u32string from_utf8(std::string_view text);
std::string to_utf8(const uint32_t* data, int64_t length);
// Python's repr() of the string: quoted with ' (or " when it holds ' and no "), escapes for
// backslash, quotes, \n \r \t and characters that are not printable (\xNN, \uNNNN, \UNNNNNNNN).
std::string python_repr(std::string_view utf8);

}  // namespace ujit::strings
