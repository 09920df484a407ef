// Module::from_string with ModuleOptions (host globals, source offsets), Function::kind,
// and the dynamic call's cache of recent specializations: hits of several argument types,
// conversions to declared signatures, and errors that a cached entry must not swallow.
#include <catch2/catch.hpp>

#include "cpu/helper_errors.hpp"
#include "pipeline/call_cache.hpp"
#include "ujit/ujit.hpp"

using namespace ujit;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

Value f32(double x) { return Value::of(DType::Float32, x); }

ModuleOptions host_options() {
    ModuleOptions o;
    o.filename = "user.py";
    o.first_line = 20;
    o.column_offset = 8;
    o.globals = {
        {"K", HostGlobal::constant(f32(2.0))},
        {"PAIR", HostGlobal::constant(Value(Value::Tuple{Value(1), Value(Value::Tuple{Value(2.5)})}))},
        {"m", HostGlobal::module("math")},
        {"root", HostGlobal::module_member("math", "sqrt")},
        {"njit", HostGlobal::module_member("numba", "njit")},
        {"twice", HostGlobal::function("twice_impl")},
    };
    return o;
}

}  // namespace

TEST_CASE("host globals: constants keep their dtype, modules, members, function aliases", "[driver]") {
    Module mod = Module::from_string("@njit\n"
                                     "def f(x):\n"
                                     "    return K * x\n"
                                     "\n"
                                     "def g(x):\n"
                                     "    return PAIR[0] + PAIR[1][0] + m.floor(root(16.0)) + twice(x)\n"
                                     "\n"
                                     "def twice_impl(x):\n"
                                     "    return 2 * x\n",
                                     host_options());
    Value r = mod.function("f")(f32(3.0));
    CHECK(r.dtype() == DType::Float32);  // float32 K * float32 x
    CHECK(r.as<double>() == 6.0);
    CHECK(mod.function("g")(1.0).as<double>() == 1 + 2.5 + 4 + 2);
    CHECK(mod.function("f").kind() == Function::Kind::Jit);
    CHECK(mod.function("g").kind() == Function::Kind::Plain);
}

TEST_CASE("host globals: the module's own bindings win, bad globals are argument errors", "[driver]") {
    ModuleOptions o;
    o.globals = {{"K", HostGlobal::constant(Value(100.0))}};
    Module mod = Module::from_string("K = 3.0\n\ndef f(x):\n    return K * x\n", o);
    CHECK(mod.function("f")(2.0).as<double>() == 6.0);

    auto error_of = [](HostGlobal g) {
        ModuleOptions bad;
        bad.globals = {{"x", std::move(g)}};
        try {
            Module::from_string("def f():\n    return 1\n", bad);
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Argument);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(error_of(HostGlobal::module("os")), Contains("global 'x': module 'os' is not supported"));
    CHECK_THAT(error_of(HostGlobal::module_member("math", "nope")), Contains("cannot import name 'nope'"));
    CHECK_THAT(error_of(HostGlobal::function("missing")), Contains("no function 'missing'"));
    CHECK_THAT(error_of(HostGlobal::constant(Value())), Contains("global 'x' must be a number"));
}

TEST_CASE("source offsets: diagnostics and runtime errors name the user's file positions", "[driver]") {
    ModuleOptions o = host_options();
    o.globals.clear();
    try {
        Module::from_string("def f(x):\n    return x +\n", o);
        FAIL("no compile error");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Compile);
        CHECK(e.file() == "user.py");
        CHECK(e.line() == 21);
        CHECK(e.column() > 8);
        CHECK_THAT(e.what(), StartsWith("user.py:21:"));
        CHECK_THAT(e.what(), Contains("\n                return x +\n"));  // 4 + 8 + 4 spaces
    }
    Module mod = Module::from_string("def d(a, b):\n    return a // b\n", o);
    try {
        mod.function("d")(1, 0);
        FAIL("no runtime error");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Runtime);
        CHECK_THAT(e.what(), Contains("ZeroDivisionError"));
        CHECK_THAT(e.what(), Contains("user.py:21:"));
    }
}

TEST_CASE("dynamic call cache: several argument types, declared signatures, errors", "[driver]") {
    Module mod = Module::from_string("from numba import vectorize\n"
                                     "\n"
                                     "def add(x, y):\n"
                                     "    return x + y\n"
                                     "\n"
                                     "@vectorize(['float64(float64)'])\n"
                                     "def half(x):\n"
                                     "    return x / 2\n",
                                     "cache.py");
    Function add = mod.function("add");
    for (int round = 0; round < 3; ++round) {  // later rounds hit the cache
        CHECK(add(1, 2).dtype() == DType::Int64);
        CHECK(add(1, 2).as<int64_t>() == 3);
        CHECK(add(1.5, 2).as<double>() == 3.5);
        CHECK(add(f32(1.5), f32(2.0)).dtype() == DType::Float32);
        CHECK(add(std::complex<double>(1, 1), 1.0).scalar().c == std::complex<double>(2, 1));
        CHECK(add(true, true).as<int64_t>() == 2);
    }
    // int64 converts to the declared float64 parameter, on every call
    Function half = mod.function("half");
    for (int round = 0; round < 3; ++round) CHECK(half(3).as<double>() == 1.5);
    // a complex argument for a real parameter is rejected, before and after cache hits
    for (int round = 0; round < 2; ++round) {
        CHECK_THROWS_AS(half(std::complex<double>(1, 0)), Error);
        CHECK(half(5.0).as<double>() == 2.5);
    }
    // copies of a Function share its cache; a call with an explicit Options still works
    Function copy = half;
    CHECK(copy(8.0).as<double>() == 4.0);
    Options o;
    o.opt_level = 1;
    CHECK(half.call({Value(8.0)}, o).as<double>() == 4.0);
    CHECK_THROWS_AS(add.call({Value(1)}), Error);  // wrong arity
}

TEST_CASE("dynamic call of plain C++ numbers: the compile-time key, conversions, raises", "[driver]") {
    // operator()'s key, computed in the header, is the cache's key for those dtypes.
    Function::ScalarArg two[] = {Function::ScalarArg(1), Function::ScalarArg(2.5)};
    CHECK(Function::scalar_key<int, double>() == pipeline::scalar_call_key(two, 2));
    Function::ScalarArg mixed[] = {Function::ScalarArg(true), Function::ScalarArg(7L), Function::ScalarArg(1.0f)};
    CHECK(Function::scalar_key<bool, long, float>() == pipeline::scalar_call_key(mixed, 3));
    CHECK(Function::scalar_key<>() == pipeline::scalar_call_key(two, 0));
    CHECK(Function::scalar_key<int, int, int, int, int, int, int, int>() == 0);  // 8: no key
    CHECK(Function::scalar_key<int, double>() != Function::scalar_key<double, int>());

    Module mod = Module::from_string("from numba import njit\n"
                                     "\n"
                                     "def sub(x, y):\n"
                                     "    return x - y\n"
                                     "\n"
                                     "@njit('float64(float64, float64)')\n"
                                     "def ratio(x, y):\n"
                                     "    return x / y\n"
                                     "\n"
                                     "def flip(b):\n"
                                     "    return not b\n"
                                     "\n"
                                     "def sum7(a, b, c, d, e, f, g):\n"
                                     "    return a + b + c + d + e + f + g\n"
                                     "\n"
                                     "def sum8(a, b, c, d, e, f, g, h):\n"
                                     "    return a + b + c + d + e + f + g + h\n",
                                     "plain.py");
    Function sub = mod.function("sub"), ratio = mod.function("ratio"), flip = mod.function("flip");
    Function sum7 = mod.function("sum7"), sum8 = mod.function("sum8");
    for (int round = 0; round < 3; ++round) {  // the first round fills the cache, the others hit it
        // Argument order picks the entry: int - float and float - int are both float64.
        CHECK(sub(5, 1.5).as<double>() == 3.5);
        CHECK(sub(1.5, 5).as<double>() == -3.5);
        CHECK(sub(5, 7).dtype() == DType::Int64);
        CHECK(sub(5, 7).as<int64_t>() == -2);
        CHECK(sub(-(int64_t(1) << 62), 1L).as<int64_t>() == -(int64_t(1) << 62) - 1);  // all 8 bytes
        // int arguments converted to the declared float64 parameters
        CHECK(ratio(7, 2).as<double>() == 3.5);
        CHECK(ratio(7.0, 2).as<double>() == 3.5);
        // A raise through the fast path is an exception each time, and leaves the next call working.
        CHECK_THROWS_WITH(ratio(1.0, 0.0), Contains("ZeroDivisionError") && Contains("plain.py:8"));
        CHECK(ratio(1.0, 4.0).as<double>() == 0.25);
        CHECK(cpu::current_error_guard() == nullptr);
        // bool parameters read from their first byte
        CHECK(flip(true).as<bool>() == false);
        CHECK(flip(false).as<bool>() == true);
        CHECK(sum7(1, 2, 3, 4, 5, 6, 7.5).as<double>() == 28.5);
        CHECK(sum8(1, 2, 3, 4, 5, 6, 7, 8).as<int64_t>() == 36);  // no key: the codes path
    }
}

// pylang2: an array global is frozen as Numba freezes a global array: copied when the module
// is made, C order whatever its strides, read-only in compiled code.
TEST_CASE("host globals: arrays are frozen read-only copies", "[driver]") {
    std::vector<double> table = {1.5, -2.0, 3.25, 4.0};
    std::vector<int16_t> grid = {1, 2, 3, 4, 5, 6};
    ArrayRef columns = ArrayRef::c_order(grid.data(), DType::Int16, {2, 2});
    columns.strides = {6, 2};  // bytes: the first two columns of a 2x3
    ModuleOptions o;
    o.globals = {{"TABLE", HostGlobal::constant(Value(ArrayRef::c_order(table.data(), DType::Float64, {4})))},
                 {"GRID", HostGlobal::constant(Value(columns))}};
    Module mod = Module::from_string("def total():\n"
                                     "    return TABLE.sum() + GRID[1, 1] + GRID.sum()\n"
                                     "def view():\n"
                                     "    return TABLE[1:3]\n"
                                     "def store(x):\n"
                                     "    TABLE[0] = x\n",
                                     o);
    table[0] = 100.0;  // frozen: not seen
    CHECK(mod.function("total")().as<double>() == 1.5 - 2.0 + 3.25 + 4.0 + 5 + 12);
    Value v = mod.function("view")();
    REQUIRE(v.is_array());
    CHECK(v.array().readonly);
    CHECK(static_cast<const double*>(v.array().data)[1] == 3.25);
    CHECK_THROWS_WITH(mod.function("store")(1.0),
                      Contains("Cannot modify readonly array of type: readonly array(float64, 1d, C)"));
}
