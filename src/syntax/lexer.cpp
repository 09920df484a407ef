#include "syntax/lexer.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

namespace ujit::syntax {

namespace {

constexpr std::array<std::string_view, 35> kKeywords = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

bool is_keyword(std::string_view s) { return std::find(kKeywords.begin(), kKeywords.end(), s) != kKeywords.end(); }

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }

// Decodes one UTF-8 sequence at s[pos]; returns its length, or 0 if it is not valid UTF-8.
size_t utf8_length(std::string_view s, size_t pos, uint32_t* cp) {
    auto b = static_cast<unsigned char>(s[pos]);
    size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (len == 0 || pos + len > s.size()) return 0;
    uint32_t v = len == 1 ? b : len == 2 ? (b & 0x1f) : len == 3 ? (b & 0x0f) : (b & 0x07);
    for (size_t i = 1; i < len; ++i) {
        auto c = static_cast<unsigned char>(s[pos + i]);
        if ((c >> 6) != 2) return 0;
        v = (v << 6) | (c & 0x3f);
    }
    static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < kMin[len] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;  // overlong, surrogate
    *cp = v;
    return len;
}

// Longest match first.
constexpr std::array<std::string_view, 24> kMultiOps = {"**=", "//=", ">>=", "<<=", "...", "->", ":=", "**",
                                                        "//",  "<<",  ">>",  "<=",  ">=",  "==", "!=", "+=",
                                                        "-=",  "*=",  "/=",  "%=",  "&=",  "|=", "^=", "@="};
constexpr std::string_view kSingleOps = "+-*/%@&|^~<>()[]{},:.;=";

char closer_of(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

}  // namespace

std::string describe(const Token& t) {
    switch (t.kind) {
    case Tok::Name: return fmt::format("name '{}'", t.text);
    case Tok::Keyword: return fmt::format("'{}'", t.text);
    case Tok::Int:
    case Tok::Float:
    case Tok::Imag: return fmt::format("number '{}'", t.text);
    case Tok::String: return "string literal";
    case Tok::Op: return fmt::format("'{}'", t.text);
    case Tok::Newline: return "end of line";
    case Tok::Indent: return "indent";
    case Tok::Dedent: return "dedent";
    case Tok::End: return "end of file";
    }
    return "token";
}

Lexer::Lexer(const SourceFile& file) : file_(file), src_(file.text()) {
    if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_start_ = 3;  // UTF-8 byte order mark
}

SourceLoc Lexer::here() const { return {line_, static_cast<uint32_t>(pos_ - line_start_ + 1)}; }

char Lexer::peek(size_t ahead) const { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }

bool Lexer::at_newline() const { return peek() == '\n' || (peek() == '\r' && peek(1) == '\n'); }

void Lexer::consume_newline() {
    if (peek() == '\r') ++pos_;
    ++pos_;
    newline_consumed();
}

void Lexer::newline_consumed() {
    ++line_;
    line_start_ = pos_;
}

Token Lexer::make(Tok kind, SourceLoc loc, std::string text) {
    Token t;
    t.kind = kind;
    t.loc = loc;
    t.text = std::move(text);
    if (kind != Tok::Newline && kind != Tok::Indent && kind != Tok::Dedent && kind != Tok::End) line_has_tokens_ = true;
    return t;
}

void Lexer::fail_invalid_char() {
    SourceLoc loc = here();
    auto b = static_cast<unsigned char>(src_[pos_]);
    if (b == 0) fail(loc, "invalid character U+0000 (source code cannot contain null bytes)");
    uint32_t cp = 0;
    size_t len = utf8_length(src_, pos_, &cp);
    if (len == 0) fail(loc, fmt::format("invalid character: byte 0x{:02X} is not valid UTF-8", b));
    if (cp < 0x20 || cp == 0x7f) fail(loc, fmt::format("invalid character U+{:04X}", cp));
    fail(loc, fmt::format("invalid character '{}' (U+{:04X})", src_.substr(pos_, len), cp));
}

// Comments and string contents may hold any valid UTF-8, but no NUL and no broken sequences.
void Lexer::skip_string_char() {
    uint32_t cp = 0;
    size_t len = src_[pos_] == '\0' ? 0 : utf8_length(src_, pos_, &cp);
    if (len == 0) fail_invalid_char();
    pos_ += len;
}

void Lexer::skip_comment() {
    while (pos_ < src_.size() && !at_newline()) skip_string_char();
}

// At the start of a physical line outside brackets: skips blank and comment-only lines,
// then turns the indentation of the next real line into INDENT/DEDENT tokens.
bool Lexer::read_indentation() {
    for (;;) {
        int col = 0, alt = 0;
        for (; pos_ < src_.size(); ++pos_) {
            char c = src_[pos_];
            if (c == ' ') {
                ++col, ++alt;
            } else if (c == '\t') {
                col = (col / 8 + 1) * 8, ++alt;
            } else if (c == '\f') {
                col = alt = 0;
            } else {
                break;
            }
        }
        if (pos_ >= src_.size()) return false;
        if (peek() == '#') skip_comment();
        if (at_newline()) {
            consume_newline();
            continue;
        }
        if (pos_ >= src_.size()) return false;

        SourceLoc loc = here();
        const char* mixed = "inconsistent use of tabs and spaces in indentation";
        if (col > indents_.back()) {
            if (alt <= alt_indents_.back()) fail(loc, mixed);
            if (indents_.size() > static_cast<size_t>(kMaxNesting))
                fail(loc, fmt::format("blocks nested too deeply (limit {})", kMaxNesting));
            indents_.push_back(col);
            alt_indents_.push_back(alt);
            pending_.push_back(make(Tok::Indent, loc));
        } else {
            while (col < indents_.back()) {
                indents_.pop_back();
                alt_indents_.pop_back();
                pending_.push_back(make(Tok::Dedent, loc));
            }
            if (col != indents_.back()) fail(loc, "unindent does not match any outer indentation level");
            if (alt != alt_indents_.back()) fail(loc, mixed);
        }
        return true;
    }
}

Token Lexer::finish_file() {
    if (!brackets_.empty()) {
        const Bracket& b = brackets_.back();
        fail(b.loc, fmt::format("'{}' was never closed", b.open));
    }
    SourceLoc loc = here();
    if (line_has_tokens_) {
        pending_.push_back(make(Tok::Newline, loc));
        line_has_tokens_ = false;
    }
    for (size_t i = 1; i < indents_.size(); ++i) pending_.push_back(make(Tok::Dedent, loc));
    indents_.resize(1);
    alt_indents_.resize(1);
    pending_.push_back(make(Tok::End, loc));
    done_ = true;
    Token t = pending_.front();
    pending_.pop_front();
    return t;
}

Token Lexer::next() {
    for (;;) {
        if (!pending_.empty()) {
            Token t = std::move(pending_.front());
            pending_.pop_front();
            return t;
        }
        if (done_) return make(Tok::End, here());
        if (at_line_start_ && brackets_.empty()) {
            at_line_start_ = false;
            if (!read_indentation()) return finish_file();
            continue;
        }
        if (pos_ >= src_.size()) return finish_file();
        char c = peek();
        if (c == ' ' || c == '\t' || c == '\f' || (c == '\r' && peek(1) != '\n')) {
            ++pos_;
            continue;
        }
        if (c == '#') {
            skip_comment();
            continue;
        }
        if (at_newline()) {
            SourceLoc loc = here();
            consume_newline();
            if (!brackets_.empty()) continue;  // implicit line joining
            at_line_start_ = true;
            if (!line_has_tokens_) continue;
            line_has_tokens_ = false;
            return make(Tok::Newline, loc);
        }
        if (c == '\\') {
            SourceLoc loc = here();
            ++pos_;
            if (at_newline()) {
                consume_newline();
                continue;
            }
            if (pos_ >= src_.size()) fail(loc, "unexpected end of file after line continuation character");
            fail(loc, "unexpected character after line continuation character");
        }
        if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return lex_number();
        if (is_ident_start(c)) return lex_name();
        if (c == '\'' || c == '"') return lex_string(here(), "");
        return lex_operator();
    }
}

Token Lexer::lex_name() {
    SourceLoc loc = here();
    size_t start = pos_;
    while (pos_ < src_.size() && is_ident_char(src_[pos_])) ++pos_;
    std::string text(src_.substr(start, pos_ - start));
    if (peek() == '\'' || peek() == '"') {
        std::string lower = text;
        for (char& ch : lower) ch = static_cast<char>(ch | 0x20);
        static constexpr std::array<std::string_view, 8> kPrefixes = {"r", "u", "b", "br", "rb", "f", "fr", "rf"};
        if (std::find(kPrefixes.begin(), kPrefixes.end(), lower) != kPrefixes.end()) return lex_string(loc, lower);
    }
    if (pos_ < src_.size() && static_cast<unsigned char>(src_[pos_]) >= 0x80) fail_invalid_char();
    Tok kind = is_keyword(text) ? Tok::Keyword : Tok::Name;  // before text is moved from
    return make(kind, loc, std::move(text));
}

Token Lexer::lex_operator() {
    SourceLoc loc = here();
    std::string_view rest = src_.substr(pos_);
    for (std::string_view op : kMultiOps) {
        if (rest.substr(0, op.size()) == op) {
            pos_ += op.size();
            return make(Tok::Op, loc, std::string(op));
        }
    }
    char c = rest[0];
    if (kSingleOps.find(c) == std::string_view::npos || c == '\0') fail_invalid_char();
    if (c == '(' || c == '[' || c == '{') {
        if (brackets_.size() >= static_cast<size_t>(kMaxNesting))
            fail(loc, fmt::format("too many nested parentheses (limit {})", kMaxNesting));
        brackets_.push_back({c, loc});
    } else if (c == ')' || c == ']' || c == '}') {
        if (brackets_.empty()) fail(loc, fmt::format("unmatched '{}'", c));
        Bracket open = brackets_.back();
        if (closer_of(open.open) != c) {
            std::string where = open.loc.line != loc.line ? fmt::format(" on line {}", open.loc.line) : "";
            fail(loc, fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}'{}", c, open.open,
                                  where));
        }
        brackets_.pop_back();
    }
    ++pos_;
    return make(Tok::Op, loc, std::string(1, c));
}

std::vector<Token> tokenize(const SourceFile& file) {
    Lexer lexer(file);
    std::vector<Token> out;
    do {
        out.push_back(lexer.next());
    } while (out.back().kind != Tok::End);
    return out;
}

}  // namespace ujit::syntax
