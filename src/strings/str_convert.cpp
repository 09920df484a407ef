#include "strings/str_convert.hpp"

#include "strings/str_abi.h"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

namespace ujit::strings {

std::string to_utf8(const uint32_t* data, int64_t length) {
    std::string out;
    out.reserve(static_cast<size_t>(length));
    for (int64_t i = 0; i < length; ++i) append_utf8(out, data[i]);
    return out;
}

std::u32string from_utf8(std::string_view text) {
    std::u32string out;
    out.reserve(text.size());
    auto bad = [&](size_t at) {
        throw Error(Error::Kind::Argument, fmt::format("error: a string argument is not valid UTF-8 (byte {})", at));
    };
    for (size_t i = 0; i < text.size();) {
        auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
        unsigned char c0 = byte(i);
        int n = c0 < 0x80 ? 1 : (c0 >> 5) == 0x6 ? 2 : (c0 >> 4) == 0xE ? 3 : (c0 >> 3) == 0x1E ? 4 : 0;
        if (n == 0 || i + size_t(n) > text.size()) bad(i);
        uint32_t c = n == 1 ? c0 : n == 2 ? (c0 & 0x1F) : n == 3 ? (c0 & 0x0F) : (c0 & 0x07);
        for (int k = 1; k < n; ++k) {
            if ((byte(i + size_t(k)) & 0xC0) != 0x80) bad(i);
            c = (c << 6) | (byte(i + size_t(k)) & 0x3F);
        }
        static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
        if (c < kMin[n] || c > 0x10FFFF) bad(i);  // overlong forms, past Unicode
        out.push_back(c);
        i += size_t(n);
    }
    return out;
}

std::string python_repr(std::string_view utf8) {
    std::u32string text = from_utf8(utf8);
    bool has_single = text.find(U'\'') != std::u32string::npos;
    bool has_double = text.find(U'"') != std::u32string::npos;
    char quote = has_single && !has_double ? '"' : '\'';
    std::string out(1, quote);
    for (char32_t c : text) {
        uint32_t cp = static_cast<uint32_t>(c);
        ujit_str one{&cp, 1, nullptr};
        if (c == U'\\' || c == static_cast<char32_t>(quote)) {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == U'\n') {
            out += "\\n";
        } else if (c == U'\r') {
            out += "\\r";
        } else if (c == U'\t') {
            out += "\\t";
        } else if (!ujit_str_is(&one, UJIT_STR_ISPRINTABLE)) {
            out += cp < 0x100     ? fmt::format("\\x{:02x}", cp)
                   : cp < 0x10000 ? fmt::format("\\u{:04x}", cp)
                                  : fmt::format("\\U{:08x}", cp);
        } else {
            append_utf8(out, cp);
        }
    }
    return out + quote;
}

}  // namespace ujit::strings
