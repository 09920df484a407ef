// Token streams for the tricky parts of Python's lexical rules.
#include "syntax_test_util.hpp"

#include <fmt/format.h>

using namespace ujit::syntax;
using namespace ujit::syntax::test;

namespace {

// Compact spelling of a token stream: names/keywords/operators as written, numbers with
// their value, strings quoted, and NL/IN/DE/EOF for the layout tokens.
std::string toks(const std::string& text) {
    SourceFile file("t.py", text);
    std::string out;
    for (const Token& t : tokenize(file)) {
        if (!out.empty()) out += ' ';
        switch (t.kind) {
        case Tok::Name:
        case Tok::Keyword:
        case Tok::Op: out += t.text; break;
        case Tok::Int: out += fmt::format("i{}", t.int_value); break;
        case Tok::Float: out += fmt::format("f{}", t.float_value); break;
        case Tok::Imag: out += fmt::format("j{}", t.float_value); break;
        case Tok::String: out += "'" + t.text + "'"; break;
        case Tok::Newline: out += "NL"; break;
        case Tok::Indent: out += "IN"; break;
        case Tok::Dedent: out += "DE"; break;
        case Tok::End: out += "EOF"; break;
        }
    }
    return out;
}

std::vector<Token> all(const std::string& text) {
    SourceFile file("t.py", text);
    return tokenize(file);
}

Error lex_error(const std::string& text) {
    try {
        SourceFile file("t.py", text);
        tokenize(file);
    } catch (const CompileError& e) {
        return {e.diagnostic().loc.line, e.diagnostic().loc.col, e.diagnostic().message};
    }
    FAIL("expected a lexer error for: " << text);
    return {};
}

}  // namespace

TEST_CASE("lexer: indentation makes INDENT and DEDENT", "[syntax]") {
    CHECK(toks("if x:\n    y\nz\n") == "if x : NL IN y NL DE z NL EOF");
    CHECK(toks("if x:\n  if y:\n    a\nb") == "if x : NL IN if y : NL IN a NL DE DE b NL EOF");
    // Blank lines and comment-only lines (at any indentation) do not count.
    CHECK(toks("if x:\n\n      # c\n  y  # d\n\n\n") == "if x : NL IN y NL DE EOF");
    // EOF closes the open line and every open block.
    CHECK(toks("def f():\n    if x:\n        y") == "def f ( ) : NL IN if x : NL IN y NL DE DE EOF");
    CHECK(toks("") == "EOF");
    CHECK(toks("\n\n# only a comment\n") == "EOF");
}

TEST_CASE("lexer: tabs advance to the next multiple of 8", "[syntax]") {
    CHECK(toks("if x:\n\ty\n\tz\n") == "if x : NL IN y NL z NL DE EOF");
    // Indentation whose meaning depends on the tab size is an error, as in CPython.
    for (const char* text : {"if x:\n\ty\n        z\n", "if x:\n        y\n    \tz\n"}) {
        Error e = lex_error(text);
        CHECK(e.line == 3);
        CHECK(e.message == "inconsistent use of tabs and spaces in indentation");
    }
}

TEST_CASE("lexer: inconsistent dedent", "[syntax]") {
    Error e = lex_error("if x:\n    a\n  b\n");
    CHECK(e.line == 3);
    CHECK(e.col == 3);
    CHECK(e.message == "unindent does not match any outer indentation level");
}

TEST_CASE("lexer: implicit and explicit line joining", "[syntax]") {
    CHECK(toks("x = (1,\n     2)\ny") == "x = ( i1 , i2 ) NL y NL EOF");
    CHECK(toks("f(a,\n\n  # comment\n b)\n") == "f ( a , b ) NL EOF");
    CHECK(toks("x = 1 + \\\n    2\n") == "x = i1 + i2 NL EOF");
    CHECK(toks("a[1,\n  2] = {\n}\n") == "a [ i1 , i2 ] = { } NL EOF");
    // The continuation line's whitespace is not indentation.
    CHECK(toks("if x:\n    y = \\\n1\n") == "if x : NL IN y = i1 NL DE EOF");
    Error e = lex_error("x = 1 \\ 2\n");
    CHECK(e.col == 7);
    CHECK(e.message == "unexpected character after line continuation character");
}

TEST_CASE("lexer: semicolons, CRLF line ends and a BOM", "[syntax]") {
    CHECK(toks("a = 1; b = 2;\n") == "a = i1 ; b = i2 ; NL EOF");
    CHECK(toks("if x:\r\n    y\r\n") == "if x : NL IN y NL DE EOF");
    CHECK(toks("\xEF\xBB\xBFx\n") == "x NL EOF");
}

TEST_CASE("lexer: keywords, names and operators", "[syntax]") {
    auto ts = all("not_a if_ None");
    CHECK(ts[0].kind == Tok::Name);
    CHECK(ts[1].kind == Tok::Name);
    CHECK(ts[2].kind == Tok::Keyword);
    CHECK(toks("a**=b//=c>>=d<<=e->f:=g") == "a **= b //= c >>= d <<= e -> f := g NL EOF");
    CHECK(toks("a<=b>=c==d!=e<f>g") == "a <= b >= c == d != e < f > g NL EOF");
    CHECK(toks("x+=1;x-=1;x*=1;x/=1;x%=1;x&=1;x|=1;x^=1;x@=1") ==
          "x += i1 ; x -= i1 ; x *= i1 ; x /= i1 ; x %= i1 ; x &= i1 ; x |= i1 ; x ^= i1 ; x @= i1 NL EOF");
}

TEST_CASE("lexer: integer literals", "[syntax]") {
    CHECK(toks("0 7 1_000_000 0x_Ff 0XFF 0o17 0O7 0b1010 0B1_1 00 0_0") ==
          "i0 i7 i1000000 i255 i255 i15 i7 i10 i3 i0 i0 NL EOF");
    CHECK(toks("18446744073709551615") == "i18446744073709551615 NL EOF");
    CHECK(toks("0xFFFFFFFFFFFFFFFF") == "i18446744073709551615 NL EOF");
    for (const char* big : {"18446744073709551616", "0x10000000000000000", "99999999999999999999999",
                            "0b11111111111111111111111111111111111111111111111111111111111111111"}) {
        Error e = lex_error(std::string("x = ") + big);
        CHECK(e.col == 5);
        CHECK(e.message == "integer literal too large");
    }
}

TEST_CASE("lexer: float and imaginary literals", "[syntax]") {
    CHECK(toks("1.5 1. .5 1e3 1E-3 2.5e+2 1_0.2_5 0.0 00.5 1e0") ==
          "f1.5 f1 f0.5 f1000 f0.001 f250 f10.25 f0 f0.5 f1 NL EOF");
    CHECK(toks("2j 1.5J .5j 1e2j 09j") == "j2 j1.5 j0.5 j100 j9 NL EOF");
    auto ts = all("x.real");
    CHECK(ts[1].is_op("."));
    CHECK(lex_error("1.real").message == "invalid decimal literal");  // as in Python
}

TEST_CASE("lexer: malformed numbers", "[syntax]") {
    struct Case {
        const char* text;
        uint32_t col;
        const char* message;
    } cases[] = {
        {"x = 0777", 5, "leading zeros in decimal integer literals are not permitted"},
        {"x = 1__0", 6, "invalid decimal literal"},
        {"x = 1_", 6, "invalid decimal literal"},
        {"x = 0x", 7, "invalid hexadecimal literal"},
        {"x = 0o8", 7, "invalid digit '8' in octal literal"},
        {"x = 0b102", 9, "invalid digit '2' in binary literal"},
        {"x = 12abc", 7, "invalid decimal literal"},
        {"x = 0xfg", 8, "invalid hexadecimal literal"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        Error e = lex_error(c.text);
        CHECK(e.line == 1);
        CHECK(e.col == c.col);
        CHECK_THAT(e.message, Catch::Contains(c.message));
    }
}

TEST_CASE("lexer: string literals", "[syntax]") {
    CHECK(toks(R"(a = 'x' "y" '' "")") == "a = 'x' 'y' '' '' NL EOF");
    CHECK(all(R"('a\nb\t\\\'\"\x41\101\u00e9\U0001F600')")[0].text == "a\nb\t\\'\"AA\xC3\xA9\xF0\x9F\x98\x80");
    CHECK(all(R"('\q')")[0].text == "\\q");  // unknown escapes keep the backslash
    CHECK(all(R"(r'\n\'' R"\d")")[0].text == "\\n\\'");
    CHECK(all(R"(r'\n\'' R"\d")")[1].text == "\\d");
    CHECK(all("'''a\n'b'\n\"\"\"'''")[0].text == "a\n'b'\n\"\"\"");
    CHECK(all("\"\"\"x\\\ny\"\"\"")[0].text == "xy");  // backslash-newline vanishes
    CHECK(all("u'z'")[0].text == "z");
    CHECK(all("'caf\xC3\xA9'")[0].text == "caf\xC3\xA9");
    auto ts = all("x = 'a'\ny = '''\n\n'''\nz");
    CHECK(ts[4].kind == Tok::Name);
    CHECK(ts[4].loc.line == 2);
    CHECK(ts[8].loc.line == 5);  // triple-quoted newlines still count lines
}

TEST_CASE("lexer: string errors", "[syntax]") {
    struct Case {
        std::string text;
        uint32_t line, col;
        const char* message;
    } cases[] = {
        {"x = 'abc\n", 1, 5, "unterminated string literal (detected at line 1)"},
        {"x = 'abc", 1, 5, "unterminated string literal (detected at line 1)"},
        {"x = \"\"\"abc\n\ny", 1, 5, "unterminated triple-quoted string literal (detected at line 3)"},
        {"x = '\\x4'", 1, 6, "truncated \\x escape in string literal"},
        {"x = '\\N{DASH}'", 1, 6, "\\N{...} escapes are not supported by ujit"},
        {"x = 'a\xFF"
         "b'",
         1, 7, "invalid character: byte 0xFF is not valid UTF-8"},
        {std::string("x = 'a\0b'", 9), 1, 7, "invalid character U+0000"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        Error e = lex_error(c.text);
        CHECK(e.line == c.line);
        CHECK(e.col == c.col);
        CHECK_THAT(e.message, Catch::StartsWith(c.message));
    }
}

TEST_CASE("lexer: invalid characters point at their column", "[syntax]") {
    struct Case {
        std::string text;
        uint32_t col;
        const char* message;
    } cases[] = {
        {"x = $", 5, "invalid character '$' (U+0024)"},
        {"x = a ? b", 7, "invalid character '?' (U+003F)"},
        {"x = `a`", 5, "invalid character '`' (U+0060)"},
        {"a ! b", 3, "invalid character '!' (U+0021)"},
        {std::string("x = 1\0", 6), 6, "invalid character U+0000 (source code cannot contain null bytes)"},
        {"x = \x01", 5, "invalid character U+0001"},
        {"x = \xC3\xA9", 5, "invalid character '\xC3\xA9' (U+00E9)"},
        {"x = \xFF", 5, "invalid character: byte 0xFF is not valid UTF-8"},
        {"x = \xC3(", 5, "invalid character: byte 0xC3 is not valid UTF-8"},
        {"x = \xC0\x80", 5, "invalid character: byte 0xC0 is not valid UTF-8"},  // overlong NUL
        {"ab\xE2\x80\x8B = 1", 3, "invalid character '\xE2\x80\x8B' (U+200B)"},  // zero-width space
        {"# ok\n# \xFF bad", 3, "invalid character: byte 0xFF is not valid UTF-8"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        Error e = lex_error(c.text);
        CHECK(e.col == c.col);
        CHECK(e.message == c.message);
    }
}

TEST_CASE("lexer: brackets", "[syntax]") {
    Error e = lex_error("x = (1,\n  [2,\n  3]\n");
    CHECK(e.line == 1);
    CHECK(e.col == 5);
    CHECK(e.message == "'(' was never closed");
    e = lex_error("x = (1]");
    CHECK(e.col == 7);
    CHECK(e.message == "closing parenthesis ']' does not match opening parenthesis '('");
    e = lex_error("x = (1,\n2]");
    CHECK(e.message == "closing parenthesis ']' does not match opening parenthesis '(' on line 1");
    e = lex_error("x = 1)");
    CHECK(e.col == 6);
    CHECK(e.message == "unmatched ')'");
}

TEST_CASE("lexer: every token has a 1-based line and column", "[syntax]") {
    auto ts = all("def f(a):\n    return a  + 10\n");
    struct Want {
        const char* text;
        uint32_t line, col;
    } want[] = {{"def", 1, 1},    {"f", 1, 5},  {"(", 1, 6},  {"a", 1, 7},
                {")", 1, 8},      {":", 1, 9},  {"", 1, 10},  // NEWLINE at the line's end
                {"", 2, 5},   // INDENT at the first token
                {"return", 2, 5}, {"a", 2, 12}, {"+", 2, 15}, {"10", 2, 17}};
    for (size_t i = 0; i < std::size(want); ++i) {
        INFO(i);
        CHECK(ts[i].text == want[i].text);
        CHECK(ts[i].loc.line == want[i].line);
        CHECK(ts[i].loc.col == want[i].col);
    }
}

// What ujit does not compile, f-strings that Numba refuses and bytes, is lexed (so that host
// code holding it can be skipped) and marked; the parser rejects it where it is used
// (tests/unit/syntax/host_code_test.cpp).
TEST_CASE("lexer: unsupported f-strings and bytes are marked, not lexing errors", "[syntax]") {
    auto ts = all("x = f'{a:>3}' f'{a!r}\\N{DASH}' f'\\N{DASH}{a}' b'a' Rb'a' 'ok' f'''{a}'''");
    REQUIRE(ts.size() >= 10);
    CHECK(ts[2].unsupported == std::string("f-strings with a format spec are"));
    CHECK(ts[2].loc.col == 5);
    CHECK(ts[3].unsupported == std::string("f-strings with a conversion (!r, !s, !a) are"));
    CHECK(ts[4].unsupported == std::string("\\N{...} escapes in f-strings are"));
    CHECK(ts[5].unsupported == std::string("bytes literals are"));
    CHECK(ts[6].unsupported == std::string("bytes literals are"));
    CHECK(ts[7].unsupported == nullptr);
    CHECK(ts[8].unsupported == std::string("triple-quoted f-strings are"));
}

// An f-string Numba compiles is a marker followed by the tokens of its concatenation, each
// expression's tokens at their own place (lex_fstring.cpp).
TEST_CASE("lexer: an f-string is the concatenation of its parts", "[syntax]") {
    auto ts = all("f'a{x + 1}{{\\n'");
    std::vector<std::string> texts;
    for (const Token& t : ts) texts.push_back(t.text);
    CHECK(ts[0].fstring);
    CHECK(texts ==
          std::vector<std::string>{"", "(", "a", "+", "str", "(", "x", "+", "1", ")", "+", "{\n", ")", "", ""});
    CHECK(ts[6].loc.col == 5);  // x
    CHECK(ts[8].kind == Tok::Int);
}
