// Numba's locals= through the C++ API (types/declared_locals.hpp): a declared variable's
// every value converts to its type; a value that cannot is a located compile error.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

const char* kSource = "from numba import njit, float32, int32\n"
                      "@njit(locals={'acc': float32})\n"
                      "def tenths(n):\n    acc = 0.0\n    for _ in range(n):\n        acc += 0.1\n    return acc\n"
                      "@njit(locals=dict(v=int32))\n"
                      "def entered(v):\n    return v\n"
                      "@njit(locals={'x': float32})\n"
                      "def tuple_into_float(v):\n    x = (v, v)\n    return x\n";

}  // namespace

TEST_CASE("locals=: values convert to the declared type, parameters too", "[driver][locals]") {
    Module m = Module::from_string(kSource, "locals.py");
    float acc = 0.0f;
    for (int i = 0; i < 10; ++i) acc = float(double(acc) + 0.1);  // rounded at each step
    Value tenths = m.function("tenths")(10);
    CHECK(tenths.as<double>() == double(acc));
    CHECK(tenths.as<double>() != 0.9999999999999999);  // float64's sum
    CHECK(m.function("entered")(2.7).as<int64_t>() == 2);
}

TEST_CASE("locals=: a value the declared type cannot take is a located error", "[driver][locals]") {
    Module m = Module::from_string(kSource, "locals.py");
    try {
        m.function("tuple_into_float")(1.5);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Compile);
        CHECK_THAT(std::string(e.what()), Contains("locals.py:13:9: error: No conversion from UniTuple(float64 x 2) to "
                                                   "float32 for 'x'"));
    }
}
