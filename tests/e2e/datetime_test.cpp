// datetime64 / timedelta64 through the C++ API (issues 19/20): scalars of a unit in and out
// (Value::of_int of ujit::datetime64(...)), arrays of them as arguments and results, NaT, and
// Numba's located error for units that may not meet. Expected values are NumPy's for the same
// operations (written next to each check).
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <cstdint>
#include <vector>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def later(when, by):
    return when + by


@njit
def gaps(start, end):
    out = np.empty(start.size, dtype="m8[D]")
    for i in range(start.size):
        out[i] = end[i] - start[i]
    return out


@njit
def not_a_time(x):
    return np.isnat(x)


@njit
def mixed(a, b):
    return a + b
)";

constexpr int64_t kNaT = INT64_MIN;

}  // namespace

TEST_CASE("datetime64 scalars cross with their units", "[e2e][dt64]") {
    Module m = Module::from_string(kSource, "dt.py");
    // np.datetime64('2005-02', 'M') + np.timedelta64(36, 'h') == np.datetime64(307596, 'h')
    Value r =
        m.function("later")(Value::of_int(datetime64(TimeUnit::M), 421), Value::of_int(timedelta64(TimeUnit::h), 36));
    REQUIRE(r.is_scalar());
    CHECK(r.dtype() == datetime64(TimeUnit::h));
    CHECK(r.scalar().i == 307596);
    CHECK(r.repr() == "2005-02-02T12");
    // np.timedelta64(90, 's') + np.timedelta64(250, 'ms') == 90250 milliseconds
    Value t =
        m.function("later")(Value::of_int(timedelta64(TimeUnit::s), 90), Value::of_int(timedelta64(TimeUnit::ms), 250));
    CHECK(t.dtype() == timedelta64(TimeUnit::ms));
    CHECK(t.scalar().i == 90250);
    CHECK(t.repr() == "90250 milliseconds");
    Value nat =
        m.function("later")(Value::of_int(datetime64(TimeUnit::D), kNaT), Value::of_int(timedelta64(TimeUnit::D), 1));
    CHECK(nat.scalar().i == kNaT);
    CHECK(nat.repr() == "NaT");
    CHECK(m.function("not_a_time")(Value::of_int(timedelta64(TimeUnit::ns), kNaT)).as<bool>());
    CHECK_FALSE(m.function("not_a_time")(Value::of_int(datetime64(TimeUnit::D), 0)).as<bool>());
}

TEST_CASE("arrays of datetime64 are arguments and results", "[e2e][dt64]") {
    Module m = Module::from_string(kSource, "dt.py");
    std::vector<int64_t> start = {12815, kNaT, 12843};  // 2005-02-01, NaT, 2005-03-01 in days
    std::vector<int64_t> end = {12822, 12822, 12840};
    Value r = m.function("gaps")(ArrayRef::c_order(start.data(), datetime64(TimeUnit::D), {3}),
                                 ArrayRef::c_order(end.data(), datetime64(TimeUnit::D), {3}));
    REQUIRE(r.is_array());
    CHECK(r.array().dtype == timedelta64(TimeUnit::D));
    const auto* d = static_cast<const int64_t*>(r.array().data);
    CHECK(d[0] == 7);
    CHECK(d[1] == kNaT);
    CHECK(d[2] == -3);
    CHECK(dtype_name(r.array().dtype) == std::string("timedelta64[D]"));
}

TEST_CASE("units that may not meet are a located typing error", "[e2e][dt64]") {
    Module m = Module::from_string(kSource, "dt.py");
    CHECK_THROWS_WITH(
        m.function("mixed")(Value::of_int(timedelta64(TimeUnit::M), 1), Value::of_int(timedelta64(TimeUnit::D), 1)),
        Contains("dt.py:") && Contains("unsupported operand types for +: timedelta64[M] and timedelta64[D]"));
}
