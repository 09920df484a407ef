// NumPy's str() of datetime64 / timedelta64 values (the expected texts are NumPy 1.24's).
#include "runtime/datetime_text.hpp"

#include <catch2/catch.hpp>

using ujit::datetime64;
using ujit::timedelta64;
using ujit::TimeUnit;
using ujit::runtime::datetime_text;

TEST_CASE("datetime64 values print as ISO 8601 at their unit's precision", "[runtime][dt64]") {
    CHECK(datetime_text(datetime64(TimeUnit::D), 12815) == "2005-02-01");
    CHECK(datetime_text(datetime64(TimeUnit::Y), 35) == "2005");
    CHECK(datetime_text(datetime64(TimeUnit::M), -1) == "1969-12");
    CHECK(datetime_text(datetime64(TimeUnit::W), 5) == "1970-02-05");
    CHECK(datetime_text(datetime64(TimeUnit::h), 1) == "1970-01-01T01");
    CHECK(datetime_text(datetime64(TimeUnit::ns), -1) == "1969-12-31T23:59:59.999999999");
    CHECK(datetime_text(datetime64(TimeUnit::as), -1) == "1969-12-31T23:59:59.999999999999999999");
    CHECK(datetime_text(datetime64(TimeUnit::Y), 30000000) == "30001970");
    CHECK(datetime_text(datetime64(TimeUnit::D), -719162) == "0001-01-01");
    CHECK(datetime_text(datetime64(TimeUnit::ms), INT64_MIN) == "NaT");
}

TEST_CASE("timedelta64 values print as a count and the unit's name", "[runtime][dt64]") {
    CHECK(datetime_text(timedelta64(TimeUnit::D), 1) == "1 days");
    CHECK(datetime_text(timedelta64(TimeUnit::Generic), 3) == "3 generic time units");
    CHECK(datetime_text(timedelta64(TimeUnit::ps), -7) == "-7 picoseconds");
    CHECK(datetime_text(timedelta64(TimeUnit::s), INT64_MIN) == "NaT");
}
