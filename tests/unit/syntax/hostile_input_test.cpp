// Hostile input for the lexer and parser: trees taller than kMaxExprHeight built without
// recursion (operator chains, attribute/call/subscript chains), huge flat input, bytes that
// are not Python source. Each must end in one located error, or parse; never a crash.
// The big inputs are generated here rather than committed.
#include "syntax_test_util.hpp"

#include <string>

using namespace ujit::syntax;
using namespace ujit::syntax::test;

namespace {

const std::string kTooDeep = "expression nested too deeply (limit " + std::to_string(kMaxExprHeight) + ")";

// "x = a OP a OP ... OP a" with `ops` operators, in a def (at the top level, a statement
// ujit cannot parse is host code, skipped: tests/unit/syntax/host_code_test.cpp).
std::string chain(int ops, const std::string& op) {
    std::string s = "def f(a):\n    x = a";
    for (int i = 0; i < ops; ++i) s += " " + op + " a";
    return s + "\n";
}

}  // namespace

TEST_CASE("hostile: a left-deep operator chain is limited by its height, at the operator", "[syntax][hostile]") {
    CHECK_NOTHROW(parse(chain(kMaxExprHeight - 1, "+")));
    Error e = error_of(chain(kMaxExprHeight, "+"));
    CHECK(e.message == kTooDeep);
    CHECK(e.line == 2);
    // "    x = a" then " + a" per operator: the operator that crosses the limit is the last.
    CHECK(e.col == 9 + 4 * (kMaxExprHeight - 1) + 2);
    CHECK(error_of(chain(kMaxExprHeight, "*")).message == kTooDeep);
    CHECK(error_of(chain(kMaxExprHeight, "<<")).message == kTooDeep);
}

TEST_CASE("hostile: the 800 KB sum is refused cleanly and the parser is usable afterwards", "[syntax][hostile]") {
    std::string big = "def f(x):\n    return x";
    while (big.size() < 800 * 1024) big += " + x";
    Error e = error_of(big + "\n");
    CHECK(e.message == kTooDeep);
    CHECK(e.line == 2);
    CHECK(dump("y = 1 + 2\n") == "(= y (+ 1 2))");
}

TEST_CASE("hostile: postfix chains count one level per '.', '(' or '['", "[syntax][hostile]") {
    auto postfix = [](int n, const std::string& part) {
        std::string s = "x = a";
        for (int i = 0; i < n; ++i) s += part;
        return s + "\n";
    };
    for (const std::string part : {".b", "()", "[0]"}) {
        CAPTURE(part);
        CHECK_NOTHROW(parse(postfix(kMaxExprHeight - 1, part)));
        Error e = error_of(postfix(kMaxExprHeight, part));
        CHECK(e.message == kTooDeep);
        CHECK(e.col == 6 + part.size() * (kMaxExprHeight - 1));
    }
}

TEST_CASE("hostile: heights add up across brackets, not only within one chain", "[syntax][hostile]") {
    // ((a + ... + a) + ... + a) + ... + a: each level a chain of 60 operators around the
    // previous one. Recursion stays shallow while the tree grows 60 levels per bracket.
    std::string e = "a";
    int levels = 0;
    while (60 * levels <= kMaxExprHeight) {
        e = "(" + e + ")";
        for (int i = 0; i < 60; ++i) e += " + a";
        ++levels;
    }
    CHECK(error_of("x = " + e + "\n").message == kTooDeep);
}

TEST_CASE("hostile: wide but shallow input parses", "[syntax][hostile]") {
    // Long tuples, argument lists, comparison and boolean chains are one level each.
    std::string tuple = "x = (a", call = "x = f(a", cmp = "x = a", boolop = "x = a";
    for (int i = 0; i < 20000; ++i) {
        tuple += ", a";
        call += ", a";
        cmp += " < a";
        boolop += " and a";
    }
    CHECK_NOTHROW(parse(tuple + ")\n"));
    CHECK_NOTHROW(parse(call + ")\n"));
    CHECK_NOTHROW(parse(cmp + "\n"));
    CHECK_NOTHROW(parse(boolop + "\n"));
    // Up to kMaxParameters parameters, and thousands of locals.
    std::string fn = "def f(p0";
    for (int i = 1; i < kMaxParameters; ++i) fn += ", p" + std::to_string(i);
    fn += "):\n";
    for (int i = 0; i < 5000; ++i)
        fn += "    v" + std::to_string(i) + " = p" + std::to_string(i % kMaxParameters) + "\n";
    CHECK_NOTHROW(parse(fn + "    return v0\n"));
    // A long elif chain is iterative, not nesting.
    std::string elifs = "def f(x):\n    if x == 0:\n        return 0\n";
    for (int i = 1; i < 5000; ++i) elifs += "    elif x == " + std::to_string(i) + ":\n        return 1\n";
    CHECK_NOTHROW(parse(elifs));
}

TEST_CASE("hostile: more than kMaxParameters parameters is an error at the first one too many", "[syntax][hostile]") {
    std::string fn = "def f(p0";
    for (int i = 1; i <= kMaxParameters; ++i) fn += ", p" + std::to_string(i);
    Error e = error_of(fn + "):\n    return p0\n");
    CHECK(e.message == "too many parameters (limit " + std::to_string(kMaxParameters) + ")");
    CHECK(e.col == fn.rfind(" p") + 2);
}

TEST_CASE("hostile: bytes that are not source are located errors", "[syntax][hostile]") {
    Error nul = error_of(std::string("x = 1\0 + 2\n", 11));
    CHECK(nul.line == 1);
    CHECK(nul.col == 6);
    CHECK(nul.message.find("null bytes") != std::string::npos);
    Error utf8 = error_of("x = \xff\xfe\n");
    CHECK(utf8.col == 5);
    CHECK(utf8.message.find("not valid UTF-8") != std::string::npos);
    // Truncated and overlong UTF-8 sequences, and a lone continuation byte.
    for (const char* bad : {"x = \xe2\x82\n", "x = \xc0\xaf\n", "x = \x80\n", "x = \xed\xa0\x80\n"}) {
        CAPTURE(bad);
        CHECK(error_of(bad).col == 5);
    }
    CHECK(error_of("x = 1" + std::string(100000, '0') + "\n").message == "integer literal too large");
    // A huge float literal is inf, as in Python; a long line is just long.
    CHECK_NOTHROW(parse("x = 1" + std::string(100000, '0') + ".0\n"));
    CHECK_NOTHROW(parse("x = '" + std::string(1 << 20, 'a') + "'\n"));
    CHECK(error_of("x = '" + std::string(1 << 20, 'a') + "\n").line == 1);  // unterminated
}
