// Arithmetic with Python's semantics, compiled end to end on the CPU. Expected values are
// CPython's (and Numba's where they differ from CPython, e.g. int ** negative int).
#include "codegen_fixture.hpp"

#include <cmath>

using namespace ujit;
using namespace ujit::codegen::test;
using types::float32;
using types::float64;
using types::int64;

namespace {

const char* kArith = R"(
def floordiv(a, b):
    return a // b

def mod(a, b):
    return a % b

def power(a, b):
    return a ** b

def square(x):
    return x ** 2

def cube_inv(x):
    return x ** -3

def root(x):
    return x ** 0.5

def truediv(a, b):
    return a / b

def shifts(a, b):
    return a << b, a >> b

def bits(a, b):
    return (a & b) | (~a ^ b)

def neg_pos(a):
    return -a, +a, not a
)";

using I2 = int64_t (*)(int64_t, int64_t);
using F2 = double (*)(double, double);

}  // namespace

TEST_CASE("codegen: integer // and % round toward minus infinity", "[codegen]") {
    auto fd = build(kArith, "floordiv", {int64(), int64()});
    auto md = build(kArith, "mod", {int64(), int64()});
    struct Case {
        int64_t a, b, q, r;
    };
    for (Case c : {Case{-7, 2, -4, 1}, Case{7, -2, -4, -1}, Case{-7, -2, 3, -1}, Case{7, 2, 3, 1}, Case{0, 3, 0, 0},
                   Case{-1, 5, -1, 4}, Case{6, -3, -2, 0}}) {
        INFO(c.a << " // " << c.b);
        CHECK(as<I2>(fd.entry)(c.a, c.b) == c.q);
        CHECK(as<I2>(md.entry)(c.a, c.b) == c.r);
    }
}

TEST_CASE("codegen: float // and % follow CPython's float_divmod", "[codegen]") {
    auto fd = build(kArith, "floordiv", {float64(), float64()});
    auto md = build(kArith, "mod", {float64(), float64()});
    CHECK(as<F2>(fd.entry)(-7.5, 2.0) == -4.0);
    CHECK(as<F2>(md.entry)(-7.5, 2.0) == 0.5);
    CHECK(as<F2>(fd.entry)(7.5, -2.0) == -4.0);
    CHECK(as<F2>(md.entry)(7.5, -2.0) == -0.5);
    CHECK(as<F2>(fd.entry)(1.0, 0.1) == 9.0);
    CHECK(as<F2>(md.entry)(1.0, 0.1) == 0.09999999999999995);
    double z = as<F2>(md.entry)(-4.0, 2.0);  // zero remainder takes the divisor's sign
    CHECK(z == 0.0);
    CHECK_FALSE(std::signbit(z));
    CHECK(std::signbit(as<F2>(md.entry)(4.0, -2.0)));
    // mixed int/float operands
    auto mixed = build(kArith, "mod", {int64(), float64()});
    CHECK(as<double (*)(int64_t, double)>(mixed.entry)(-7, 2.5) == 0.5);
}

TEST_CASE("codegen: division by zero raises ZeroDivisionError through guarded_call", "[codegen]") {
    auto fd = build(kArith, "floordiv", {int64(), int64()});
    auto md = build(kArith, "mod", {float64(), float64()});
    auto td = build(kArith, "truediv", {int64(), int64()});
    int64_t r = 0;
    std::string err = raised([&] { r = as<I2>(fd.entry)(1, 0); });
    CHECK(err.find("by zero") != std::string::npos);
    err = raised([&] { as<F2>(md.entry)(1.0, 0.0); });
    CHECK(err.find("by zero") != std::string::npos);
    double q = 0;
    err = raised([&] { q = as<double (*)(int64_t, int64_t)>(td.entry)(1, 0); });
    CHECK(err.find("by zero") != std::string::npos);
    // The process stays usable and the same code runs fine afterwards.
    CHECK(raised([&] { r = as<I2>(fd.entry)(9, 2); }).empty());
    CHECK(r == 4);
    CHECK(raised([&] { q = as<double (*)(int64_t, int64_t)>(td.entry)(1, 4); }).empty());
    CHECK(q == 0.25);
}

TEST_CASE("codegen: ** on ints and floats", "[codegen]") {
    auto ip = build(kArith, "power", {int64(), int64()});
    auto pw = as<I2>(ip.entry);
    CHECK(pw(2, 10) == 1024);
    CHECK(pw(-3, 3) == -27);
    CHECK(pw(7, 0) == 1);
    CHECK(pw(2, -1) == 0);   // Numba: |base| > 1 with a negative exponent is 0
    CHECK(pw(1, -5) == 1);
    CHECK(pw(-1, -3) == -1);
    CHECK(raised([&] { pw(0, -1); }).find("ZeroDivisionError") != std::string::npos);

    auto fp = build(kArith, "power", {float64(), int64()});
    auto fpw = as<double (*)(double, int64_t)>(fp.entry);
    CHECK(fpw(2.0, -2) == 0.25);
    CHECK(fpw(1.5, 3) == 3.375);
    CHECK(fpw(-2.0, 5) == -32.0);
    CHECK(fpw(10.0, 0) == 1.0);

    auto ff = build(kArith, "power", {float64(), float64()});
    CHECK(as<F2>(ff.entry)(2.0, 0.5) == std::sqrt(2.0));
    CHECK(as<F2>(ff.entry)(9.0, 1.5) == 27.0);
}

TEST_CASE("codegen: x ** 2 is a multiplication, float32 stays float32", "[codegen]") {
    auto sq = build(kArith, "square", {float32()});
    CHECK(sq.lowered_ir.find("fmul float") != std::string::npos);
    CHECK(sq.lowered_ir.find("pow") == std::string::npos);
    CHECK(as<float (*)(float)>(sq.entry)(1.5f) == 2.25f);
    auto ci = build(kArith, "cube_inv", {float64()});
    CHECK(as<double (*)(double)>(ci.entry)(2.0) == 0.125);
    auto isq = build(kArith, "square", {int64()});
    CHECK(as<int64_t (*)(int64_t)>(isq.entry)(-9) == 81);
}

TEST_CASE("codegen: x ** 0.5 is sqrt with pow's special cases", "[codegen]") {
    auto rt = build(kArith, "root", {float64()});
    auto f = as<double (*)(double)>(rt.entry);
    CHECK(f(16.0) == 4.0);
    CHECK(f(2.0) == std::pow(2.0, 0.5));
    CHECK(f(-INFINITY) == INFINITY);
    CHECK_FALSE(std::signbit(f(-0.0)));
    CHECK(std::isnan(f(-1.0)));
}

TEST_CASE("codegen: shifts, bitwise and unary operators", "[codegen]") {
    auto sh = build(kArith, "shifts", {int64(), int64()});
    struct Pair {
        int64_t l, r;
    };
    Pair p{};
    as<void (*)(Pair*, int64_t, int64_t)>(sh.entry)(&p, -20, 2);
    CHECK(p.l == -80);
    CHECK(p.r == -5);
    as<void (*)(Pair*, int64_t, int64_t)>(sh.entry)(&p, 5, 70);  // shifted out entirely
    CHECK(p.l == 0);
    CHECK(p.r == 0);
    as<void (*)(Pair*, int64_t, int64_t)>(sh.entry)(&p, -5, 70);
    CHECK(p.r == -1);

    auto bt = build(kArith, "bits", {int64(), int64()});
    CHECK(as<I2>(bt.entry)(12, 10) == ((12 & 10) | (~12 ^ 10)));

    auto np = build(kArith, "neg_pos", {float64()});
    struct R {
        double neg, pos;
        uint8_t not_;
    };
    R r{};
    as<void (*)(R*, double)>(np.entry)(&r, 2.5);
    CHECK(r.neg == -2.5);
    CHECK(r.pos == 2.5);
    CHECK(r.not_ == 0);
    as<void (*)(R*, double)>(np.entry)(&r, 0.0);
    CHECK(r.not_ == 1);
}
