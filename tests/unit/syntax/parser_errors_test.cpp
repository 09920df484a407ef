// Every error the parser reports, with its line, column and exact message: one row per
// distinct failure in parse_stmt.cpp and parse_expr.cpp. Messages follow CPython's where
// CPython has one; constructs outside ujit's subset are named "... not supported by ujit".
// (The lexer's errors are in lexer_test.cpp.)
#include "syntax_test_util.hpp"

#include <string>

using namespace ujit::syntax;
using namespace ujit::syntax::test;

namespace {

struct Case {
    const char* source;
    uint32_t line, col;
    const char* message;
};

// Each case is an error, or (valid Python outside ujit's language) a top-level statement
// skipped as host code with that message at that place (host_code_test.cpp).
void check_errors(const std::initializer_list<Case>& cases) {
    for (const Case& c : cases) {
        INFO("source:\n" << c.source);
        Error e;
        try {
            auto m = parse(c.source);
            REQUIRE(m->skipped().size() == 1);
            const auto& s = m->skipped()[0];
            e = {s.at.line, s.at.col, s.reason};
        } catch (const ujit::syntax::CompileError& ce) {
            e = {ce.diagnostic().loc.line, ce.diagnostic().loc.col, ce.diagnostic().message};
        }
        CHECK(e.message == c.message);
        CHECK(e.line == c.line);
        CHECK(e.col == c.col);
    }
}

}  // namespace

TEST_CASE("parser errors: unexpected tokens and missing punctuation", "[syntax][parser]") {
    check_errors({
        {"x = 1\n    y = 2\n", 2, 5, "unexpected indent"},
        {"x = 1 2\n", 1, 7, "invalid syntax: unexpected number '2'"},
        {"x y\n", 1, 3, "invalid syntax: unexpected name 'y'"},
        {"else:\n    pass\n", 1, 1, "invalid syntax: unexpected 'else'"},
        {"elif x:\n    pass\n", 1, 1, "invalid syntax: unexpected 'elif'"},
        {"x = 1; if y: pass\n", 1, 8, "invalid syntax: unexpected 'if'"},
        {"x = 1; def f(): pass\n", 1, 8, "invalid syntax: unexpected 'def'"},
        {"x = (1, 2\n", 1, 5, "'(' was never closed"},
        {"f(a b)\n", 1, 5, "expected ')', found name 'b'"},
        {"a[1 2]\n", 1, 5, "expected ']', found number '2'"},
        {"x = \n", 1, 5, "expected an expression, found end of line"},
        {"x = )\n", 1, 5, "unmatched ')'"},
        {"x = 1 +\n", 1, 8, "expected an expression, found end of line"},
        {"a.1\n", 1, 2, "invalid syntax: unexpected number '.1'"},
        {"a.(b)\n", 1, 3, "expected an attribute name after '.', found '('"},
        {"x = a if b\n", 1, 11, "expected 'else' after 'if' expression, found end of line"},
    });
}

TEST_CASE("parser errors: compound statement headers and blocks", "[syntax][parser]") {
    check_errors({
        {"if x\n    pass\n", 1, 5, "expected ':', found end of line"},
        {"while x\n    pass\n", 1, 8, "expected ':', found end of line"},
        {"if x:\npass\n", 2, 1, "expected an indented block after 'if' statement on line 1"},
        {"if x:\n    pass\nelif y:\nz\n", 4, 1, "expected an indented block after 'elif' statement on line 3"},
        {"if x:\n    pass\nelse:\nz\n", 4, 1, "expected an indented block after 'else' statement on line 3"},
        {"while x:\ny\n", 2, 1, "expected an indented block after 'while' statement on line 1"},
        {"for i in r:\ny\n", 2, 1, "expected an indented block after 'for' statement on line 1"},
        {"def f():\nreturn 1\n", 2, 1, "expected an indented block after function definition on line 1"},
        {"for i r:\n    pass\n", 1, 7, "expected 'in', found name 'r'"},
        {"for i + 1 in r:\n    pass\n", 1, 5, "cannot assign to expression"},
        {"for f() in r:\n    pass\n", 1, 5, "cannot assign to function call"},
    });
}

TEST_CASE("parser errors: break, continue and return out of place", "[syntax][parser]") {
    check_errors({
        {"break\n", 1, 1, "'break' outside loop"},
        {"continue\n", 1, 1, "'continue' not properly in loop"},
        {"if x:\n    break\n", 2, 5, "'break' outside loop"},
        {"return 1\n", 1, 1, "'return' outside function"},
        {"for i in r:\n    return i\n", 2, 5, "'return' outside function"},
        // A def inside a loop starts a new loop context.
        {"while x:\n    def f():\n        break\n", 3, 9, "'break' outside loop"},
        {"for i in r:\n    pass\nelse:\n    continue\n", 4, 5, "'continue' not properly in loop"},
    });
}

TEST_CASE("parser errors: assignment targets", "[syntax][parser]") {
    check_errors({
        {"f() = 1\n", 1, 1, "cannot assign to function call"},
        {"True = 1\n", 1, 1, "cannot assign to True"},
        {"False = 1\n", 1, 1, "cannot assign to False"},
        {"None = 1\n", 1, 1, "cannot assign to None"},
        {"1 = x\n", 1, 1, "cannot assign to literal"},
        {"'s' = x\n", 1, 1, "cannot assign to literal"},
        {"1.5 = x\n", 1, 1, "cannot assign to literal"},
        {"2j = x\n", 1, 1, "cannot assign to literal"},
        {"a + b = 1\n", 1, 1, "cannot assign to expression"},
        {"-a = 1\n", 1, 1, "cannot assign to expression"},
        {"x = y + 1 = 2\n", 1, 5, "cannot assign to expression"},
        {"a, f() = t\n", 1, 4, "cannot assign to function call"},
        {"a, b += 1\n", 1, 1, "'tuple' is an illegal expression for augmented assignment"},
        {"f() += 1\n", 1, 1, "cannot assign to function call"},
        {"x: int = 1\n", 1, 2, "variable annotations are not supported by ujit"},
        {"x[0] @= y\n", 1, 6, "'@=' on an element or attribute is not supported by ujit"},
    });
}

TEST_CASE("parser errors: definitions and parameters", "[syntax][parser]") {
    check_errors({
        {"def (x):\n    pass\n", 1, 5, "expected a function name, found '('"},
        {"def f x:\n    pass\n", 1, 7, "expected '(', found name 'x'"},
        {"def f(1):\n    pass\n", 1, 7, "expected a parameter name, found number '1'"},
        {"def f(a, a):\n    pass\n", 1, 10, "duplicate argument 'a' in function definition"},
        {"def f(a b):\n    pass\n", 1, 9, "expected ')', found name 'b'"},
        {"def f(*args, b):\n    pass\n", 1, 14, "parameters after '*args' are not supported by ujit"},
        {"def f(a, *, b):\n    pass\n", 1, 10, "keyword-only parameters ('*') are not supported by ujit"},
        {"def f(**kw):\n    pass\n", 1, 7, "'**kwargs' parameters are not supported by ujit"},
        {"def f(a, /):\n    pass\n", 1, 10, "positional-only parameters ('/') are not supported by ujit"},
        {"def f(a: int):\n    pass\n", 1, 8, "parameter annotations are not supported by ujit"},
        {"def f(a=1, b):\n    pass\n", 1, 12, "non-default argument follows default argument"},
        {"def f(a) -> int:\n    pass\n", 1, 10, "return annotations are not supported by ujit"},
        {"def f(a)\n    pass\n", 1, 9, "expected ':', found end of line"},
    });
}

TEST_CASE("parser errors: decorators", "[syntax][parser]") {
    check_errors({
        {"@njit x\ndef f():\n    pass\n", 1, 7, "expected end of line after decorator, found name 'x'"},
        {"@njit\nx = 1\n", 2, 1, "decorators are only supported on function definitions"},
        {"@njit\n@jit\n", 3, 1, "decorators are only supported on function definitions"},
        {"@dataclass\nclass C:\n    pass\n", 2, 1, "class definitions are not supported by ujit"},
        {"@njit\nasync def f():\n    pass\n", 2, 1, "'async' functions and statements are not supported by ujit"},
        // Lists are allowed in a decorator only as plain displays.
        {"@vectorize([s for s in t])\ndef f(x):\n    return x\n", 1, 12,
         "list comprehensions are not supported by ujit"},
    });
}

TEST_CASE("parser errors: imports", "[syntax][parser]") {
    check_errors({
        {"import\n", 1, 7, "expected a module name, found end of line"},
        {"import a.\n", 1, 10, "expected a module name, found end of line"},
        {"import a as\n", 1, 12, "expected a name after 'as', found end of line"},
        {"from . import x\n", 1, 6, "relative imports are not supported by ujit"},
        {"from ..a import x\n", 1, 6, "relative imports are not supported by ujit"},
        {"from a x\n", 1, 8, "expected 'import', found name 'x'"},
        {"from a import *\n", 1, 15, "'import *' is not supported by ujit"},
        {"from a import 1\n", 1, 15, "expected a name to import, found number '1'"},
        {"from a import b as\n", 1, 19, "expected a name after 'as', found end of line"},
        {"from a import (b\n", 1, 15, "'(' was never closed"},
        {"from a import (b c)\n", 1, 18, "expected ')', found name 'c'"},
    });
}

TEST_CASE("parser errors: statements outside the subset", "[syntax][parser]") {
    check_errors({
        {"class C:\n    pass\n", 1, 1, "class definitions are not supported by ujit"},
        {"try:\n    pass\nexcept:\n    pass\n", 1, 1, "'try' statements are not supported by ujit"},
        {"def f():\n    try:\n        pass\n    except ValueError:\n        pass\n", 4, 12,
         "Exception matching is limited to <class 'Exception'>"},
        {"def f():\n    try:\n        pass\n    except (Exception, ValueError):\n        pass\n", 4, 12,
         "Exception matching is limited to <class 'Exception'>"},
        {"def f():\n    try:\n        pass\n    except Exception as e:\n        pass\n", 4, 25,
         "Exception object cannot be stored into variable (e)."},
        {"def f():\n    try:\n        pass\n    except:\n        pass\n    except Exception:\n        pass\n", 4, 5,
         "default 'except:' must be last"},
        {"def f():\n    try:\n        pass\n    x = 1\n", 4, 5, "expected 'except' or 'finally' block"},
        {"with a:\n    pass\n", 1, 1, "'with' statements are not supported by ujit"},
        {"async def f():\n    pass\n", 1, 1, "'async' functions and statements are not supported by ujit"},
        {"raise E\n", 1, 1, "module-level 'raise' statements are not supported by ujit"},
        {"assert x\n", 1, 1, "module-level 'assert' statements are not supported by ujit"},
        {"def f():\n    raise\n", 2, 5, "a bare 'raise' (re-raise) is not supported by ujit"},
        {"def f():\n    raise E from x\n", 2, 13, "'raise ... from' is not supported by ujit"},
        {"del x\n", 1, 1,
         "'del' statements (other than `del d[key]`, `del l[i]` and `del l[a:b]`) are not supported by ujit"},
        {"global x\n", 1, 1, "'global' statements are not supported by ujit"},
        {"def f():\n    nonlocal x\n", 2, 5, "'nonlocal' statements are not supported by ujit"},
        {"x = 1; global y\n", 1, 8, "'global' statements are not supported by ujit"},
        {"except:\n    pass\n", 1, 1, "invalid syntax: unexpected 'except'"},
        {"finally:\n    pass\n", 1, 1, "invalid syntax: unexpected 'finally'"},
        {"match x:\n    case 1:\n        pass\n", 1, 1, "'match' statements are not supported by ujit"},
        {"match (x):\n    case 1:\n        pass\n", 1, 1, "'match' statements are not supported by ujit"},
        {"def f():\n    x = yield\n", 2, 9, "'yield' expressions are not supported by ujit"},
        // gen: `yield value` is a statement (a generator); these forms stay outside the subset
        {"def f():\n    yield from x\n", 2, 11, "'yield from' is not supported by ujit"},
        {"def f():\n    yield\n", 2, 5, "a bare 'yield' (a generator yielding None) is not supported by ujit"},
        {"yield 1\n", 1, 1, "'yield' outside function"},
    });
}

TEST_CASE("parser errors: expressions outside the subset", "[syntax][parser]") {
    check_errors({
        {"y = (x := 1)\n", 1, 8, "assignment expressions (':=') are not supported by ujit"},
        {"y = await x\n", 1, 5, "'await' expressions are not supported by ujit"},
        // The same constructs where an operand is expected.
        {"y = -lambda: 0\n", 1, 6, "invalid syntax: a lambda here must be in parentheses"},
        {"y = 1 + yield\n", 1, 9, "'yield' expressions are not supported by ujit"},
        {"y = 2 ** await x\n", 1, 10, "'await' expressions are not supported by ujit"},
        {"y = **a\n", 1, 5, "starred expressions are not supported by ujit"},
        {"y = f(*a, *b)\n", 1, 11, "a second starred argument in one call is not supported by ujit"},
        {"y = f(k=1, *a)\n", 1, 12, "a starred argument after keyword arguments is not supported by ujit"},
        {"y = f(**k)\n", 1, 7, "'**' arguments in calls are not supported by ujit"},
        {"y = f(a=1, a=2)\n", 1, 12, "keyword argument repeated: a"},
        {"y = f(a=1, b)\n", 1, 12, "positional argument follows keyword argument"},
        {"y = f(x for x in r)\n", 1, 6, "generator expressions are not supported by ujit"},
        {"y = (x for x in r)\n", 1, 5, "generator expressions are not supported by ujit"},
        {"y = [x for x r]\n", 1, 14, "expected 'in', found name 'r'"},
        {"y = [x for x in r\n", 1, 5, "'[' was never closed"},
        {"y = {**d}\n", 1, 5, "dict unpacking ('**') is not supported by ujit"},
        {"y = {x, z for x in r}\n", 1, 11, "invalid syntax: a comprehension has one element"},
        {"y = {[x for x in r]}\n", 1, 6, "unhashable type: 'list'"},
        {"y = *a, b\n", 1, 5, "starred expressions are not supported by ujit"},
    });
}

TEST_CASE("parser errors: nesting deeper than kMaxNesting is an error, not a crash", "[syntax][parser]") {
    const std::string expr_msg = "expression nested too deeply (limit " + std::to_string(kMaxNesting) + ")";
    // Unary operators and ** recurse without brackets (the lexer counts brackets).
    Error e = error_of("x = " + std::string(kMaxNesting + 1, '-') + "1\n");
    CHECK(e.message == expr_msg);
    CHECK(e.line == 1);
    std::string power = "x = 2";
    for (int i = 0; i < kMaxNesting + 1; ++i) power += " ** 2";
    CHECK(error_of(power + "\n").message == expr_msg);
    // Blocks: the lexer's indentation stack and the parser's depth.
    std::string blocks;
    for (int i = 0; i < kMaxNesting + 1; ++i) blocks += std::string(size_t(i), ' ') + "if x:\n";
    blocks += std::string(size_t(kMaxNesting + 1), ' ') + "pass\n";
    CHECK(error_of(blocks).message == "blocks nested too deeply (limit " + std::to_string(kMaxNesting) + ")");
    // Brackets, counted by the lexer.
    Error parens =
        error_of("x = " + std::string(kMaxNesting + 1, '(') + "1" + std::string(kMaxNesting + 1, ')') + "\n");
    CHECK(parens.message == "too many nested parentheses (limit " + std::to_string(kMaxNesting) + ")");
    CHECK(parens.col == 5 + kMaxNesting);
    // Just below the limit parses.
    CHECK(dump("x = " + std::string(150, '-') + "1\n").size() > 150);
}
