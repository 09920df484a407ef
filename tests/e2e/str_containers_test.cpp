// Lists and dicts of str through the C++ API (issue 19, strings): s.split() comes back as a
// Value::List of UTF-8 Values, a word count as a Value::Dict with str keys in insertion order,
// a list of str argument reaches compiled code (and is reflected), and nothing leaks. CPython's
// results (written out here) are the oracle.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"

using namespace ujit;

namespace {

constexpr const char* kSource = R"(from numba import njit


@njit
def words(s):
    return s.split()


@njit
def fields(s, n):
    return s.rsplit(",", n), "-".join(s.split(","))


@njit
def count(s):
    d = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    return d


@njit
def unique(xs):
    seen = set()
    for x in xs:
        seen.add(x)
    xs.append("end")
    return len(seen), "b" in seen


@njit
def empty_sep(s):
    return s.split("")
)";

int64_t live() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("str containers: split, join and str keys through the C++ API", "[strings][dicts]") {
    Module m = Module::from_string(kSource, "str_containers.py");
    // Compile first: what stays alive after that is the oracle for the leak checks.
    m.function("words")(Value("a"));
    m.function("count")(Value("a"));
    int64_t before = live();

    Value w = m.function("words")(Value("  héllo wörld\t日本 "));
    REQUIRE(w.is_list());
    REQUIRE(w.list().size() == 3);
    CHECK(w.list()[0].str() == "héllo");
    CHECK(w.list()[2].str() == "日本");
    CHECK(w.repr() == "['héllo', 'wörld', '日本']");  // 'héllo wörld\t日本'.split()

    Value f = m.function("fields")(Value("a,b,,c"), Value(1));
    CHECK(f.repr() == "(['a,b,', 'c'], 'a-b--c')");  // ('a,b,,c'.rsplit(',', 1), '-'.join(...))

    Value c = m.function("count")(Value("the cat the hat the"));
    REQUIRE(c.is_dict());
    CHECK(c.repr() == "{'the': 3, 'cat': 1, 'hat': 1}");

    Value xs = Value::list_of({Value("a"), Value("b"), Value("a")});
    Value u = m.function("unique")(xs);
    CHECK(u.repr() == "(2, True)");
    CHECK(xs.repr() == "['a', 'b', 'a', 'end']");  // reflected, as Numba's list argument

    CHECK_THROWS_WITH(m.function("empty_sep")(Value("abc")), Catch::Contains("ValueError: empty separator"));
    w = f = c = u = Value();
    CHECK(live() == before);
}
