// Statements: every statement form the parser accepts, as S-expressions (one line per
// top-level statement). tests/lit/dumps/ast_*.py show the same through `ujit ast`.
#include "syntax_test_util.hpp"

using namespace ujit::syntax;
using namespace ujit::syntax::test;

namespace {
// `body` inside `def f():`, dumped.
std::string in_def(const std::string& body) { return dump("def f():\n" + body); }
}  // namespace

TEST_CASE("parser: assignments: chained, tuple targets, attributes and subscripts", "[syntax][parser]") {
    CHECK(dump("x = 1\n") == "(= x 1)");
    CHECK(dump("x = y = 0\n") == "(= x y 0)");
    CHECK(dump("a, b = b, a\n") == "(= (tuple a b) (tuple b a))");
    CHECK(dump("(a, b), c = t\n") == "(= (tuple (tuple a b) c) t)");
    CHECK(dump("a, = t\n") == "(= (tuple a) t)");
    CHECK(dump("x.y = 1\n") == "(= (. x y) 1)");
    CHECK(dump("a[i, j] = a[j, i]\n") == "(= ([] a (tuple i j)) ([] a (tuple j i)))");
    CHECK(dump("a[1:] = 0\n") == "(= ([] a (: 1 _ _)) 0)");
    CHECK(dump("x = a if c else b\n") == "(= x (ifexp c a b))");
}

TEST_CASE("parser: every augmented assignment operator", "[syntax][parser]") {
    for (const char* op : {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"}) {
        std::string o = op;
        CHECK(dump("x " + o + "= y + 1\n") == "(" + o + "= x (+ y 1))");
    }
    CHECK(dump("a[i] += 1\n") == "(+= ([] a i) 1)");
    CHECK(dump("s.t *= 2\n") == "(*= (. s t) 2)");
    CHECK(dump("x += 1, 2\n") == "(+= x (tuple 1 2))");
}

TEST_CASE("parser: expression statements and semicolon-separated statements", "[syntax][parser]") {
    CHECK(dump("f(x)\n") == "(expr (call f x))");
    CHECK(dump("x = 1; y = 2\n") == "(= x 1)\n(= y 2)");
    CHECK(dump("x = 1; y = 2;\n") == "(= x 1)\n(= y 2)");
    CHECK(dump("a; b\nc\n") == "(expr a)\n(expr b)\n(expr c)");
    // Without a final newline, as the lexer closes the last line.
    CHECK(dump("x = 1") == "(= x 1)");
    // Line continuations: a backslash, or open brackets.
    CHECK(dump("x = 1 + \\\n    2\n") == "(= x (+ 1 2))");
    CHECK(dump("x = (1 +\n  2)\n") == "(= x (+ 1 2))");
}

TEST_CASE("parser: if, elif and else", "[syntax][parser]") {
    CHECK(dump("if a:\n    x = 1\n") == "(if a (body (= x 1)))");
    CHECK(dump("if a:\n    x = 1\nelse:\n    x = 2\n") == "(if a (body (= x 1)) (else (= x 2)))");
    // elif is an if in the else part.
    CHECK(dump("if a:\n    pass\nelif b:\n    x = 1\nelif c:\n    x = 2\nelse:\n    x = 3\n") ==
          "(if a (body (pass)) (else (if b (body (= x 1)) (else (if c (body (= x 2)) (else (= x 3)))))))");
    CHECK(dump("if a: x = 1; y = 2\n") == "(if a (body (= x 1) (= y 2)))");
    CHECK(dump("if a:\n    if b:\n        x\n    y\nz\n") == "(if a (body (if b (body (expr x))) (expr y)))\n(expr z)");
}

TEST_CASE("parser: while and for, with break, continue and else clauses", "[syntax][parser]") {
    CHECK(dump("while a < b:\n    a += 1\n") == "(while (cmp a < b) (body (+= a 1)))");
    CHECK(dump("while True:\n    break\nelse:\n    x = 1\n") == "(while True (body (break)) (else (= x 1)))");
    CHECK(dump("for i in range(n):\n    continue\n") == "(for i (call range n) (body (continue)))");
    CHECK(dump("for i, j in pairs:\n    pass\nelse:\n    done = True\n") ==
          "(for (tuple i j) pairs (body (pass)) (else (= done True)))");
    CHECK(dump("for (i, j) in pairs: pass\n") == "(for (tuple i j) pairs (body (pass)))");
    CHECK(dump("for i, in t: pass\n") == "(for (tuple i) t (body (pass)))");
    CHECK(dump("for x in a, b: pass\n") == "(for x (tuple a b) (body (pass)))");
    CHECK(dump("for a[i] in t: pass\n") == "(for ([] a i) t (body (pass)))");
    // break and continue inside an if inside a loop.
    CHECK(dump("for i in r:\n    if i:\n        break\n    else:\n        continue\n") ==
          "(for i r (body (if i (body (break)) (else (continue)))))");
}

TEST_CASE("parser: def, parameters, docstrings and return", "[syntax][parser]") {
    CHECK(dump("def f():\n    pass\n") == "(def f (params) (body (pass)))");
    CHECK(dump("def f(a, b,):\n    return a\n") == "(def f (params a b) (body (return a)))");
    CHECK(dump("def f(): return\n") == "(def f (params) (body (return)))");
    CHECK(in_def("    return a, b\n") == "(def f (params) (body (return (tuple a b))))");
    CHECK(in_def("    '''Docs.'''\n    return 1\n") == "(def f (params) (doc \"Docs.\") (body (return 1)))");
    // Only the first statement is the docstring; a later string is an expression statement.
    CHECK(in_def("    x = 1\n    'not a docstring'\n") == "(def f (params) (body (= x 1) (expr \"not a docstring\")))");
    // A def inside a def, and break in a loop of the inner function.
    CHECK(in_def("    def g(x):\n        while x:\n            break\n        return x\n    return g(1)\n") ==
          "(def f (params) (body (def g (params x) (body (while x (body (break))) (return x))) "
          "(return (call g 1))))");
}

TEST_CASE("parser: decorators, with calls, keywords and signature lists", "[syntax][parser]") {
    CHECK(dump("@njit\ndef f(x):\n    return x\n") == "(def f (params x) (decorators njit) (body (return x)))");
    CHECK(dump("@cuda.jit\ndef k(a):\n    pass\n") == "(def k (params a) (decorators (. cuda jit)) (body (pass)))");
    CHECK(dump("@jit('float64(float64)', nopython=True)\ndef f(x):\n    return x\n") ==
          "(def f (params x) (decorators (call jit \"float64(float64)\" (= nopython True))) (body (return x)))");
    // A list in a decorator is the one list display allowed: signature lists.
    CHECK(dump("@vectorize(['float32(float32)', 'float64(float64)'], target='cuda')\ndef f(x):\n    return x\n") ==
          "(def f (params x) (decorators (call vectorize (list \"float32(float32)\" \"float64(float64)\") "
          "(= target \"cuda\"))) (body (return x)))");
    CHECK(dump("@vectorize([])\ndef f(x):\n    return x\n") ==
          "(def f (params x) (decorators (call vectorize (list))) (body (return x)))");
    CHECK(dump("@a\n@b(1)\ndef f():\n    pass\n") == "(def f (params) (decorators a (call b 1)) (body (pass)))");
    CHECK(dump("@cuda.jit(float32(float32[:], int64), device=True)\ndef f(a, i):\n    return a[i]\n") ==
          "(def f (params a i) (decorators (call (. cuda jit) (call float32 ([] float32 (: _ _ _)) int64) "
          "(= device True))) (body (return ([] a i))))");
}

TEST_CASE("parser: import and from-import", "[syntax][parser]") {
    CHECK(dump("import math\n") == "(import math)");
    CHECK(dump("import numpy as np, math\n") == "(import (as numpy np) math)");
    CHECK(dump("import os.path\n") == "(import os.path)");
    CHECK(dump("import os.path as p\n") == "(import (as os.path p))");
    CHECK(dump("from numba import njit\n") == "(from numba njit)");
    CHECK(dump("from numba import cuda, jit as J\n") == "(from numba cuda (as jit J))");
    CHECK(dump("from numba import (cuda,\n    vectorize as v,)\n") == "(from numba cuda (as vectorize v))");
    CHECK(dump("from numba.cuda import grid\n") == "(from numba.cuda grid)");
}

TEST_CASE("parser: a module docstring is dropped, blank lines and comments are nothing", "[syntax][parser]") {
    CHECK(dump("\"\"\"Module docs.\"\"\"\nx = 1\n") == "(= x 1)");
    CHECK(dump("# comment\n\n\nx = 1  # trailing\n\n") == "(= x 1)");
    CHECK(dump("") == "");
    // Only the first statement: a later string stays.
    CHECK(dump("x = 1\n'later'\n") == "(= x 1)\n(expr \"later\")");
}

TEST_CASE("parser: 'match' is a name unless it starts a match statement", "[syntax][parser]") {
    CHECK(dump("match = 1\n") == "(= match 1)");
    CHECK(dump("match(x)\n") == "(expr (call match x))");
    CHECK(dump("match.y = 2\n") == "(= (. match y) 2)");
}

TEST_CASE("ast dump: the indented layout of `ujit ast` is the one-line dump with line breaks", "[syntax][parser]") {
    const std::string src = "import math\n"
                            "@njit\n"
                            "def f(a):\n"
                            "    for i in range(a):\n"
                            "        if i:\n"
                            "            break\n"
                            "    else:\n"
                            "        a = 1\n"
                            "    return a\n";
    const std::string tree = dump_ast_tree(*parse(src));
    CHECK(tree == "(import math)\n"
                  "(def f (params a) (decorators njit)\n"
                  "  (body\n"
                  "    (for i (call range a)\n"
                  "      (body\n"
                  "        (if i\n"
                  "          (body\n"
                  "            (break))))\n"
                  "      (else\n"
                  "        (= a 1)))\n"
                  "    (return a)))\n");
    // The same tokens as the one-line dump: only the whitespace between them differs.
    std::string flat;
    for (size_t i = 0; i < tree.size(); ++i) {
        if (tree[i] == '\n') {
            size_t j = i + 1;
            while (j < tree.size() && tree[j] == ' ') ++j;
            // A break inside a statement is one space in the flat dump; one between
            // top-level statements stays a newline.
            bool top = j < tree.size() && j == i + 1;
            flat += (top || j == tree.size()) ? "\n" : " ";
            i = j - 1;
        } else {
            flat += tree[i];
        }
    }
    CHECK(flat == dump_ast(*parse(src)));
}

TEST_CASE("parser: raise, and assert as Python defines it (if not test: raise)", "[syntax][parser]") {
    CHECK(in_def("    raise ValueError\n") == "(def f (params) (body (raise ValueError)))");
    CHECK(in_def("    raise ValueError('no')\n") == "(def f (params) (body (raise (call ValueError \"no\"))))");
    CHECK(in_def("    assert x > 0\n") == "(def f (params) (body (if (not (cmp x > 0)) (body (assert-raise)))))");
    CHECK(in_def("    assert x, 'm'\n") == "(def f (params) (body (if (not x) (body (assert-raise \"m\")))))");
}
