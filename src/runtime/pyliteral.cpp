#include "runtime/pyliteral.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "runtime/scalar.hpp"
#include "strings/str_convert.hpp"

namespace ujit::runtime {
namespace {

// A number token before it becomes a Value: an integer magnitude, a float, or an
// imaginary float (with 'j').
struct Number {
    enum Kind { Int, Float, Imag } kind;
    uint64_t int_mag = 0;  // Int: magnitude; a sign is applied later
    double f = 0;          // Float, Imag
};

class LiteralParser {
public:
    explicit LiteralParser(std::string_view s) : s_(s) {}

    Value parse() {
        Value v = value();
        skip_space();
        if (pos_ != s_.size()) error("unexpected '" + std::string(s_.substr(pos_)) + "'");
        return v;
    }

private:
    std::string_view s_;
    size_t pos_ = 0;

    [[noreturn]] void error(const std::string& why) {
        throw Error(Error::Kind::Argument, "invalid literal '" + std::string(s_) + "': " + why);
    }
    void skip_space() {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    }
    char peek() {
        skip_space();
        return pos_ < s_.size() ? s_[pos_] : '\0';
    }
    bool word(std::string_view w) {  // a keyword not followed by more identifier chars
        skip_space();
        if (s_.substr(pos_, w.size()) != w) return false;
        size_t end = pos_ + w.size();
        if (end < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_')) return false;
        pos_ = end;
        return true;
    }

    Value value() {
        char c = peek();
        if (c == '(') return parenthesized();
        if (c == '[') return bracketed();
        if (c == '{') return braced();
        if (word("True")) return Value(true);
        if (word("False")) return Value(false);
        if (word("None")) return Value();
        if (c == '\'' || c == '"') return string();
        if (c == '\0') error("expected a value");
        return number_expression();
    }

    // A quoted str with Python's escapes (\\ \' \" \n \t \r \0 \xNN \uNNNN \UNNNNNNNN),
    // its text UTF-8 as the argument itself is.
    Value string() {
        char quote = s_[pos_++];
        std::string out;
        while (true) {
            if (pos_ >= s_.size()) error("unterminated string");
            char c = s_[pos_++];
            if (c == quote) break;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size()) error("unterminated string");
            char e = s_[pos_++];
            switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case '0': out += '\0'; break;
            case 'x': strings::append_utf8(out, hex_digits(2)); break;
            case 'u': strings::append_utf8(out, hex_digits(4)); break;
            case 'U': strings::append_utf8(out, hex_digits(8)); break;
            default:
                if (e != '\\' && e != '\'' && e != '"') out += '\\';  // Python keeps unknown escapes
                out += e;
            }
        }
        strings::from_utf8(out);  // throws for text that is not UTF-8
        return Value(std::move(out));
    }

    uint32_t hex_digits(int n) {
        if (pos_ + size_t(n) > s_.size()) error("truncated \\x, \\u or \\U escape");
        uint32_t v = 0;
        for (int k = 0; k < n; ++k) {
            char h = s_[pos_++];
            if (!std::isxdigit(static_cast<unsigned char>(h))) error("invalid hexadecimal escape");
            v = v * 16 + uint32_t(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
        }
        if (v > 0x10FFFF) error("escape past U+10FFFF");
        return v;
    }

    Value parenthesized() {
        ++pos_;  // '('
        Value::Tuple items;
        bool comma = false;
        while (peek() != ')') {
            items.push_back(value());
            comma = peek() == ',';
            if (!comma_before(')')) error("expected ',' or ')'");
        }
        ++pos_;  // ')'
        if (items.size() == 1 && !comma) return items[0];  // (x) is x, (x,) a tuple
        return Value(std::move(items));
    }

    // [a, b]: a list (Numba's reflected list, typed from its first item).
    Value bracketed() {
        ++pos_;  // '['
        std::vector<Value> items;
        while (peek() != ']') {
            items.push_back(value());
            if (!comma_before(']')) error("expected ',' or ']'");
        }
        ++pos_;  // ']'
        return Value::list_of(std::move(items));
    }

    // {k: v, ...}: a dict (a numba.typed.Dict typed from its first entry); {a, b}: a set;
    // {} the empty dict, as in Python.
    Value braced() {
        ++pos_;  // '{'
        Value::Dict dict;
        Value::Set set;
        bool is_set = false;
        while (peek() != '}') {
            Value key = value();
            bool first = dict.keys.empty() && set.items.empty();
            if (first) is_set = peek() != ':';
            if (is_set) {
                set.items.push_back(std::move(key));
            } else {
                if (peek() != ':') error("expected ':' after a dict key");
                ++pos_;
                dict.keys.push_back(std::move(key));
                dict.values.push_back(value());
            }
            if (!comma_before('}')) error(is_set ? "expected ',' or '}' in a set" : "expected ',' or '}' in a dict");
        }
        ++pos_;  // '}'
        return is_set ? Value(std::move(set)) : Value(std::move(dict));
    }

    // After an item: a ',' (consumed) or the closing `close` (left): true; else false.
    bool comma_before(char close) {
        if (peek() == ',') {
            ++pos_;
            return true;
        }
        return peek() == close;
    }

    // signed_number [ ('+' | '-') imaginary ]: what ast.literal_eval accepts.
    Value number_expression() {
        bool neg = sign();
        Number a = number();
        char op = peek();
        if ((op == '+' || op == '-') && a.kind != Number::Imag) {
            ++pos_;
            Number b = number();
            if (b.kind != Number::Imag) error("only a real and an imaginary number can be added");
            double re = a.kind == Number::Int ? double(a.int_mag) : a.f;
            return Value(std::complex<double>(neg ? -re : re, op == '-' ? -b.f : b.f));
        }
        return signed_value(a, neg);
    }

    bool sign() {
        char c = peek();
        if (c != '+' && c != '-') return false;
        ++pos_;
        return c == '-';
    }

    Value signed_value(const Number& n, bool neg) {
        switch (n.kind) {
        case Number::Float: return Value(neg ? -n.f : n.f);
        case Number::Imag: return Value(std::complex<double>(0.0, neg ? -n.f : n.f));
        case Number::Int: break;
        }
        constexpr uint64_t kMinMag = uint64_t(1) << 63;  // |INT64_MIN|
        if (neg) {
            if (n.int_mag > kMinMag) error("integer is too small for int64");
            return Value(static_cast<int64_t>(0 - n.int_mag));  // wraps exactly to INT64_MIN
        }
        if (n.int_mag < kMinMag) return Value(static_cast<int64_t>(n.int_mag));
        return Value::of_int(DType::UInt64, static_cast<int64_t>(n.int_mag));
    }

    Number number() {
        skip_space();
        size_t start = pos_;
        while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_' ||
                                    s_[pos_] == '.' || exponent_sign(pos_)))
            ++pos_;
        std::string tok(s_.substr(start, pos_ - start));
        if (tok.empty()) error("expected a number");
        return classify(tok);
    }

    // A '+'/'-' right after the 'e' of a decimal exponent belongs to the number.
    bool exponent_sign(size_t i) {
        if (s_[i] != '+' && s_[i] != '-') return false;
        if (i == 0 || (s_[i - 1] != 'e' && s_[i - 1] != 'E')) return false;
        // ...unless the token is hexadecimal (0x1e+2 is 0x1e plus 2).
        size_t j = i;
        while (j > 0 && (std::isalnum(static_cast<unsigned char>(s_[j - 1])) || s_[j - 1] == '_' || s_[j - 1] == '.'))
            --j;
        return !(s_.size() > j + 1 && s_[j] == '0' && (s_[j + 1] == 'x' || s_[j + 1] == 'X'));
    }

    Number classify(std::string tok) {
        std::string lower;
        for (char c : tok) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower == "inf" || lower == "infinity") return {Number::Float, 0, std::numeric_limits<double>::infinity()};
        if (lower == "nan") return {Number::Float, 0, std::numeric_limits<double>::quiet_NaN()};
        bool imag = lower.back() == 'j';
        if (imag) lower.pop_back();
        std::string digits = strip_underscores(lower, tok);
        if (!imag && is_integer(digits)) return {Number::Int, integer(digits, tok), 0};
        double f = decimal_float(digits, tok);
        return {imag ? Number::Imag : Number::Float, 0, f};
    }

    // Python allows single underscores between digits only.
    std::string strip_underscores(const std::string& t, const std::string& tok) {
        std::string out;
        for (size_t i = 0; i < t.size(); ++i) {
            if (t[i] != '_') {
                out += t[i];
                continue;
            }
            bool ok = i > 0 && i + 1 < t.size() && std::isalnum(static_cast<unsigned char>(t[i - 1])) &&
                      std::isalnum(static_cast<unsigned char>(t[i + 1]));
            if (!ok) error("misplaced '_' in '" + tok + "'");
        }
        return out;
    }

    static bool is_integer(const std::string& d) {
        if (d.size() > 2 && d[0] == '0' && (d[1] == 'x' || d[1] == 'o' || d[1] == 'b')) return true;
        for (char c : d)
            if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        return !d.empty();
    }

    uint64_t integer(const std::string& d, const std::string& tok) {
        int base = 10;
        size_t skip = 0;
        if (d.size() > 2 && d[0] == '0' && !std::isdigit(static_cast<unsigned char>(d[1]))) {
            base = d[1] == 'x' ? 16 : d[1] == 'o' ? 8 : 2;
            skip = 2;
        } else if (d.size() > 1 && d[0] == '0' && d.find_first_not_of('0') != std::string::npos) {
            error("leading zeros in decimal integer literals are not permitted");
        }
        uint64_t v = 0;
        auto [ptr, ec] = std::from_chars(d.data() + skip, d.data() + d.size(), v, base);
        if (ec == std::errc::result_out_of_range) error("integer " + tok + " does not fit in 64 bits");
        if (ec != std::errc() || ptr != d.data() + d.size()) error("invalid number '" + tok + "'");
        return v;
    }

    double decimal_float(const std::string& d, const std::string& tok) {
        // Python's float syntax: digits with an optional '.', an optional exponent.
        size_t i = 0, mant = 0;
        while (i < d.size() && std::isdigit(static_cast<unsigned char>(d[i]))) ++i, ++mant;
        if (i < d.size() && d[i] == '.') {
            ++i;
            while (i < d.size() && std::isdigit(static_cast<unsigned char>(d[i]))) ++i, ++mant;
        }
        bool ok = mant > 0;
        if (ok && i < d.size() && d[i] == 'e') {
            ++i;
            if (i < d.size() && (d[i] == '+' || d[i] == '-')) ++i;
            size_t e0 = i;
            while (i < d.size() && std::isdigit(static_cast<unsigned char>(d[i]))) ++i;
            ok = i > e0;
        }
        if (!ok || i != d.size()) error("invalid number '" + tok + "'");
        double f = 0;
        auto [ptr, ec] = std::from_chars(d.data(), d.data() + d.size(), f);
        if (ec == std::errc::result_out_of_range)
            f = std::strtod(d.c_str(), nullptr);  // inf or 0, like Python
        else if (ec != std::errc() || ptr != d.data() + d.size())
            error("invalid number '" + tok + "'");
        return f;
    }
};

}  // namespace

Value parse_literal(std::string_view text) { return LiteralParser(text).parse(); }

bool is_npy_path(std::string_view arg) {
    constexpr std::string_view ext = ".npy";
    return arg.size() > ext.size() && arg.substr(arg.size() - ext.size()) == ext;
}

}  // namespace ujit::runtime
