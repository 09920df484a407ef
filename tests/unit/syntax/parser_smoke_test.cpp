#include "syntax_test_util.hpp"

using namespace ujit::syntax;
using namespace ujit::syntax::test;

TEST_CASE("parser: a small module", "[syntax]") {
    std::string src = "import numpy as np\n"
                      "from numba import cuda, jit as J\n"
                      "\n"
                      "@cuda.jit(device=True)\n"
                      "def f(a, b):\n"
                      "    \"\"\"Adds.\"\"\"\n"
                      "    x = a + b * 2\n"
                      "    for i in range(10):\n"
                      "        if i % 2 == 0:\n"
                      "            continue\n"
                      "        elif i > 7:\n"
                      "            break\n"
                      "        else:\n"
                      "            x += i\n"
                      "    return x, a\n";
    CHECK(dump(src) ==
          "(import (as numpy np))\n"
          "(from numba cuda (as jit J))\n"
          "(def f (params a b) (decorators (call (. cuda jit) (= device True))) (doc \"Adds.\") "
          "(body (= x (+ a (* b 2))) (for i (call range 10) (body (if (cmp (% i 2) == 0) (body (continue)) "
          "(else (if (cmp i > 7) (body (break)) (else (+= x i))))))) (return (tuple x a))))");
}
