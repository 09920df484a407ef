// Named tuples through the C++ API: a module-level collections.namedtuple class is built,
// read by field and by index and returned by compiled code; np.iinfo / np.finfo kept in a
// variable are Numba's named tuples. The C++ API (like the C API and the CLI) has no class to
// give a value, so a named tuple comes back as the tuple of its fields, and a tuple argument is
// a plain tuple: `p.x` of it is the error Numba gives for a field a tuple lacks. Expected
// values are CPython's for the same source.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(from collections import namedtuple
import numpy as np

Point = namedtuple("Point", ["x", "y"])
Pixel = namedtuple("Pixel", "row col value", defaults=(0, 1.0))


def midpoint(ax, ay, bx, by):
    a, b = Point(ax, ay), Point(y=by, x=bx)
    return Point((a.x + b.x) / 2, (a[1] + b[1]) / 2)


def pixel_sum(r):
    p = Pixel(r)
    q = Pixel(r, value=2.5)
    return p.row + p.col + p.value + q.value + len(q)


def int32_range():
    info = np.iinfo(np.int32)
    return info.max - info.min + info.bits


def field_of_plain(t):
    return t.x
)";

}  // namespace

TEST_CASE("a namedtuple built in compiled code returns as the tuple of its fields", "[e2e][namedtuple]") {
    Module m = Module::from_string(kSource, "points.py");
    Value mid = m.function("midpoint")(0.0, 0.0, 3.0, 4.0);
    REQUIRE(mid.is_tuple());
    CHECK(mid.repr() == "(1.5, 2.0)");  // CPython: Point(x=1.5, y=2.0), as a tuple (1.5, 2.0)
}

TEST_CASE("omitted fields take the class's defaults", "[e2e][namedtuple]") {
    Module m = Module::from_string(kSource, "points.py");
    CHECK(m.function("pixel_sum")(int64_t{7}).as<double>() == 13.5);  // CPython: 13.5
}

TEST_CASE("np.iinfo kept in a variable is read by field", "[e2e][namedtuple]") {
    Module m = Module::from_string(kSource, "points.py");
    CHECK(m.function("int32_range")().as<int64_t>() == 4294967295 + 32);  // CPython: 4294967327
}

TEST_CASE("a tuple argument from C++ has no field names", "[e2e][namedtuple]") {
    Module m = Module::from_string(kSource, "points.py");
    CHECK_THROWS_WITH(m.function("field_of_plain")(Value(Value::Tuple{Value(1.0), Value(2.0)})),
                      Contains("UniTuple(float64 x 2) has no attribute 'x'"));
}
