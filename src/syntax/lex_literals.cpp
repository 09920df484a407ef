// Number and string literals: the parts of the lexer with the most rules.
#include "strings/utf8.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/lexer.hpp"

#include <fmt/format.h>

#include <cstdlib>

namespace ujit::syntax {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || is_digit(c); }

int digit_value(char c) {
    if (is_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

using strings::append_utf8;

const char* base_name(int base) {
    return base == 16 ? "hexadecimal" : base == 8 ? "octal" : base == 2 ? "binary" : "decimal";
}

}  // namespace

// Reads digits of `base` with single underscores between them (and, after a 0x/0o/0b
// prefix, before the first one). Returns the digits without underscores.
static std::string read_digits(std::string_view src, size_t& pos, int base, bool underscore_first, uint32_t line,
                               size_t line_start) {
    std::string digits;
    bool last_underscore = false;
    while (pos < src.size()) {
        char c = src[pos];
        if (c == '_') {
            bool ok = !last_underscore && (!digits.empty() || underscore_first);
            if (!ok || pos + 1 >= src.size() || digit_value(src[pos + 1]) >= base)
                fail({line, static_cast<uint32_t>(pos - line_start + 1)},
                     fmt::format("invalid {} literal", base_name(base)));
            last_underscore = true;
            ++pos;
            continue;
        }
        int d = digit_value(c);
        if (d >= base) {
            // A decimal digit that does not fit the base is this literal's error, not a new token.
            if (base < 10 && is_digit(c))
                fail({line, static_cast<uint32_t>(pos - line_start + 1)},
                     fmt::format("invalid digit '{}' in {} literal", c, base_name(base)));
            break;
        }
        digits += c;
        last_underscore = false;
        ++pos;
    }
    return digits;
}

static uint64_t int_value(const std::string& digits, int base, SourceLoc loc) {
    uint64_t v = 0;
    for (char c : digits) {
        auto d = static_cast<uint64_t>(digit_value(c));
        if (v > (UINT64_MAX - d) / static_cast<uint64_t>(base)) fail(loc, "integer literal too large");
        v = v * static_cast<uint64_t>(base) + d;
    }
    return v;
}

Token Lexer::lex_number() {
    SourceLoc loc = here();
    auto col_at = [&](size_t p) { return SourceLoc{line_, static_cast<uint32_t>(p - line_start_ + 1)}; };
    char p1 = static_cast<char>(peek(1) | 0x20);
    if (peek() == '0' && (p1 == 'x' || p1 == 'o' || p1 == 'b')) {
        int base = p1 == 'x' ? 16 : p1 == 'o' ? 8 : 2;
        size_t start = pos_;
        pos_ += 2;
        std::string digits = read_digits(src_, pos_, base, true, line_, line_start_);
        if (digits.empty() || (pos_ < src_.size() && is_ident_char(src_[pos_])))
            fail(col_at(pos_), fmt::format("invalid {} literal", base_name(base)));
        Token t = make(Tok::Int, loc, std::string(src_.substr(start, pos_ - start)));
        t.int_value = int_value(digits, base, loc);
        return t;
    }

    size_t start = pos_;
    std::string int_part = read_digits(src_, pos_, 10, false, line_, line_start_);
    std::string clean = int_part;
    bool is_float = false;
    if (peek() == '.') {
        ++pos_;
        is_float = true;
        clean += '.';
        if (is_digit(peek())) clean += read_digits(src_, pos_, 10, false, line_, line_start_);
    }
    char e = peek();
    if ((e == 'e' || e == 'E') && (is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
        is_float = true;
        clean += 'e';
        ++pos_;
        if (peek() == '+' || peek() == '-') clean += src_[pos_++];
        clean += read_digits(src_, pos_, 10, false, line_, line_start_);
    }
    bool imag = peek() == 'j' || peek() == 'J';
    if (imag) ++pos_;
    if (pos_ < src_.size() && is_ident_char(src_[pos_])) fail(col_at(pos_), "invalid decimal literal");

    std::string spelling(src_.substr(start, pos_ - start));
    if (!is_float && !imag) {
        if (int_part.size() > 1 && int_part[0] == '0' && int_part.find_first_not_of('0') != std::string::npos)
            fail(loc, "leading zeros in decimal integer literals are not permitted; "
                      "use an 0o prefix for octal integers");
        Token t = make(Tok::Int, loc, std::move(spelling));
        t.int_value = int_value(int_part, 10, loc);
        return t;
    }
    Token t = make(imag ? Tok::Imag : Tok::Float, loc, std::move(spelling));
    t.float_value = std::strtod(clean.c_str(), nullptr);
    return t;
}

// At a backslash inside a non-raw string: appends the decoded character(s).
void Lexer::decode_escape(std::string& out) {
    SourceLoc loc = here();
    ++pos_;
    if (pos_ >= src_.size()) return;  // the caller reports the unterminated string
    if (at_newline()) {  // backslash-newline inside a string: both vanish
        consume_newline();
        return;
    }
    char c = src_[pos_];
    auto hex_escape = [&](int n) {
        uint32_t v = 0;
        for (int i = 1; i <= n; ++i) {
            int d = digit_value(peek(static_cast<size_t>(i)));
            if (d >= 16) fail(loc, fmt::format("truncated \\{} escape in string literal", c));
            v = v * 16 + static_cast<uint32_t>(d);
        }
        pos_ += static_cast<size_t>(n) + 1;
        return v;
    };
    switch (c) {
    case '\\':
    case '\'':
    case '"':
        out += c;
        ++pos_;
        return;
    case 'a':
        out += '\a';
        ++pos_;
        return;
    case 'b':
        out += '\b';
        ++pos_;
        return;
    case 'f':
        out += '\f';
        ++pos_;
        return;
    case 'n':
        out += '\n';
        ++pos_;
        return;
    case 'r':
        out += '\r';
        ++pos_;
        return;
    case 't':
        out += '\t';
        ++pos_;
        return;
    case 'v':
        out += '\v';
        ++pos_;
        return;
    case 'x': append_utf8(out, hex_escape(2)); return;
    case 'u': append_utf8(out, hex_escape(4)); return;
    case 'U': {
        uint32_t v = hex_escape(8);
        if (v > 0x10ffff) fail(loc, "illegal Unicode character in \\U escape");
        append_utf8(out, v);
        return;
    }
    case 'N': fail(loc, "\\N{...} escapes are not supported by ujit");
    default: break;
    }
    if (c >= '0' && c <= '7') {
        uint32_t v = 0;
        for (int i = 0; i < 3 && peek() >= '0' && peek() <= '7'; ++i)
            v = v * 8 + static_cast<uint32_t>(src_[pos_++] - '0');
        append_utf8(out, v);
        return;
    }
    out += '\\';  // unknown escapes keep their backslash, as in Python
}

// `start` is the location of the literal's first character (its prefix, if any); the lexer
// stands on the opening quote.
Token Lexer::lex_string(SourceLoc start, std::string_view prefix) {
    const bool f = prefix.find_first_of("fF") != std::string_view::npos;
    const bool triple_quoted = peek(1) == peek() && peek(2) == peek();
    if (f && !triple_quoted) return lex_fstring(start, prefix.find_first_of("rR") != std::string_view::npos);
    const char* unsupported = f                                                      ? "triple-quoted f-strings are"
                              : prefix.find_first_of("bB") != std::string_view::npos ? "bytes literals are"
                                                                                     : nullptr;
    // The value of an unsupported literal is never used: read it raw, so that no escape in it
    // can fail before the parser says what is wrong.
    const bool raw = unsupported || prefix.find_first_of("rR") != std::string_view::npos;
    const char quote = peek();
    const bool triple = peek(1) == quote && peek(2) == quote;
    pos_ += triple ? 3 : 1;
    auto unterminated = [&]() {
        fail(start,
             fmt::format("unterminated {}string literal (detected at line {})", triple ? "triple-quoted " : "", line_));
    };
    std::string value;
    for (;;) {
        if (pos_ >= src_.size()) unterminated();
        char c = src_[pos_];
        if (at_newline()) {
            if (!triple) unterminated();
            value += '\n';
            consume_newline();
        } else if (c == quote) {
            if (!triple) {
                ++pos_;
                break;
            }
            if (peek(1) == quote && peek(2) == quote) {
                pos_ += 3;
                break;
            }
            value += c;
            ++pos_;
        } else if (c == '\\' && raw) {
            value += c;
            ++pos_;
            if (pos_ >= src_.size()) unterminated();
            if (at_newline()) {
                value += '\n';
                consume_newline();
            } else if (src_[pos_] == quote || src_[pos_] == '\\') {
                value += src_[pos_++];
            }
        } else if (c == '\\') {
            decode_escape(value);
        } else if (static_cast<unsigned char>(c) < 0x80 && c != '\0') {
            value += c;
            ++pos_;
        } else {
            size_t before = pos_;
            skip_string_char();
            value.append(src_.substr(before, pos_ - before));
        }
    }
    Token t = make(Tok::String, start, std::move(value));
    t.unsupported = unsupported;
    return t;
}

}  // namespace ujit::syntax
