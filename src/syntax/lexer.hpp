// Tokens of Python source, produced on demand (the parser pulls them one by one so that a
// 10 MB module never exists as a token vector). Follows CPython's tokenizer: INDENT/DEDENT
// from leading whitespace (tabs to the next multiple of 8), implicit line joining inside
// brackets, explicit joining with a backslash, NEWLINE only at the end of a logical line.
#pragma once

#include "syntax/source.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace ujit::syntax {

enum class Tok { Name, Keyword, Int, Float, Imag, String, Op, Newline, Indent, Dedent, End };

struct Token {
    Tok kind = Tok::End;
    SourceLoc loc;
    // Name/Keyword: the identifier; Op: the operator spelling; String: the decoded value;
    // numbers: the source spelling.
    std::string text;
    uint64_t int_value = 0;  // Int
    double float_value = 0;  // Float, Imag
    // String: set for literals outside ujit's language (f-strings, bytes), "f-strings are";
    // the parser rejects them where it meets them, so that host code holding them can be
    // skipped instead of stopping the lexer.
    const char* unsupported = nullptr;
    // String: an f-string's marker (text empty); the tokens of its value follow as
    // `( "lit" + str(expr) + ... )` (lex_fstring.cpp).
    bool fstring = false;

    bool is_op(std::string_view op) const { return kind == Tok::Op && text == op; }
    bool is_keyword(std::string_view kw) const { return kind == Tok::Keyword && text == kw; }
};

// "name 'x'", "'+='", "newline", ...: how an error message names a token.
std::string describe(const Token& t);

class Lexer {
public:
    explicit Lexer(const SourceFile& file);

    // The next token; after End, keeps returning End. Throws CompileError on bad input.
    Token next();

private:
    struct Bracket {
        char open;
        SourceLoc loc;
    };

    SourceLoc here() const;
    char peek(size_t ahead = 0) const;
    void newline_consumed();  // after consuming '\n': bump the line
    bool at_newline() const;  // '\n' or "\r\n"
    void consume_newline();

    bool read_indentation();  // false: no logical line left (EOF)
    void skip_comment();
    void skip_string_char();  // one UTF-8 character of a comment or string
    Token make(Tok kind, SourceLoc loc, std::string text = {});
    Token finish_file();
    Token lex_name();
    Token lex_number();
    Token lex_string(SourceLoc start, std::string_view prefix);
    Token lex_fstring(SourceLoc start, bool raw);
    Token lex_operator();
    void decode_escape(std::string& out);
    [[noreturn]] void fail_invalid_char();

    const SourceFile& file_;
    std::string_view src_;
    size_t pos_ = 0;
    uint32_t line_ = 1;
    size_t line_start_ = 0;
    bool at_line_start_ = true;
    bool line_has_tokens_ = false;  // a logical line is open: EOF must close it with NEWLINE
    bool done_ = false;
    std::vector<int> indents_{0};
    std::vector<int> alt_indents_{0};  // the same with tabs as 1 column: catches mixed tabs/spaces
    std::vector<Bracket> brackets_;
    std::deque<Token> pending_;  // INDENT/DEDENTs waiting to be returned
};

// Every token of `file` up to and including End (for tests and debugging).
std::vector<Token> tokenize(const SourceFile& file);

}  // namespace ujit::syntax
