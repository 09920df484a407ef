// f-strings, as Numba compiles them (its docs: "f-strings without format specs that only use
// string and integer variables"): f"a{x}b" becomes the tokens of ("a" + str(x) + "b"),
// behind a String token marked `fstring` that the parser reads as one string operand, so that
// adjacent literals still concatenate ("x" f"{y}"). Expressions are lexed in place, their
// tokens keeping their own locations. What Numba does not compile (a conversion !r, a format
// spec :.3f, the debugging x=, triple quotes) is left to the parser to refuse where it meets
// it, so that host code holding such f-strings still lexes.
#include "syntax/diagnostics.hpp"
#include "syntax/lexer.hpp"

#include <fmt/format.h>

namespace ujit::syntax {

Token Lexer::lex_fstring(SourceLoc start, bool raw) {
    const char quote = peek();
    ++pos_;
    const size_t outer_brackets = brackets_.size();
    std::vector<Token> out;  // after the marker: ( part + part ... )
    out.push_back(make(Tok::Op, start, "("));
    size_t n_parts = 0;
    std::string lit;
    auto add_part = [&](std::vector<Token> part) {
        if (n_parts++) out.push_back(make(Tok::Op, part.front().loc, "+"));
        for (Token& t : part) out.push_back(std::move(t));
    };
    auto flush = [&](SourceLoc loc) {
        if (!lit.empty()) add_part({make(Tok::String, loc, std::move(lit))});
        lit.clear();
    };
    auto unterminated = [&] { fail(start, fmt::format("unterminated string literal (detected at line {})", line_)); };
    // Outside what Numba compiles: skip to the closing quote and leave it to the parser.
    auto refuse = [&](const char* what) {
        brackets_.resize(outer_brackets);
        pending_.clear();
        while (pos_ < src_.size() && !at_newline() && src_[pos_] != quote) pos_ += src_[pos_] == '\\' ? 2 : 1;
        if (pos_ >= src_.size() || at_newline()) unterminated();
        ++pos_;
        Token t = make(Tok::String, start);
        t.unsupported = what;
        return t;
    };
    for (;;) {
        if (pos_ >= src_.size() || at_newline()) unterminated();
        char c = src_[pos_];
        SourceLoc at = here();
        if (c == quote) {
            ++pos_;
            break;
        }
        if ((c == '{' || c == '}') && peek(1) == c) {
            lit += c;
            pos_ += 2;
        } else if (c == '}') {
            fail(at, "f-string: single '}' is not allowed");
        } else if (c == '{') {
            flush(at);
            ++pos_;
            brackets_.push_back({'{', at});
            std::vector<Token> part{make(Tok::Name, at, "str"), make(Tok::Op, at, "(")};
            size_t first = part.size();
            for (;;) {
                if (pending_.empty()) {
                    while (pos_ < src_.size() && (src_[pos_] == ' ' || src_[pos_] == '\t')) ++pos_;
                    if (pos_ >= src_.size() || at_newline() || src_[pos_] == quote) unterminated();
                    char d = src_[pos_];
                    if (brackets_.size() == outer_brackets + 1) {  // the expression's own level
                        if (d == '}') break;
                        if (d == '!' && peek(1) != '=') return refuse("f-strings with a conversion (!r, !s, !a) are");
                        if (d == ':') return refuse("f-strings with a format spec are");
                    }
                }
                Token t = next();
                if (t.is_op("=") && brackets_.size() == outer_brackets + 1)
                    return refuse("f-strings with the debugging specifier '=' are");
                part.push_back(std::move(t));
            }
            ++pos_;  // '}'
            brackets_.pop_back();
            if (part.size() == first) fail(at, "f-string: empty expression not allowed");
            part.push_back(make(Tok::Op, here(), ")"));
            add_part(std::move(part));
        } else if (c == '\\' && !raw) {
            if (peek(1) == 'N') return refuse("\\N{...} escapes in f-strings are");
            decode_escape(lit);
        } else if (c == '\\') {
            lit += c;
            ++pos_;
            if (pos_ < src_.size() && (src_[pos_] == quote || src_[pos_] == '\\')) lit += src_[pos_++];
        } else if (static_cast<unsigned char>(c) < 0x80 && c != '\0') {
            lit += c;
            ++pos_;
        } else {
            size_t before = pos_;
            skip_string_char();
            lit.append(src_.substr(before, pos_ - before));
        }
    }
    flush(start);
    if (n_parts == 0) out.push_back(make(Tok::String, start));  // f"": the empty string
    out.push_back(make(Tok::Op, start, ")"));
    for (Token& t : out) pending_.push_back(std::move(t));
    Token marker = make(Tok::String, start);
    marker.fstring = true;
    return marker;
}

}  // namespace ujit::syntax
