// Numba's variable versions (syntax/split_variables.hpp): a name's definitions that never reach
// one use together are variables of their own, `x`, `x.1`, ... as Numba's SSA names them.
#include "syntax_test_util.hpp"

using namespace ujit::syntax;
using namespace ujit::syntax::test;

TEST_CASE("split variables: straight-line redefinitions are versions", "[syntax][split]") {
    CHECK(def_body("", "    x = 1\n    y = x\n    x = 2.5\n    return y, x\n") ==
          "(= x 1) (= y x) (= x.1 2.5) (return (tuple y x.1))");
    // The parameter's web keeps the name, wherever it stands.
    CHECK(def_body("a", "    b = a\n    a = 3\n    return a + b\n") == "(= b a) (= a.1 3) (return (+ a.1 b))");
    CHECK(def_body("a", "    a = a.reshape(6)\n    a = a.reshape(3, 2)\n    return a\n") ==
          "(= a.1 (call (. a reshape) 6)) (= a.2 (call (. a.1 reshape) 3 2)) (return a.2)");
}

TEST_CASE("split variables: definitions that meet at a use stay one variable", "[syntax][split]") {
    // An if/else join.
    CHECK(def_body("c", "    if c:\n        y = 1\n    else:\n        y = 2.5\n    return y\n") ==
          "(if c (body (= y 1)) (else (= y 2.5))) (return y)");
    // A loop's back edge: the accumulator before the loop and in it.
    CHECK(def_body("n", "    s = 0\n    for i in range(n):\n        s = s + i\n    return s\n") ==
          "(= s 0) (for i (call range n) (body (= s (+ s i)))) (return s)");
    // `x += 1` reads and writes one node: one variable.
    CHECK(def_body("", "    x = 1\n    x += 2\n    return x\n") == "(= x 1) (+= x 2) (return x)");
    // Only one definition: nothing to split.
    CHECK(def_body("", "    x = 1\n    return x\n") == "(= x 1) (return x)");
}

TEST_CASE("split variables: loops keep what flows around them apart from what does not", "[syntax][split]") {
    // numba-cuda's test_issue3931: the 1-D reshape lives between two 2-D values.
    CHECK(def_body("r, arr", "    for i in range(1):\n        arr = arr.reshape(6)\n        arr = arr.reshape(3, 2)\n"
                             "    r[0] = arr[0, 0]\n") ==
          "(for i (call range 1) (body (= arr.1 (call (. arr reshape) 6)) (= arr (call (. arr.1 reshape) 3 2)))) "
          "(= ([] r 0) ([] arr (tuple 0 0)))");
    // A value made after `while True` ends by break only, not by the test.
    CHECK(def_body("", "    t = 0\n    while True:\n        t = 1.5\n        break\n    return t\n") ==
          "(= t 0) (while True (body (= t.1 1.5) (break))) (return t.1)");
    // The loop variable after the loop: every iteration's definition reaches it.
    CHECK(def_body("n", "    i = 0.5\n    for i in range(n):\n        pass\n    return i\n") ==
          "(= i 0.5) (for i (call range n) (body (pass))) (return i)");
}

TEST_CASE("split variables: what is left whole", "[syntax][split]") {
    // A closure reads the enclosing variable by name.
    CHECK(def_body("", "    x = 1\n    y = x\n    x = 2.5\n    g = lambda: x\n    return g() + y\n") ==
          "(= x 1) (= y x) (= x 2.5) (= g (lambda () x)) (return (+ (call g) y))");
    // Bound inside try: the handler may start from anywhere in the body.
    CHECK(def_body("", "    x = 1\n    y = x\n    try:\n        x = 2.5\n    except Exception:\n        pass\n"
                       "    return x + y\n")
              .find("x.1") == std::string::npos);
    // A comprehension's own variables are already the comprehension's.
    CHECK(def_body("", "    a = [i for i in range(3)]\n    b = [i * 2.0 for i in range(3)]\n    return a, b\n")
              .find(".1") == std::string::npos);
    // Dead code after a return: no definition reaches it.
    CHECK(def_body("", "    x = 1\n    return x\n    x = 2.5\n    return x\n") ==
          "(= x 1) (return x) (= x.1 2.5) (return x.1)");
}
