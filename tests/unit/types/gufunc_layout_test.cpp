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
    CHECK(bad("(n)->()x").offset == 7);
    CHECK(bad("(n,)->()").message == "expected a core dimension name or size");
    CHECK(bad("(n m)->()").message == "expected ',' or ')' in a core dimension list");
    CHECK(bad("").offset == 0);
    CHECK(bad("->()").message == "expected an input '(' (layouts look like '(n),()->(n)')");
    CHECK(bad("(n").offset == 2);
}

TEST_CASE("gufunc layout: fixed-size core dimensions, as NumPy's '(3),(3)->(3)'", "[gufunc][types]") {
    GufuncLayout cross = ok("(3),(3)->(3)");
    CHECK(cross.dims == std::vector<std::string>{"3"});
    CHECK(cross.fixed == std::vector<int64_t>{3});
    CHECK(cross.inputs[1] == std::vector<int>{0});
    CHECK(cross.str() == "(3),(3)->(3)");
    GufuncLayout mixed = ok("(n, 03), (3) -> ()");
    CHECK(mixed.dims == std::vector<std::string>{"n", "3"});
    CHECK(mixed.fixed == std::vector<int64_t>{-1, 3});
    CHECK(mixed.str() == "(n,3),(3)->()");
    CHECK(ok("(2,3)->(3,2)").fixed == std::vector<int64_t>{2, 3});
    CHECK(ok("(0)->()").fixed == std::vector<int64_t>{0});
    GufuncLayout square = ok("(3,3)->(3)");  // a fixed size may repeat in one operand
    CHECK(square.inputs[0] == std::vector<int>{0, 0});
    CHECK(square.str() == "(3,3)->(3)");
    auto e = bad("(n,3x)->()");
    CHECK(e.offset == 4);
    CHECK(e.message == "a core dimension name cannot start with a digit");
    e = bad("(99999999999999999999)->()");
    CHECK(e.offset == 1);
    CHECK(e.message == "fixed core dimension size too large (at most 1099511627776)");
}
