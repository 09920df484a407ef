// types::parse_gufunc_layout: NumPy's layout grammar, canonical spelling, error offsets.
#include <catch2/catch.hpp>

#include "types/gufunc_layout.hpp"

using namespace ujit::types;

namespace {
GufuncLayout ok(const char* text) {
    auto r = parse_gufunc_layout(text);
    INFO(text);
    REQUIRE(std::holds_alternative<GufuncLayout>(r));
    return std::get<GufuncLayout>(r);
}
GufuncLayoutError bad(const char* text) {
    auto r = parse_gufunc_layout(text);
    INFO(text);
    REQUIRE(std::holds_alternative<GufuncLayoutError>(r));
    return std::get<GufuncLayoutError>(r);
}
}  // namespace

TEST_CASE("gufunc layout: NumPy's forms", "[gufunc][types]") {
    GufuncLayout mm = ok("(m,n),(n,p)->(m,p)");
    CHECK(mm.nin() == 2);
    CHECK(mm.nout() == 1);
    CHECK(mm.dims == std::vector<std::string>{"m", "n", "p"});
    CHECK(mm.inputs[1] == std::vector<int>{1, 2});
    CHECK(mm.outputs[0] == std::vector<int>{0, 2});
    CHECK(ok("(n)->()").outputs[0].empty());
    CHECK(ok("(n),()->(n)").inputs[1].empty());
    CHECK(ok("(n)->(),()").nout() == 2);
    CHECK(ok("()->()").str() == "()->()");
    CHECK(ok("(long_name1,_x)->(_x)").dims == std::vector<std::string>{"long_name1", "_x"});
}

TEST_CASE("gufunc layout: whitespace anywhere, one canonical spelling", "[gufunc][types]") {
    CHECK(ok("(m, n), (n, p) -> (n, p)").str() == "(m,n),(n,p)->(n,p)");
    CHECK(ok(" ( n ) -> ( ) ").str() == "(n)->()");
    CHECK(ok("\t(n)\n->()").str() == "(n)->()");
}

TEST_CASE("gufunc layout: errors point at the offending character", "[gufunc][types]") {
    auto e = bad("(n)->");
    CHECK(e.offset == 5);
    CHECK(e.message == "expected an output '(' after '->'");
    e = bad("(n) (n)->()");
    CHECK(e.offset == 4);
    CHECK(e.message == "expected '->' after the inputs' core dimensions");
    e = bad("(n,n)->()");
    CHECK(e.offset == 3);
    CHECK(e.message == "core dimension 'n' appears twice in one operand");
    CHECK(bad("(3)->()").message == "fixed-size core dimensions are not supported; name the dimension");
    CHECK(bad("(n)->()x").offset == 7);
    CHECK(bad("(n,)->()").message == "expected a core dimension name");
    CHECK(bad("(n m)->()").message == "expected ',' or ')' in a core dimension list");
    CHECK(bad("").offset == 0);
    CHECK(bad("->()").message == "expected an input '(' (layouts look like '(n),()->(n)')");
    CHECK(bad("(n").offset == 2);
}
