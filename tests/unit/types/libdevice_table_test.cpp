// cuda.libdevice's table (types/libdevice_table.hpp), generated from libdevice's declarations:
// every row parses, names are unique and sorted, out parameters become results as numba-cuda's
// create_signature makes them, and every name resolves under cuda.libdevice.
#include "types/libdevice_table.hpp"
#include "types/resolve.hpp"

#include <catch2/catch.hpp>

using namespace ujit::types;

TEST_CASE("libdevice table: rows, order and lookups", "[types][libdevice]") {
    const auto& table = libdevice_functions();
    REQUIRE(table.size() >= 340);
    for (size_t i = 0; i < table.size(); ++i) {
        INFO(table[i].name);
        if (i) CHECK(table[i - 1].name < table[i].name);
        CHECK(libdevice_function(table[i].name) == &table[i]);
        CHECK(resolve_member("cuda.libdevice", table[i].name).has_value());
        for (const LibdeviceParam& p : table[i].params) CHECK((p.type->is_int() || p.type->is_float()));
    }
    CHECK(libdevice_function("no_such_function") == nullptr);
    CHECK_FALSE(resolve_member("cuda.libdevice", "no_such_function").has_value());
}

TEST_CASE("libdevice table: out parameters are results", "[types][libdevice]") {
    const LibdeviceFunction* sincos = libdevice_function("sincos");
    REQUIRE(sincos);
    CHECK(sincos->result->is_none());
    CHECK(sincos->argument_types() == std::vector<const Type*>{float64()});
    CHECK(sincos->call_type() == tuple({float64(), float64()}));
    const LibdeviceFunction* frexpf = libdevice_function("frexpf");
    REQUIRE(frexpf);
    CHECK(frexpf->call_type() == tuple({float32(), int32()}));
    const LibdeviceFunction* sad = libdevice_function("sad");
    REQUIRE(sad);
    CHECK(sad->call_type() == int32());
    CHECK(sad->argument_types().size() == 3);
    const LibdeviceFunction* half = libdevice_function("float2half_rn");
    REQUIRE(half);
    CHECK(half->call_type() == integer(16, true));
}
