// Calls from C++ that leave out trailing parameters with default values, as Python calls do
// (the C API and the CLI call through the same Function::call: capi_modules.c, lit
// cli/run_defaults.py).
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

using namespace ujit;
using Catch::Matchers::Contains;

TEST_CASE("calls leave out trailing parameters with defaults, as in Python", "[driver]") {
    Module mod = Module::from_string("SCALE = 3\n"
                                     "\n"
                                     "def f(x, y=2.5, z=-1, w=(1, 2.0), flag=True, s=SCALE * 2):\n"
                                     "    t = x * y + z + w[0] + w[1] + s\n"
                                     "    return t if flag else -t\n"
                                     "\n"
                                     "def h(x, y=None):\n"
                                     "    return x\n"
                                     "\n"
                                     "def g(a, b):\n"
                                     "    return a + b\n"
                                     "\n"
                                     "def bad(x, y=SCALE + len):\n"
                                     "    return x\n");
    Function f = mod.function("f");
    CHECK(f(2.0).as<double>() == 2 * 2.5 - 1 + 1 + 2.0 + 6);
    CHECK(f(2.0, 1.0).as<double>() == 2 - 1 + 1 + 2.0 + 6);
    CHECK(f(2.0, 1.0, 0, Value(Value::Tuple{Value(0), Value(0.0)}), false).as<double>() == -(2.0 + 6));
    CHECK(f.call(std::vector<Value>{Value(4)}).as<double>() == 4 * 2.5 - 1 + 1 + 2.0 + 6);  // int x
    CHECK(mod.function("h")(7).as<int64_t>() == 7);
    CHECK_THROWS_WITH(mod.function("g")(1), Contains("g() missing required argument 'b'"));
    CHECK_THROWS_WITH(mod.function("bad")(1), Contains("default value"));
    CHECK(mod.function("g")(1, 2).as<int64_t>() == 3);  // the module stays usable
}
