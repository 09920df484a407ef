#include <catch2/catch.hpp>

#include "syntax/diagnostics.hpp"

using namespace ujit::syntax;

TEST_CASE("diagnostics render clang style with a caret", "[syntax]") {
    SourceFile f("k.py", "def f(x):\n    return x +\n");
    Diagnostic d{Severity::Error, {2, 15}, "expected an expression", {}};
    std::string r = render(d, &f);
    CHECK(r == "k.py:2:15: error: expected an expression\n        return x +\n                  ^\n");
}
