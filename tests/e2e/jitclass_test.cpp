// numba.experimental.jitclass through the C++ API: a @jitclass class defined in the module's
// source, made and used by compiled functions (members, methods calling each other,
// properties with setters, static methods, instances as arguments and results of compiled
// functions and as members of other instances). The instance is counted memory: it dies with
// its last reference, releasing the arrays and instances it holds (the allocation counters
// come back). Expected values are CPython's for the same source run without the decorators.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass


@jitclass([("n", int64), ("s1", float64), ("s2", float64)])
class Moments:
    def __init__(self):
        self.n = 0
        self.s1 = 0.0
        self.s2 = 0.0

    def push(self, x):
        self.n += 1
        self.s1 += x
        self.s2 += x * x

    def push_all(self, a):
        for v in a:
            self.push(v)
        return self.n

    @property
    def mean(self):
        return self.s1 / self.n

    @property
    def count(self):
        return self.n

    @count.setter
    def count(self, value):
        self.n = value

    @staticmethod
    def twice(x):
        return 2 * x


@jitclass({"values": float64[:], "child": Moments})
class Holder:
    def __init__(self, n):
        self.values = np.arange(n) * 1.5
        self.child = Moments()
        self.child.push_all(self.values)


@njit
def stats(a):
    r = Moments()
    r.push_all(a)
    return r.n, r.mean, r.s2


@njit
def counted(k):
    r = Moments()
    r.count = k
    r.count += 1
    return r.count, Moments.twice(k), r.twice(3)


@njit
def make(n):
    h = Holder(n)
    return h


@njit
def mean_of(h):
    return h.child.mean + h.values.sum()


@njit
def chain(n):
    h = make(n)
    return mean_of(h)
)";

int64_t live() {
    AllocationStats s = allocation_stats();
    return static_cast<int64_t>(s.alloc - s.free) + static_cast<int64_t>(s.mi_alloc - s.mi_free);
}

}  // namespace

TEST_CASE("a jitclass made in compiled code runs its methods and properties", "[e2e][jitclass]") {
    Module m = Module::from_string(kSource, "jitclass.py");
    std::vector<double> data = {1.0, 3.0, 5.0, 11.0};
    ArrayRef a = ArrayRef::c_order(data.data(), DType::Float64, {4});
    // CPython: n=4, mean=5.0, sum of squares 1+9+25+121
    CHECK(m.function("stats")(a).repr() == "(4, 5.0, 156.0)");
    CHECK(m.function("counted")(int64_t{7}).repr() == "(8, 14, 6)");
}

TEST_CASE("jitclass instances holding arrays and instances leak nothing", "[e2e][jitclass]") {
    Module m = Module::from_string(kSource, "jitclass.py");
    // values = [0, 1.5, 3, 4.5]: mean 2.25, sum 9.0
    CHECK(m.function("chain")(int64_t{4}).as<double>() == 11.25);
    int64_t before = live();
    CHECK(m.function("chain")(int64_t{4}).as<double>() == 11.25);
    CHECK(m.function("chain")(int64_t{100}).as<double>() == 74.25 + 7425.0);
    CHECK(live() == before);
}

TEST_CASE("what jitclass typing refuses is a located error", "[e2e][jitclass]") {
    auto error_of = [](const std::string& body, const std::string& call = "f") {
        std::string src = std::string(kSource) + "\n\n@njit\ndef f(x):\n" + body + "\n";
        try {
            Module m = Module::from_string(src, "bad.py");
            m.function(call)(1.0);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(error_of("    r = Moments()\n    return r.nope"),
               Contains("bad.py:") && Contains("Unknown attribute 'nope' of type instance.jitclass.Moments#<n:int64,"
                                               "s1:float64,s2:float64>"));
    CHECK_THAT(error_of("    r = Moments()\n    r.other = x"),
               Contains("Cannot resolve setattr: (instance.jitclass.Moments#<n:int64,s1:float64,s2:float64>).other "
                        "= float64"));
    CHECK_THAT(error_of("    r = Moments()\n    r.s1 = np.zeros(3)"),
               Contains("Cannot resolve setattr") && Contains(".s1 = array(float64, 1d, C)"));
    CHECK_THAT(error_of("    r = Moments()\n    r.push(1.0, 2.0)"),
               Contains("Moments.push() takes 2 positional arguments but 3 were given"));
    CHECK_THAT(error_of("    return Moments(x)"),
               Contains("Moments.__init__() takes 1 positional argument but 2 were given"));
}
