// `raise` and `assert` in compiled code reach C++ callers as ujit::Error (Kind::Runtime)
// carrying Python's class and message; CPython's behaviour of the same source is the oracle
// (the expected class and message are what `python3 -c` prints for each input).
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"
#include "ujit/ujit.hpp"

#include <string>
#include <utility>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(from numba import njit


class NegativeError(Exception):
    pass


class StrictError(NegativeError):
    pass


@njit
def checked(x):
    if x < 0:
        raise ValueError("negative")
    if x == 0:
        raise ZeroDivisionError
    if x == 1:
        raise KeyError()
    if x == 2:
        raise StrictError("mine")
    assert x != 5, "five"
    assert x != 6
    return x * 2
)";

// {class, message} of the exception checked(x) raises; {"", ""} when it returns.
std::pair<std::string, std::string> raised_by(Function& f, int64_t x) {
    try {
        f(x);
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Runtime);
        return {e.exception_class(), e.exception_message()};
    }
    return {"", ""};
}

}  // namespace

TEST_CASE("raise and assert reach C++ as Python's class and message", "[e2e][raise]") {
    Module m = Module::from_string(kSource, "checked.py");
    Function f = m.function("checked");
    using P = std::pair<std::string, std::string>;
    CHECK(raised_by(f, -1) == P{"ValueError", "negative"});
    CHECK(raised_by(f, 0) == P{"ZeroDivisionError", ""});
    CHECK(raised_by(f, 1) == P{"KeyError", ""});
    CHECK(raised_by(f, 2) == P{"StrictError", "mine"});  // a subclass of a subclass of Exception
    CHECK(raised_by(f, 5) == P{"AssertionError", "five"});
    CHECK(raised_by(f, 6) == P{"AssertionError", ""});
    CHECK(f(7).as<int64_t>() == 14);  // usable after each raise
    try {
        f(-3);
        FAIL("no raise");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "ValueError: negative (raised in checked at checked.py:15:9)");
    }
}

// Numba's dynamic exceptions: arguments that are run-time values are formatted when the raise
// runs, into what Python's str(exc) gives (`python3 -c` of the same source is the oracle).
TEST_CASE("a raise with run-time arguments carries the message built from them", "[e2e][raise]") {
    Module m = Module::from_string(R"(def first_negative(a):
    for i in range(a.shape[0]):
        if a[i] < 0:
            raise ValueError("negative value at index " + str(i) + " is " + str(a[i]))
    return -1


def several(i, x, s):
    raise KeyError(s, i, x, "it's", None, i < 0)


def one(x):
    raise ValueError(x)
)",
                                   "dyn.py");
    Function first_negative = m.function("first_negative"), several = m.function("several"), one = m.function("one");
    Array a(DType::Float64, {3});
    double* d = a.data<double>();
    d[0] = 1.0, d[1] = -2.5, d[2] = -3.0;
    using P = std::pair<std::string, std::string>;
    test::Live live;
    for (int k = 0; k < 50; ++k) {  // the message's string and the formatted payload are freed each time
        try {
            first_negative(a.ref());
            FAIL("no raise");
        } catch (const Error& e) {
            CHECK(P{e.exception_class(), e.exception_message()} ==
                  P{"ValueError", "negative value at index 1 is -2.5"});
            CHECK(std::string(e.what()) ==
                  "ValueError: negative value at index 1 is -2.5 (raised in first_negative at dyn.py:4:13)");
        }
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
    try {
        several(int64_t(-3), 0.1, std::string("k\"ey"));
        FAIL("no raise");
    } catch (const Error& e) {
        CHECK(P{e.exception_class(), e.exception_message()} ==
              P{"KeyError", "('k\"ey', -3, 0.1, \"it's\", None, True)"});
    }
    for (auto [x, text] : {std::pair{1e16, "1e+16"}, std::pair{-0.0, "-0.0"}, std::pair{2.5, "2.5"}}) {
        try {
            one(x);
            FAIL("no raise");
        } catch (const Error& e) {
            CHECK(e.exception_message() == text);
        }
    }
}

TEST_CASE("a builtin run-time error names its class and message too", "[e2e][raise]") {
    Module m = Module::from_string("def d(a, b):\n    return a // b\n", "d.py");
    try {
        m.function("d")(1, 0);
        FAIL("no raise");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "ZeroDivisionError");
        CHECK(e.exception_message() == "integer division by zero");  // Numba's words for int //
    }
}

TEST_CASE("a run-time error with values gives its class and NumPy's message with them", "[e2e][raise]") {
    Module m = Module::from_string("from numba import njit\n@njit\ndef put(out, a):\n    out[:] = a\n", "put.py");
    Array out(DType::Float64, {3}), a(DType::Float64, {4});
    try {
        m.function("put")(out.ref(), a.ref());
        FAIL("no raise");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "ValueError");
        CHECK(e.exception_message() == "could not broadcast input array from shape (4,) into shape (3,)");
        CHECK_THAT(e.what(), Contains("ValueError: could not broadcast input array from shape (4,) into shape (3,)"));
    }
}

TEST_CASE("unsupported raises are located errors", "[e2e][raise]") {
    auto compile_error = [](const std::string& body) {
        try {
            Module m = Module::from_string("class Plain:\n    pass\n\n\ndef f(x):\n" + body, "bad.py");
            m.function("f")(1);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Compile);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(compile_error("    raise ValueError((x, x))\n"),
               Contains("bad.py:6:22: error: ujit raises exceptions with arguments that are numbers, bools, strings "
                        "or None; this one is"));
    CHECK_THAT(compile_error("    raise x\n"), Contains("bad.py:6:11: error: 'x' is a variable"));
    CHECK_THAT(compile_error("    raise Plain\n"), Contains("'Plain' is not an exception class"));
    CHECK_THAT(compile_error("    raise Undefined\n"), Contains("name 'Undefined' is not defined"));
    CHECK_THAT(compile_error("    raise\n"), Contains("bad.py:6:5: error: a bare 'raise' (re-raise) is not supported"));
    CHECK_THAT(compile_error("    raise ValueError from None\n"), Contains("'raise ... from' is not supported"));
    CHECK_THAT(compile_error("    assert x, (x, 1)\n"), Contains("bad.py:6:15: error: ujit raises exceptions with"));
}

// try/except (docs/language.md#tryexcept): what a handler catches never reaches C++; what
// try/finally raises again does, as the same class and message (CPython: the same source).
TEST_CASE("try/except catches in compiled code, try/finally's raise reaches C++", "[e2e][raise][try]") {
    Module m = Module::from_string(R"(class Negative(Exception):
    pass


def divide(a, b):
    if b < 0:
        raise Negative("negative divisor")
    return a // b


def safe(a, b):
    try:
        r = divide(a, b)
    except Exception:
        r = -1
    return r


def cleanup(a, b):
    n = 0
    try:
        n = divide(a, b)
    finally:
        n = n + 100
    return n
)",
                                   "try.py");
    Function safe = m.function("safe"), cleanup = m.function("cleanup");
    CHECK(safe(7, 2).as<int64_t>() == 3);
    CHECK(safe(7, 0).as<int64_t>() == -1);
    CHECK(safe(7, -1).as<int64_t>() == -1);
    CHECK(cleanup(7, 2).as<int64_t>() == 103);
    using P = std::pair<std::string, std::string>;
    auto raised = [](Function& f, int64_t a, int64_t b) {
        try {
            f(a, b);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Runtime);
            return P{e.exception_class(), e.exception_message()};
        }
        return P{"", ""};
    };
    CHECK(raised(cleanup, 7, -1) == P{"Negative", "negative divisor"});
    CHECK(raised(cleanup, 7, 0) == P{"ZeroDivisionError", "integer division by zero"});
    CHECK(cleanup(9, 3).as<int64_t>() == 103);  // usable after
}
