// Ufunc inner loops (NumPy's signature), builtins, math and user-function calls.
#include "codegen_fixture.hpp"
#include "cpu/helper_errors.hpp"

#include <cmath>

using namespace ujit;
using namespace ujit::codegen::test;
using types::float32;
using types::float64;
using types::int64;

namespace {

const char* kUfuncs = R"(
import math
import numpy as np

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)

def axpy(a, x, y):
    return a * x + y

def zero_suppress(waveform_value, threshold):
    if waveform_value < threshold:
        result = 0
    else:
        result = waveform_value
    return result

def gauss32(x, mean, sigma):
    return math.exp(-((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)

def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y

def polar_distance(rho1, theta1, rho2, theta2):
    x1, y1 = polar_to_cartesian(rho1, theta1)
    x2, y2 = polar_to_cartesian(rho2, theta2)
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5

def hypot(x, y):
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)

def rounding(x):
    return round(x), math.floor(x), math.ceil(x), int(x)

def checks(x):
    return math.isnan(x), math.isinf(x), math.isfinite(x)
)";

using Loop = void (*)(char**, int64_t, const int64_t*);

}  // namespace

TEST_CASE("codegen: ufunc loop, contiguous (vectorized) and strided", "[codegen]") {
    auto u = build(kUfuncs, "axpy", {float32(), float32(), float32()}, /*ufunc=*/true);
    CHECK(u.optimized_ir.find("x float>") != std::string::npos);  // the contiguous loop vectorized
    const int n = 37;
    std::vector<float> a(2 * n), x(n), y(n), out(2 * n, -1.0f);
    for (int i = 0; i < n; ++i) {
        a[2 * i] = 0.5f * i;
        a[2 * i + 1] = 1000.0f;
        x[i] = i + 1.0f;
        y[i] = 3.0f;
    }
    // contiguous: a read as its first n elements
    char* ptrs[] = {reinterpret_cast<char*>(a.data()), reinterpret_cast<char*>(x.data()),
                    reinterpret_cast<char*>(y.data()), reinterpret_cast<char*>(out.data())};
    int64_t contiguous[] = {4, 4, 4, 4};
    as<Loop>(u.entry)(ptrs, n, contiguous);
    for (int i = 0; i < n; ++i) CHECK(out[i] == a[i] * x[i] + y[i]);
    // strided: every other element of a and of out, y broadcast (stride 0)
    std::fill(out.begin(), out.end(), -1.0f);
    int64_t strided[] = {8, 4, 0, 8};
    as<Loop>(u.entry)(ptrs, n, strided);
    for (int i = 0; i < n; ++i) {
        CHECK(out[2 * i] == a[2 * i] * x[i] + y[0]);
        CHECK(out[2 * i + 1] == -1.0f);
    }
}

TEST_CASE("codegen: int16 ufunc keeps int16 storage", "[codegen]") {
    auto i16 = types::integer(16, true);
    auto u = build(kUfuncs, "zero_suppress", {i16, i16}, true, i16);
    int16_t w[] = {-5, 3, 10, 7, 2}, th = 5, out[5] = {};
    char* ptrs[] = {reinterpret_cast<char*>(w), reinterpret_cast<char*>(&th), reinterpret_cast<char*>(out)};
    int64_t strides[] = {2, 0, 2};
    as<Loop>(u.entry)(ptrs, 5, strides);
    int16_t expect[] = {0, 0, 10, 7, 0};
    for (int i = 0; i < 5; ++i) CHECK(out[i] == expect[i]);
}

TEST_CASE("codegen: float32 code stays in float32", "[codegen]") {
    auto g = build(kUfuncs, "gauss32", {float32(), float32(), float32()});
    CHECK(g.lowered_ir.find("fmul float") != std::string::npos);
    CHECK(g.lowered_ir.find("double") == std::string::npos);
    float x = 0.5f, m = 0.0f, s = 1.0f;
    float expect = std::exp(-((x - m) / s) * ((x - m) / s)) / (s * static_cast<float>(std::sqrt(2 * M_PI)));
    CHECK(as<float (*)(float, float, float)>(g.entry)(x, m, s) == Approx(expect).epsilon(1e-6));
}

TEST_CASE("codegen: user functions returning tuples are called and inlined", "[codegen]") {
    auto pd = build(kUfuncs, "polar_distance", {float32(), float32(), float32(), float32()}, true, float32());
    CHECK(pd.optimized_ir.find("polar_to_cartesian") == std::string::npos);  // inlined away
    float r1[] = {1.0f, 2.0f}, t1[] = {0.0f, 0.5f}, r2[] = {1.0f, 3.0f}, t2[] = {1.5707964f, 2.0f}, out[2] = {};
    char* ptrs[] = {reinterpret_cast<char*>(r1), reinterpret_cast<char*>(t1), reinterpret_cast<char*>(r2),
                    reinterpret_cast<char*>(t2), reinterpret_cast<char*>(out)};
    int64_t strides[] = {4, 4, 4, 4, 4};
    as<Loop>(pd.entry)(ptrs, 2, strides);
    for (int i = 0; i < 2; ++i) {
        double dx = r1[i] * std::cos(t1[i]) - r2[i] * std::cos(t2[i]);
        double dy = r1[i] * std::sin(t1[i]) - r2[i] * std::sin(t2[i]);
        CHECK(out[i] == Approx(std::sqrt(dx * dx + dy * dy)).epsilon(1e-5));
    }
}

TEST_CASE("codegen: abs/min/max/math.sqrt (hypot)", "[codegen]") {
    auto h = build(kUfuncs, "hypot", {float64(), float64()});
    auto f = as<double (*)(double, double)>(h.entry);
    CHECK(f(3.0, -4.0) == Approx(5.0));
    CHECK(f(-1e200, 1e200) == Approx(std::sqrt(2.0) * 1e200));
    auto hi = build(kUfuncs, "hypot", {int64(), int64()});
    CHECK(as<double (*)(int64_t, int64_t)>(hi.entry)(-6, 8) == Approx(10.0));
}

TEST_CASE("codegen: round/floor/ceil/int and isnan/isinf/isfinite", "[codegen]") {
    auto r = build(kUfuncs, "rounding", {float64()});
    struct R {
        int64_t round, floor, ceil, trunc;
    } o{};
    auto f = as<void (*)(R*, double)>(r.entry);
    f(&o, 2.5);
    CHECK(o.round == 2);  // ties to even
    CHECK(o.floor == 2);
    CHECK(o.ceil == 3);
    CHECK(o.trunc == 2);
    f(&o, -3.5);
    CHECK(o.round == -4);
    CHECK(o.floor == -4);
    CHECK(o.ceil == -3);
    CHECK(o.trunc == -3);

    auto c = build(kUfuncs, "checks", {float32()});
    struct C {
        uint8_t nan, inf, fin;
    } k{};
    auto g = as<void (*)(C*, float)>(c.entry);
    g(&k, NAN);
    CHECK((k.nan == 1 && k.inf == 0 && k.fin == 0));
    g(&k, -INFINITY);
    CHECK((k.nan == 0 && k.inf == 1 && k.fin == 0));
    g(&k, 1.0f);
    CHECK((k.nan == 0 && k.inf == 0 && k.fin == 1));
}

// A kernel that raises (float division by zero) still vectorizes: its check and its value
// run as separate loops over a chunk (ufunc_split.hpp). A broadcast scalar (stride 0) keeps
// the unit-stride loop. The first bad element raises, with the elements before it written.
TEST_CASE("codegen: raising ufunc kernels vectorize and raise at the first bad element", "[codegen]") {
    auto u = build(kUfuncs, "gauss32", {float32(), float32(), float32()}, /*ufunc=*/true);
    CHECK(u.optimized_ir.find("@ujit_rt_exp_f8") != std::string::npos);
    const int n = 2000;
    std::vector<float> x(n), sigma(n, 1.5f), out(n, -1.0f);
    for (int i = 0; i < n; ++i) x[i] = 0.01f * i - 10.0f;
    float mean = 0.25f;
    char* ptrs[] = {reinterpret_cast<char*>(x.data()), reinterpret_cast<char*>(&mean),
                    reinterpret_cast<char*>(sigma.data()), reinterpret_cast<char*>(out.data())};
    int64_t strides[] = {4, 0, 4, 4};
    as<Loop>(u.entry)(ptrs, n, strides);
    const float sqrt_2pi = float(std::sqrt(2 * M_PI));
    for (int i = 0; i < n; ++i) {
        float t = (x[i] - mean) / sigma[i];
        CHECK(out[i] == Approx(std::exp(-(t * t)) / (sigma[i] * sqrt_2pi)).epsilon(1e-6));
    }
    sigma[1234] = 0.0f;
    std::fill(out.begin(), out.end(), -1.0f);
    ujit::cpu::RuntimeErrorInfo err;
    auto loop = as<Loop>(u.entry);
    CHECK_FALSE(ujit::cpu::guarded_call([&] { loop(ptrs, n, strides); }, err));
    CHECK(err.str().find("ZeroDivisionError") != std::string::npos);
    CHECK(out[1233] != -1.0f);
    CHECK(out[1234] == -1.0f);
    CHECK(out[1235] == -1.0f);
}
