// Control flow and value-producing conditionals, end to end on the CPU.
#include "codegen_fixture.hpp"

using namespace ujit;
using namespace ujit::codegen::test;
using types::boolean;
using types::float64;
using types::int64;

namespace {

const char* kControl = R"(
def sum_range(a, b, c):
    s = 0
    for i in range(a, b, c):
        s += i
    return s

def sum_stop(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def last_i(n):
    i = -1
    for i in range(n):
        pass
    return i

def loops(n):
    total = 0
    k = 0
    while True:
        k += 1
        if k > n:
            break
        if k % 2 == 0:
            continue
        total += k
    for j in range(3):
        total += 100
    else:
        total += 1000
    for j in range(3):
        if j == n:
            break
    else:
        total += 10000
    return total

def chain(a, b, c):
    return a < b <= c

def either(a, b):
    return a or b

def both(a, b):
    return a and b

def tern(x):
    return 1.5 if x > 0 else -1

def classify(x):
    if x < 0:
        return -1
    elif x == 0:
        return 0
    else:
        return 1

def acc_widen(n):
    acc = 0
    for i in range(n):
        acc += 0.5
    return acc
)";

using I1 = int64_t (*)(int64_t);
using I2 = int64_t (*)(int64_t, int64_t);
using I3 = int64_t (*)(int64_t, int64_t, int64_t);

}  // namespace

TEST_CASE("codegen: for range with 1-3 arguments and negative steps", "[codegen]") {
    auto sr = build(kControl, "sum_range", {int64(), int64(), int64()});
    auto f = as<I3>(sr.entry);
    CHECK(f(10, 0, -3) == 10 + 7 + 4 + 1);
    CHECK(f(0, 10, 3) == 0 + 3 + 6 + 9);
    CHECK(f(5, 5, 1) == 0);
    CHECK(f(0, -5, -1) == -10);
    CHECK(f(0, 5, -1) == 0);
    CHECK(raised([&] { f(0, 10, 0); }).find("ValueError") != std::string::npos);

    auto ss = build(kControl, "sum_stop", {int64()});
    CHECK(as<I1>(ss.entry)(4) == 0 + 1 + 4 + 9);
    CHECK(as<I1>(ss.entry)(-3) == 0);

    auto li = build(kControl, "last_i", {int64()});
    CHECK(as<I1>(li.entry)(5) == 4);   // the target keeps its last value
    CHECK(as<I1>(li.entry)(0) == -1);  // and is untouched when the loop never runs
}

TEST_CASE("codegen: while, break, continue and loop else", "[codegen]") {
    auto lp = build(kControl, "loops", {int64()});
    CHECK(as<I1>(lp.entry)(5) == 1 + 3 + 5 + 300 + 1000 + 10000);
    CHECK(as<I1>(lp.entry)(1) == 1 + 300 + 1000);  // the second for breaks at j == 1
}

TEST_CASE("codegen: chained comparisons, and/or values, conditional expressions", "[codegen]") {
    auto ch = build(kControl, "chain", {int64(), int64(), int64()});
    auto c = as<uint8_t (*)(int64_t, int64_t, int64_t)>(ch.entry);
    CHECK(c(1, 2, 2) == 1);
    CHECK(c(1, 2, 1) == 0);
    CHECK(c(3, 2, 5) == 0);

    auto ei = build(kControl, "either", {int64(), int64()});
    CHECK(as<I2>(ei.entry)(0, 7) == 7);
    CHECK(as<I2>(ei.entry)(3, 7) == 3);
    auto bo = build(kControl, "both", {int64(), int64()});
    CHECK(as<I2>(bo.entry)(0, 7) == 0);
    CHECK(as<I2>(bo.entry)(3, 7) == 7);
    // int or float unifies to float64
    auto mixed = build(kControl, "either", {int64(), float64()});
    CHECK(as<double (*)(int64_t, double)>(mixed.entry)(0, 2.5) == 2.5);
    CHECK(as<double (*)(int64_t, double)>(mixed.entry)(4, 2.5) == 4.0);

    auto te = build(kControl, "tern", {int64()});
    CHECK(as<double (*)(int64_t)>(te.entry)(3) == 1.5);
    CHECK(as<double (*)(int64_t)>(te.entry)(-3) == -1.0);

    auto cl = build(kControl, "classify", {float64()});
    CHECK(as<int64_t (*)(double)>(cl.entry)(-2.0) == -1);
    CHECK(as<int64_t (*)(double)>(cl.entry)(0.0) == 0);
    CHECK(as<int64_t (*)(double)>(cl.entry)(0.1) == 1);

    auto aw = build(kControl, "acc_widen", {int64()});
    CHECK(as<double (*)(int64_t)>(aw.entry)(5) == 2.5);
}

TEST_CASE("codegen: bool arguments and results are i8 at the boundary", "[codegen]") {
    auto bo = build(kControl, "both", {boolean(), boolean()});
    auto f = as<uint8_t (*)(uint8_t, uint8_t)>(bo.entry);
    CHECK(f(1, 1) == 1);
    CHECK(f(1, 0) == 0);
    CHECK(f(0, 1) == 0);
}
