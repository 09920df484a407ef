// Top-level host code (tests/lit/cli/host_code.py has a whole script): statements outside
// the language are skipped with their reason, parsing resumes at the next top-level
// statement, and decorated function definitions are never skipped.
#include "unit/syntax/syntax_test_util.hpp"

using namespace ujit::syntax;
using namespace ujit::syntax::test;

TEST_CASE("host code: unsupported top-level statements are skipped, with the reason", "[syntax]") {
    auto m = parse("import numpy as np\n"                 // 1
                   "class Point:\n"                       // 2
                   "    def __init__(self):\n"            // 3
                   "        self.v = [i for i in x]\n"    // 4
                   "\n"                                   // 5
                   "with open('f') as fh:\n"              // 6
                   "    pass\n"                           // 7
                   "try:\n"                               // 8
                   "    import scipy\n"                   // 9
                   "except ImportError:\n"                // 10
                   "    scipy = None\n"                   // 11
                   "finally:\n"                           // 12
                   "    pass\n"                           // 13
                   "print(f'{np.pi:.3f}', {'a': 1})\n"    // 14
                   "x = sum(i for i in range(3))\n"       // 15
                   "def f(a):\n"                          // 16
                   "    return a * 2\n"                   // 17
                   "for k in range(3):\n"                 // 18
                   "    print(k)\n");                     // 19
    const auto& s = m->skipped();
    REQUIRE(s.size() == 5);
    CHECK(s[0].loc.line == 2);
    CHECK(s[0].reason == "class definitions are not supported by ujit");
    CHECK(s[0].binds == "Point");
    CHECK(s[1].loc.line == 6);
    CHECK(s[1].reason == "'with' statements are not supported by ujit");
    CHECK(s[2].loc.line == 8);
    CHECK(s[2].reason == "'try' statements are not supported by ujit");
    CHECK(s[3].loc.line == 14);
    CHECK(s[3].reason == "f-strings with a format spec are not supported by ujit");
    CHECK(s[4].loc.line == 15);
    CHECK(s[4].binds.empty());
    // What ujit's language holds is parsed as ever: the import, the def, the for loop (which
    // the module check leaves to Python).
    REQUIRE(m->body().size() == 3);
    CHECK(isa<Import>(m->body()[0]));
    CHECK(cast<FunctionDef>(m->body()[1])->name == "f");
    CHECK(isa<For>(m->body()[2]));
}

TEST_CASE("host code: in a Numba file an undecorated def ujit cannot compile is Python's", "[syntax]") {
    // Numba never compiles it (a notebook's plain helper with try/except): skipped, its
    // name bound by host code; the decorated def after it is parsed as ever.
    const std::string helper = "def helper(f, a):\n    try:\n        f(a)\n    except TypeError as e:\n"
                               "        return e\n";
    auto m = parse(helper + "@njit\ndef g(a):\n    return a\n");
    REQUIRE(m->skipped().size() == 1);
    CHECK(m->skipped()[0].loc.line == 1);
    CHECK(m->skipped()[0].binds == "helper");
    CHECK(m->skipped()[0].reason == "Exception matching is limited to <class 'Exception'>");
    REQUIRE(m->body().size() == 1);
    CHECK(cast<FunctionDef>(m->body()[0])->name == "g");
    // Without decorators (a module for the C or C++ API) every def is ujit's: the error stays.
    Error e = error_of(helper + "def g(a):\n    return a\n");
    CHECK(e.line == 4);
    CHECK(e.message == "Exception matching is limited to <class 'Exception'>");
}

TEST_CASE("host code: errors in decorated functions and lexical errors still stop", "[syntax]") {
    // A decorated def is the user's code for ujit: its errors are reported, never skipped.
    Error e = error_of("x = [1, 2]\n@njit\ndef f(a):\n    return (i for i in a)\n");
    CHECK(e.line == 4);
    CHECK(e.message == "generator expressions are not supported by ujit");
    e = error_of("@njit\ndef f(a):\n    try:\n        pass\n    except ValueError:\n        pass\n");
    CHECK(e.line == 5);
    CHECK(e.message == "Exception matching is limited to <class 'Exception'>");
    // Nor is a syntax error at the top level: that file is not Python, Python refuses it too.
    e = error_of("x = f(a b)\ndef f(a):\n    return a\n");
    CHECK(e.line == 1);
    CHECK(e.message == "expected ')', found name 'b'");
    CHECK(error_of("return 1\n").message == "'return' outside function");
    // A lexical error leaves no position to resume from.
    e = error_of("x = 1 $ 2\ndef f(a):\n    return a\n");
    CHECK(e.line == 1);
    CHECK(e.col == 7);
    // Nor is an unsupported string inside a decorated def skipped.
    e = error_of("@cuda.jit\ndef f(a):\n    print(f'{a!r}')\n");
    CHECK(e.line == 3);
    CHECK(e.col == 11);
    CHECK(e.message == "f-strings with a conversion (!r, !s, !a) are not supported by ujit");
}

TEST_CASE("host code: a failed statement nested in blocks resumes at the top level", "[syntax]") {
    auto m = parse("if __name__ == '__main__':\n"
                   "    for i in range(3):\n"
                   "        with x:\n"
                   "            pass\n"
                   "    print('done')\n"
                   "else:\n"
                   "    y = {1: 2}\n"
                   "def g():\n"
                   "    return 1\n");
    REQUIRE(m->skipped().size() == 1);
    CHECK(m->skipped()[0].loc.line == 1);
    CHECK(m->skipped()[0].reason == "'with' statements are not supported by ujit");
    REQUIRE(m->body().size() == 1);
    CHECK(cast<FunctionDef>(m->body()[0])->name == "g");
}
