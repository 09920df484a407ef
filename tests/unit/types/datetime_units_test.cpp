// Numba's datetime unit rules (numba/np/npdatetime_helpers.py, checked there by
// numba/tests/test_npdatetime.py's TestModuleHelpers): which timedelta units convert exactly,
// by what factor, and which unit datetime ± timedelta and datetime - datetime give; and the
// types' spellings.
#include "types/datetime_units.hpp"
#include "types_test_util.hpp"

#include <string>
#include <vector>

using namespace ujit::types;
using namespace ujit::types::test;

namespace {

const std::vector<std::string> kDateUnits = {"Y", "M"};
const std::vector<std::string> kTimeUnits = {"W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as"};

int u(const std::string& name) { return time_unit_code(name); }

}  // namespace

TEST_CASE("timedelta units cast only into finer units of their group", "[types][dt64]") {
    for (const auto& a : kDateUnits)
        for (const auto& b : kTimeUnits) {
            CHECK_FALSE(can_cast_timedelta_units(u(a), u(b)));
            CHECK_FALSE(can_cast_timedelta_units(u(b), u(a)));
        }
    for (const auto* group : {&kDateUnits, &kTimeUnits}) {
        for (size_t i = 0; i < group->size(); ++i) {
            CHECK(can_cast_timedelta_units(u((*group)[i]), u((*group)[i])));
            CHECK(can_cast_timedelta_units(kGenericUnit, u((*group)[i])));
            CHECK_FALSE(can_cast_timedelta_units(u((*group)[i]), kGenericUnit));
            for (size_t j = 0; j < i; ++j) {
                CHECK(can_cast_timedelta_units(u((*group)[j]), u((*group)[i])));
                CHECK_FALSE(can_cast_timedelta_units(u((*group)[i]), u((*group)[j])));
            }
        }
    }
}

TEST_CASE("conversion factors between units", "[types][dt64]") {
    CHECK(unit_conversion_factor(u("Y"), u("M")) == 12);
    CHECK(unit_conversion_factor(u("W"), u("h")) == 24 * 7);
    CHECK(unit_conversion_factor(u("W"), u("m")) == 24 * 7 * 60);
    CHECK(unit_conversion_factor(u("W"), u("us")) == int64_t(24) * 7 * 3600 * 1000 * 1000);
    CHECK(unit_conversion_factor(u("s"), u("as")) == int64_t(1000000000000000000));
    CHECK(unit_conversion_factor(kGenericUnit, u("ns")) == 1);
    for (const auto& a : kTimeUnits)
        for (const auto& b : kDateUnits) {
            CHECK_FALSE(unit_conversion_factor(u(a), u(b)));
            CHECK_FALSE(unit_conversion_factor(u(b), u(a)));
        }
    CHECK_FALSE(unit_conversion_factor(u("ns"), u("s")));  // coarser: no integer factor
}

TEST_CASE("datetime and timedelta units combine as Numba's", "[types][dt64]") {
    for (const auto& v : {kDateUnits, kTimeUnits})
        for (const auto& unit : v) {
            CHECK(combine_datetime_timedelta_units(u(unit), u(unit)) == u(unit));
            CHECK(combine_datetime_timedelta_units(kGenericUnit, u(unit)) == u(unit));
            CHECK(combine_datetime_timedelta_units(u(unit), kGenericUnit) == u(unit));
        }
    for (const auto& dt : kTimeUnits)
        for (const auto& td : kDateUnits) CHECK_FALSE(combine_datetime_timedelta_units(u(dt), u(td)));
    for (const auto& dt : kDateUnits)
        for (const auto& td : kTimeUnits) CHECK(combine_datetime_timedelta_units(u(dt), u(td)) == u(td));
    CHECK(finer_unit(u("M"), u("W")) == u("W"));
    CHECK(finer_unit(kGenericUnit, u("s")) == u("s"));
}

TEST_CASE("datetime types are spelled as Numba spells them", "[types][dt64]") {
    CHECK(datetime64(u("ns"))->str() == "datetime64[ns]");
    CHECK(timedelta64(kGenericUnit)->str() == "timedelta64[]");
    CHECK(scalar_from_name("M8[ns]") == datetime64(u("ns")));
    CHECK(scalar_from_name("<m8[D]") == timedelta64(u("D")));
    CHECK(scalar_from_name("timedelta64") == timedelta64(kGenericUnit));
    CHECK(scalar_from_name("M8[5s]") == nullptr);  // multiples of a unit: no such type
    CHECK(datetime64(3) == nullptr);               // NumPy's code 3 is no unit
    CHECK(datetime64(u("D"))->itemsize() == 8);
}

TEST_CASE("datetime types in signatures", "[types][dt64]") {
    const ujit::syntax::SourceLoc loc{1, 1};
    Signature s = parse_signature("NPDatetime('us')(NPDatetime('ms'), NPTimedelta('us'))", loc);
    CHECK(s.ret == datetime64(u("us")));
    CHECK(s.args == std::vector<const Type*>{datetime64(u("ms")), timedelta64(u("us"))});
    s = parse_signature("timedelta64[s](timedelta64[s], int64)", loc);
    CHECK(s.ret == timedelta64(u("s")));
    const Type* a = parse_type("datetime64[D][::1]", loc);
    CHECK(a == array(datetime64(u("D")), 1, Layout::C));
    CHECK(parse_type("array(timedelta64[ns], 2d, A)", loc) == array(timedelta64(u("ns")), 2, Layout::A));
    CHECK(parse_type("M8", loc) == datetime64(kGenericUnit));
}
