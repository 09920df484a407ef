// Dicts and sets passed from C++ (ujit::Value::Dict, Value::Set): compiled code reads them,
// what it leaves in them is the caller's after the call (Numba's typed Dict is shared, its
// reflected set written back), a result passes back in, empty ones carry their types, bad
// ones are Argument errors, and a call that raises leaves them as they were, leaking nothing.
// The expected values are CPython's for the same code on dicts and sets.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "ujit/ujit.hpp"
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace ujit;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit


@njit
def weighted(d):
    s = 0.0
    for k in d:
        s += k * d[k]
    return s


@njit
def edit(d):
    d[10] = 1.0
    d.pop(1)
    d[2] = d[2] * 4.0


@njit
def fill(d, n):
    for i in range(n):
        d[i] = i * 0.5
    return len(d)


@njit
def count(d, text):
    for w in text.split(' '):
        d[w] = d.get(w, 0) + 1


@njit
def grow(s, x):
    s.add(x)
    return 3 in s


@njit
def make(n):
    d = {}
    for i in range(n):
        d[i + 1] = i * 2.0
    return d


@njit
def sums(d):
    t = 0.0
    for k in d:
        t += d[k].sum()
    d[100] = np.ones(3)
    return t


@njit
def tuple_keys(d):
    t = 0
    for k in d:
        t += k[0] * k[1] * d[k]
    return t


@njit
def fails(d):
    d[5] = 1.0
    d[6] = 2.0
    raise ValueError('no')


@njit
def fails_str(d, w):
    d[w + '!'] = d[w] + 1
    d.pop(w)
    raise ValueError('no')


@njit
def replace_fails(d):
    d[1] = np.zeros(2)
    raise ValueError('no')


@njit
def replace_list_fails(d):
    d[1] = [5.0]
    raise ValueError('no')


@njit
def ones(n):
    return np.ones(n)


@njit
def nested(n):
    return {1: {2: n}, 3: {4: n + 1}}


@njit
def dicts_in_list(n):
    return [{2: np.ones(n)}, {5: np.zeros(n)}]


@njit
def narrow(d):
    d[1] = 2
)";

int64_t live() {
    ujit_nrt_stats s = ujit_nrt_get_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

Value int_float_dict(std::vector<std::pair<int, double>> entries) {
    Value::Dict d;
    for (auto [k, v] : entries) {
        d.keys.emplace_back(k);
        d.values.emplace_back(v);
    }
    return Value(std::move(d));
}

std::string argument_error(const Function& f, std::vector<Value> args) {
    try {
        f.call(args);
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Argument);
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("a dict argument from C++ is read by compiled code", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    // CPython: sum(k * v for k, v in {1: 0.5, 2: 1.5, 3: 2.0}.items()) == 9.5
    CHECK(m.function("weighted")(int_float_dict({{1, 0.5}, {2, 1.5}, {3, 2.0}})).as<double>() == 9.5);
    Value::Dict keyed;  // (1, 2): 3, (4, 5): 6  → 1*2*3 + 4*5*6 == 126
    keyed.keys = {Value(Value::Tuple{1, 2}), Value(Value::Tuple{4, 5})};
    keyed.values = {3, 6};
    CHECK(m.function("tuple_keys")(Value(keyed)).as<int64_t>() == 126);
}

TEST_CASE("what compiled code leaves in a dict argument is the caller's after the call", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    Value d = int_float_dict({{1, 0.5}, {2, 1.5}, {3, 2.0}});
    Value alias = d;  // a copy shares the dict, as a Python reference does
    m.function("edit")(d);
    // CPython: d = {1: 0.5, 2: 1.5, 3: 2.0}; d[10] = 1.0; d.pop(1); d[2] *= 4 → {2: 6.0, 3: 2.0, 10: 1.0}
    CHECK(alias.repr() == "{2: 6.0, 3: 2.0, 10: 1.0}");
    CHECK(alias.dict().key_type.empty());  // typed from the entries, as given

    // An empty dict with its types (Dict.empty(int64, float64)) is filled in place.
    Value::Dict empty;
    empty.key_type = "int64";
    empty.value_type = "float64";
    Value e(std::move(empty));
    CHECK(m.function("fill")(e, 3).as<int64_t>() == 3);
    CHECK(e.repr() == "{0: 0.0, 1: 0.5, 2: 1.0}");

    // str keys: CPython's word count of "a b a c a" into {'b': 5} → {'b': 6, 'a': 3, 'c': 1}
    Value::Dict words;
    words.keys = {Value("b")};
    words.values = {5};
    Value w(std::move(words));
    m.function("count")(w, Value("a b a c a"));
    CHECK(w.repr() == "{'b': 6, 'a': 3, 'c': 1}");
}

TEST_CASE("a set argument is read and written back", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    Value s(Value::Set{{1, 2}, ""});
    CHECK(m.function("grow")(s, 3).as<bool>() == true);  // CPython: s.add(3); 3 in s
    std::vector<int64_t> items;
    for (const Value& x : s.set().items) items.push_back(x.as<int64_t>());
    std::sort(items.begin(), items.end());
    CHECK(items == std::vector<int64_t>{1, 2, 3});
    // An empty set with its item type.
    Value e(Value::Set{{}, "int64"});
    CHECK(m.function("grow")(e, 7).as<bool>() == false);
    CHECK(e.repr() == "{7}");
}

TEST_CASE("a dict result passes back in, even empty", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    Value d = m.function("make")(3);
    CHECK(d.dict().key_type == "int64");
    CHECK(d.dict().value_type == "float64");
    // CPython: {1: 0.0, 2: 2.0, 3: 4.0} → 0 + 4 + 12
    CHECK(m.function("weighted")(d).as<double>() == 16.0);
    Value empty = m.function("make")(0);
    CHECK(m.function("weighted")(empty).as<double>() == 0.0);
}

TEST_CASE("array values of a dict argument keep their owners", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    std::vector<double> a{1.0, 2.0, 3.0};
    {
        Value::Dict warm;
        warm.keys = {1};
        warm.values = {Value(ArrayRef::c_order(a.data(), DType::Float64, {3}))};
        m.function("sums")(Value(std::move(warm)));  // compiled: the counters see the next call only
    }
    int64_t before = live();
    {
        Value::Dict d;
        d.keys = {1};
        d.values = {Value(ArrayRef::c_order(a.data(), DType::Float64, {3}))};
        Value v(std::move(d));
        CHECK(m.function("sums")(v).as<double>() == 6.0);
        REQUIRE(v.dict().keys.size() == 2);
        const Value& made = v.dict().values[1];  // np.ones(3), owned by the Value now
        REQUIRE(made.is_array());
        CHECK(made.owner());
        CHECK(static_cast<const double*>(made.array().data)[2] == 1.0);
    }
    CHECK(live() == before);
}

TEST_CASE("a call that raises leaves a dict argument as it was and leaks nothing", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    Value d = int_float_dict({{1, 0.5}});
    CHECK_THROWS_AS(m.function("fails")(d), Error);
    int64_t before = live();
    try {
        m.function("fails")(d);
        FAIL("no exception");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "ValueError");
    }
    CHECK(d.repr() == "{1: 0.5}");
    CHECK(live() == before);
}

// A str key holds a counted string: the dict's reference goes with the dict after a return
// and after a raise, whether the key came from the caller or from compiled code.
TEST_CASE("str keys of a dict argument leak nothing, returned or raised", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    auto words = [] {
        Value::Dict d;
        d.keys = {Value("b"), Value("c")};
        d.values = {5, 7};
        return Value(std::move(d));
    };
    Value warm = words();
    m.function("count")(warm, Value("a b"));
    CHECK_THROWS_AS(m.function("fails_str")(warm, Value("b")), Error);
    int64_t before = live();
    {
        Value w = words();
        m.function("count")(w, Value("a b a c a"));
        CHECK(w.repr() == "{'b': 6, 'c': 8, 'a': 3}");
    }
    CHECK(live() == before);
    {
        Value w = words();
        CHECK_THROWS_AS(m.function("fails_str")(w, Value("b")), Error);
        CHECK(w.repr() == "{'b': 5, 'c': 7}");
    }
    CHECK(live() == before);
}

// The dict's reference to an owned array value is the caller's to release after a raise, even
// when the call replaced the value (the dict released it then).
TEST_CASE("a call that raises after replacing an owned array value leaks and frees nothing",
          "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    auto fails_on = [&](const Value& array) {
        Value::Dict d;
        d.keys = {1};
        d.values = {array};
        Value v(std::move(d));
        CHECK_THROWS_AS(m.function("replace_fails")(v), Error);
        CHECK(v.dict().values[0].owner().meminfo() == array.owner().meminfo());
    };
    fails_on(m.function("ones")(3));
    int64_t before = live();
    {
        Value a = m.function("ones")(3);
        REQUIRE(a.owner());
        fails_on(a);
        fails_on(a);
        CHECK(ujit_nrt_refcount(static_cast<ujit_nrt_meminfo*>(a.owner().meminfo())) == 1);
        CHECK(static_cast<const double*>(a.array().data)[2] == 1.0);
    }
    CHECK(live() == before);
    {
        Value::Dict d;
        d.keys = {1};
        d.values = {Value::list_of({1.0, 2.0})};
        Value v(std::move(d));
        CHECK_THROWS_AS(m.function("replace_list_fails")(v), Error);
        CHECK(v.repr() == "{1: [1.0, 2.0]}");
    }
    CHECK(live() == before);
}

TEST_CASE("bad dict and set arguments are Argument errors", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    Function weighted = m.function("weighted");
    CHECK_THAT(argument_error(weighted, {Value(Value::Dict{})}),
               Catch::Contains("cannot type an empty dict argument: give its key_type and value_type"));
    Value::Dict list_keys;
    list_keys.keys = {Value::list_of({1})};
    list_keys.values = {1.0};
    CHECK_THAT(argument_error(weighted, {Value(list_keys)}), Catch::Contains("keys are numbers, str or tuples"));
    Value::Dict uneven;
    uneven.keys = {1, 2};
    uneven.values = {1.0};
    CHECK_THAT(argument_error(weighted, {Value(uneven)}), Catch::Contains("has 2 keys and 1 values"));
    CHECK_THAT(argument_error(weighted, {Value(Value::Set{{}, ""})}), Catch::Contains("cannot type an empty set"));
}

TEST_CASE("an unsafe cast into a typed dict warns NumbaTypeSafetyWarning", "[e2e][dicts][dict_args][warnings]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    std::vector<Warning> seen;
    void* previous_user = nullptr;
    WarningHandler previous = set_warning_handler(
        [](const Warning& w, void* user) { static_cast<std::vector<Warning>*>(user)->push_back(w); }, &seen,
        &previous_user);
    Value::Dict d;
    d.key_type = "int32";
    d.value_type = "int32";
    Value v(std::move(d));
    m.function("narrow")(v);
    m.function("narrow")(v);  // compiled once: warned once
    set_warning_handler(previous, previous_user);
    CHECK(v.repr() == "{1: 2}");
    // Numba: d[1] = 2 into DictType[int32,int32] casts the int64 key and value unsafely (the
    // same warning at the same place, which Python's warnings show once).
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].category == "NumbaTypeSafetyWarning");
    CHECK(seen[0].message == "unsafe cast from int64 to int32. Precision may be lost.");
    CHECK(seen[0].file == "dict_args.py");
    CHECK(seen[0].line == 107);
}

// A dict inside a returned dict or list is copied out with a reference of its own: the outer
// container releases the inner one once (it was released twice: a double free).
TEST_CASE("dicts inside a returned dict or list are released once", "[e2e][dicts][dict_args]") {
    Module m = Module::from_string(kSource, "dict_args.py");
    m.function("nested")(int64_t{1});
    m.function("dicts_in_list")(int64_t{1});
    int64_t before = live();
    for (int i = 0; i < 20; ++i) {
        Value d = m.function("nested")(int64_t{i});
        CHECK(d.repr() == fmt::format("{{1: {{2: {}}}, 3: {{4: {}}}}}", i, i + 1));
        Value l = m.function("dicts_in_list")(int64_t{3});
        REQUIRE(l.list().size() == 2);
        CHECK(static_cast<const double*>(l.list()[0].dict().values[0].array().data)[2] == 1.0);
    }
    CHECK(live() == before);
}
