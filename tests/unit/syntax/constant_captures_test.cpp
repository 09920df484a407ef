// Numba's frozen closure constants (syntax/constant_captures.hpp): a local assigned once, to a
// literal, is that literal inside the inner defs and lambdas that read it.
#include "syntax_test_util.hpp"

#include "syntax/constant_captures.hpp"

using namespace ujit::syntax;
using namespace ujit::syntax::test;

TEST_CASE("constant captures: literals replace the reads in inner defs and lambdas", "[syntax][captures]") {
    CHECK(def_body("x", "    k = 3\n    def g(v):\n        return v * k\n    return g(x)\n") ==
          "(= k 3) (def g (params v) (body (return (* v 3)))) (return (call g x))");
    CHECK(def_body("x", "    s = -1.5\n    return (lambda v: v + s)(x)\n") ==
          "(= s (- 1.5)) (return (call (lambda (v) (+ v (- 1.5))) x))");
    // Deeper inner defs too, and the enclosing def's own reads stay reads.
    CHECK(def_body("", "    k = 'ab'\n    def g():\n        def h():\n            return k\n        return h()\n"
                       "    return k, g()\n") ==
          "(= k \"ab\") (def g (params) (body (def h (params) (body (return \"ab\"))) (return (call h)))) "
          "(return (tuple k (call g)))");
}

TEST_CASE("constant captures: what is no constant stays a capture", "[syntax][captures]") {
    // Bound twice, a parameter, not a literal: no constant.
    CHECK(def_body("c", "    k = 1\n    if c:\n        k = 2\n    return (lambda: k)()\n").find("(lambda () k)") !=
          std::string::npos);
    CHECK(def_body("k", "    return (lambda: k)()\n") == "(return (call (lambda () k)))");
    CHECK(def_body("x", "    k = x + 1\n    return (lambda: k)()\n").find("(lambda () k)") != std::string::npos);
    // An inner scope binding the name reads its own.
    CHECK(def_body("", "    k = 3\n    def g(k):\n        return k\n    return (lambda k: k)(1) + g(2)\n") ==
          "(= k 3) (def g (params k) (body (return k))) (return (+ (call (lambda (k) k) 1) (call g 2)))");
    CHECK(def_body("", "    k = 3\n    def g():\n        k = 4\n        return k\n    return g()\n") ==
          "(= k 3) (def g (params) (body (= k 4) (return k))) (return (call g))");
}

TEST_CASE("constant captures: bindings_of counts a def's own bindings", "[syntax][captures]") {
    auto m = parse("def f(a, c):\n    b = 1\n    if c:\n        b = 2\n    for i in range(3):\n        a += i\n"
                   "    def g():\n        b = 5\n    return a\n");
    const auto& def = *cast<FunctionDef>(m->body()[0]);
    CHECK(bindings_of(def, "a") == 2);  // the parameter and `a += i`
    CHECK(bindings_of(def, "b") == 2);  // g's own b is g's
    CHECK(bindings_of(def, "i") == 1);
    CHECK(bindings_of(def, "g") == 1);
    CHECK(bindings_of(def, "zz") == 0);
}

TEST_CASE("constant captures: a long elif chain in an inner def is walked, not recursed",
          "[syntax][captures][hostile]") {
    std::string src = "def f(x):\n    k = 2\n    def g(v):\n        if v == 0:\n            return k\n";
    for (int i = 1; i < 5000; ++i) src += "        elif v == " + std::to_string(i) + ":\n            return k\n";
    src += "        return 0\n    return g(x)\n";
    std::unique_ptr<Module> m;
    REQUIRE_NOTHROW(m = parse(src));
    const auto* g = cast<FunctionDef>(cast<FunctionDef>(m->body()[0])->body[1]);
    const auto* chain = cast<If>(g->body[0]);
    CHECK(isa<IntLit>(cast<Return>(chain->body[0])->value));  // the first and the last read frozen
    while (chain->orelse.size() == 1 && isa<If>(chain->orelse[0])) chain = cast<If>(chain->orelse[0]);
    CHECK(isa<IntLit>(cast<Return>(chain->body[0])->value));
}
