// Strings through the C++ API (issue 19, item 2): a str argument is a Value of UTF-8 text,
// a str result comes back as one (copied out of compiled code's UTF-32 string, whose
// reference is released), in tuples too; CPython's results (written out here) are the oracle.
#include <catch2/catch.hpp>

#include "runtime/pyliteral.hpp"
#include "strings/str_convert.hpp"
#include "ujit/ujit.hpp"

using namespace ujit;

namespace {

const char* kSource = "from numba import njit\n"
                      "@njit\ndef greet(name):\n    return 'héllo ' + name + '!'\n"
                      "@njit\ndef parts(s):\n    return s.upper(), len(s), s[::-1], s.find('ö')\n"
                      "@njit\ndef nth(s, i):\n    return s[i]\n"
                      "@njit\ndef first(t):\n    return t[0] + t[1]\n";

int64_t live_blocks() {
    auto s = allocation_stats();
    return int64_t(s.alloc) - int64_t(s.free);
}

}  // namespace

TEST_CASE("str values: UTF-8 in and out of compiled code", "[strings]") {
    Module m = Module::from_string(kSource, "strings.py");
    Value r = m.function("greet")(Value("wörld 😀"));
    REQUIRE(r.is_str());
    CHECK(r.str() == "héllo wörld 😀!");  // "héllo " + "wörld 😀" + "!"
    CHECK(r.repr() == "'héllo wörld 😀!'");

    int64_t before = live_blocks();
    Value p = m.function("parts")(Value(std::string("wörld")));
    REQUIRE(p.is_tuple());
    CHECK(p.tuple()[0].str() == "WÖRLD");
    CHECK(p.tuple()[1].as<int64_t>() == 5);  // code points, not bytes
    CHECK(p.tuple()[2].str() == "dlröw");
    CHECK(p.tuple()[3].as<int64_t>() == 1);
    CHECK(p.repr() == "('WÖRLD', 5, 'dlröw', 1)");
    CHECK(live_blocks() == before);  // the results' strings were released once copied out

    // A tuple argument holding strings.
    Value t = m.function("first")(Value(Value::Tuple{Value("ab"), Value("ç")}));
    CHECK(t.str() == "abç");
}

TEST_CASE("str values: errors", "[strings]") {
    Module m = Module::from_string(kSource, "strings_errors.py");
    int64_t before = live_blocks();
    try {
        m.function("nth")(Value("abc"), Value(3));
        FAIL("no IndexError");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("IndexError: string index out of range") != std::string::npos);
    }
    CHECK_THROWS_WITH(m.function("greet")(Value(std::string("\xff"))), Catch::Contains("not valid UTF-8"));
    CHECK(live_blocks() == before);
}

TEST_CASE("str values: Python's repr and literals", "[strings]") {
    // repr() as CPython writes it: quotes, escapes, non-printable characters.
    CHECK(strings::python_repr("it's") == "\"it's\"");
    CHECK(strings::python_repr("a\"b'c") == "'a\"b\\'c'");
    CHECK(strings::python_repr("tab\there\n") == "'tab\\there\\n'");
    CHECK(strings::python_repr("\x01\xc2\x85 é\xe2\x80\xa8") == "'\\x01\\x85 é\\u2028'");
    // The CLI's argument parser (ast.literal_eval's strings).
    CHECK(runtime::parse_literal("'a\\'b'").str() == "a'b");
    CHECK(runtime::parse_literal("\"\\u00e9\\U0001F600\\x41\"").str() == "é😀A");
    CHECK(runtime::parse_literal("('x', 1)").repr() == "('x', 1)");
    CHECK_THROWS_WITH(runtime::parse_literal("'abc"), Catch::Contains("unterminated string"));
}
