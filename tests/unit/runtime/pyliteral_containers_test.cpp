// Command-line literals of containers (runtime/pyliteral.hpp): [..] a list, {k: v} a dict,
// {a, b} a set, each printing back as CPython's repr of the same literal.
#include <catch2/catch.hpp>

#include "runtime/pyliteral.hpp"

using ujit::Error;
using ujit::runtime::parse_literal;

TEST_CASE("list, dict and set literals parse as Python's", "[runtime][dict_args]") {
    CHECK(parse_literal("[1, 2.5, (3, 4)]").repr() == "[1, 2.5, (3, 4)]");
    CHECK(parse_literal("[]").repr() == "[]");
    CHECK(parse_literal("[1,]").repr() == "[1]");
    ujit::Value d = parse_literal("{1: 0.5, 'a': (2, 3)}");
    REQUIRE(d.is_dict());
    CHECK(d.repr() == "{1: 0.5, 'a': (2, 3)}");
    CHECK(d.dict().key_type.empty());
    CHECK(parse_literal(" { } ").repr() == "{}");  // {} is a dict, as in Python
    ujit::Value s = parse_literal("{3, 1, 2,}");
    REQUIRE(s.is_set());
    CHECK(s.set().items.size() == 3);
    CHECK(parse_literal("[{1: [2]}, {3}]").repr() == "[{1: [2]}, {3}]");
}

TEST_CASE("bad container literals are precise errors", "[runtime][dict_args]") {
    auto err = [](const char* text) {
        try {
            parse_literal(text);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Argument);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(err("[1 2]"), Catch::Contains("expected ',' or ']'"));
    CHECK_THAT(err("{1: 2, 3}"), Catch::Contains("expected ':' after a dict key"));
    CHECK_THAT(err("{1, 2: 3}"), Catch::Contains("expected ',' or '}' in a set"));
    CHECK_THAT(err("{1: 2"), Catch::Contains("expected ',' or '}' in a dict"));
    CHECK_THAT(err("[1"), Catch::Contains("expected"));
}
