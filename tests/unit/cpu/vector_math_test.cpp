// Vectorized math against glibc's scalar libm: every function a @vectorize loop can reach
// through libmvec (optimize.cpp, libmvec.cpp) stays within 2 ulp of the scalar result at
// every point of a sweep over its domain, float64 and float32. The sweep has
// UJIT_ULP_POINTS points (default 1,000,000 here; tools/bench/run_cpu.sh runs 10,000,000).
#include "ujit/ujit.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace ujit;

namespace {

const char* kSource = R"(
import math
from numba import vectorize

@vectorize(['float64(float64)', 'float32(float32)'])
def v_exp(x): return math.exp(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_log(x): return math.log(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_sin(x): return math.sin(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_cos(x): return math.cos(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_tan(x): return math.tan(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_sqrt(x): return math.sqrt(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_tanh(x): return math.tanh(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_erf(x): return math.erf(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_erfc(x): return math.erfc(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_atan(x): return math.atan(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_asin(x): return math.asin(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_acos(x): return math.acos(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_sinh(x): return math.sinh(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_cosh(x): return math.cosh(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_asinh(x): return math.asinh(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_acosh(x): return math.acosh(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_atanh(x): return math.atanh(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_expm1(x): return math.expm1(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_log1p(x): return math.log1p(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_log2(x): return math.log2(x)
@vectorize(['float64(float64)', 'float32(float32)'])
def v_log10(x): return math.log10(x)
@vectorize(['float64(float64, float64)', 'float32(float32, float32)'])
def v_pow(x, y): return math.pow(x, y)
@vectorize(['float64(float64, float64)', 'float32(float32, float32)'])
def v_atan2(y, x): return math.atan2(y, x)
@vectorize(['float64(float64, float64)', 'float32(float32, float32)'])
def v_hypot(x, y): return math.hypot(x, y)
)";

const Module& module() {
    static Module m = Module::from_string(kSource, "vector_math_test.py");
    return m;
}

int64_t points() {
    const char* s = std::getenv("UJIT_ULP_POINTS");
    return s ? std::max<int64_t>(16, std::atoll(s)) : 1'000'000;
}

// Distance in units in the last place: floats ordered as integers.
template <class T> int64_t ulps(T a, T b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : INT64_MAX;
    using I = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
    auto ord = [](T v) {
        I i = std::bit_cast<I>(v);
        return int64_t(i < 0 ? std::numeric_limits<I>::min() - i : i);
    };
    int64_t d = ord(a) - ord(b);
    return d < 0 ? -d : d;
}

struct Domain {
    double lo, hi;
    bool log_spaced = false;  // positive: geometric steps, every binade covered
};

// Point k of n in [lo, hi].
double at(const Domain& d, int64_t k, int64_t n) {
    double t = double(k) / double(n - 1);
    return d.log_spaced ? std::exp(std::log(d.lo) + t * (std::log(d.hi) - std::log(d.lo))) : d.lo + t * (d.hi - d.lo);
}

template <class T> DType dtype_of() { return sizeof(T) == 4 ? DType::Float32 : DType::Float64; }

// Max ulp of `name` (arity 1 or 2) against `ref`; the second operand walks its domain at
// a step coprime to the first so that pairs cover the plane.
template <class T, class Ref>
int64_t max_ulp(const std::string& name, Domain d0, const Domain* d1, Ref ref, T* worst_x = nullptr) {
    const int64_t n = points();
    Array x(dtype_of<T>(), {n}), y(dtype_of<T>(), {n}), out(dtype_of<T>(), {n});
    for (int64_t k = 0; k < n; ++k) {
        x.data<T>()[k] = T(at(d0, k, n));
        if (d1) y.data<T>()[k] = T(at(*d1, (k * 7919) % n, n));
    }
    Function f = module().function(name);
    if (d1)
        f.vectorize_call({x, y}, out.ref());
    else
        f.vectorize_call({x}, out.ref());
    int64_t worst = 0;
    for (int64_t k = 0; k < n; ++k) {
        T expect = d1 ? ref(x.data<T>()[k], y.data<T>()[k]) : ref(x.data<T>()[k], T(0));
        int64_t u = ulps(out.data<T>()[k], expect);
        if (u > worst) {
            worst = u;
            if (worst_x) *worst_x = x.data<T>()[k];
        }
    }
    return worst;
}

struct Case {
    const char* name;
    Domain d64, d32;
    double (*f64)(double, double);
    float (*f32)(float, float);
    bool binary = false;
    Domain e64{}, e32{};  // second operand
};

#define UJIT_UNARY(fn, d64, d32)                                                                                       \
    Case {                                                                                                             \
        "v_" #fn, d64, d32, [](double a, double) { return std::fn(a); }, [](float a, float) { return std::fn(a); }     \
    }
#define UJIT_BINARY(fn, d64, d32, e64, e32)                                                                            \
    Case {                                                                                                             \
        "v_" #fn, d64, d32, [](double a, double b) { return std::fn(a, b); },                                          \
            [](float a, float b) { return std::fn(a, b); }, true, e64, e32                                             \
    }

const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        UJIT_UNARY(exp, (Domain{-745, 710}), (Domain{-104, 89})),
        UJIT_UNARY(log, (Domain{1e-300, 1e300, true}), (Domain{1e-37f, 1e37f, true})),
        UJIT_UNARY(sin, (Domain{-1e5, 1e5}), (Domain{-1e4, 1e4})),
        UJIT_UNARY(cos, (Domain{-1e5, 1e5}), (Domain{-1e4, 1e4})),
        UJIT_UNARY(tan, (Domain{-1e5, 1e5}), (Domain{-1e4, 1e4})),
        UJIT_UNARY(sqrt, (Domain{1e-300, 1e300, true}), (Domain{1e-37f, 1e37f, true})),
        UJIT_UNARY(tanh, (Domain{-25, 25}), (Domain{-12, 12})),
        UJIT_UNARY(erf, (Domain{-7, 7}), (Domain{-5, 5})),
        UJIT_UNARY(erfc, (Domain{-7, 27.5}), (Domain{-5, 10})),
        UJIT_UNARY(atan, (Domain{-1e4, 1e4}), (Domain{-1e4, 1e4})),
        UJIT_UNARY(asin, (Domain{-1, 1}), (Domain{-1, 1})),
        UJIT_UNARY(acos, (Domain{-1, 1}), (Domain{-1, 1})),
        UJIT_UNARY(sinh, (Domain{-710, 710}), (Domain{-89, 89})),
        UJIT_UNARY(cosh, (Domain{-710, 710}), (Domain{-89, 89})),
        UJIT_UNARY(asinh, (Domain{-1e5, 1e5}), (Domain{-1e5, 1e5})),
        UJIT_UNARY(acosh, (Domain{1, 1e10, true}), (Domain{1, 1e10, true})),
        UJIT_UNARY(atanh, (Domain{-1, 1}), (Domain{-1, 1})),
        UJIT_UNARY(expm1, (Domain{-40, 709}), (Domain{-20, 88})),
        UJIT_UNARY(log1p, (Domain{-0.999999, 1e10}), (Domain{-0.9999f, 1e10})),
        UJIT_UNARY(log2, (Domain{1e-300, 1e300, true}), (Domain{1e-37f, 1e37f, true})),
        UJIT_UNARY(log10, (Domain{1e-300, 1e300, true}), (Domain{1e-37f, 1e37f, true})),
        UJIT_BINARY(pow, (Domain{1e-3, 1e3, true}), (Domain{1e-3, 1e3, true}), (Domain{-100, 100}), (Domain{-12, 12})),
        UJIT_BINARY(atan2, (Domain{-10, 10}), (Domain{-10, 10}), (Domain{-10, 10}), (Domain{-10, 10})),
        UJIT_BINARY(hypot, (Domain{-1e3, 1e3}), (Domain{-1e3, 1e3}), (Domain{-1e3, 1e3}), (Domain{-1e3, 1e3})),
    };
    return all;
}

}  // namespace

TEST_CASE("vector math: within 2 ulp of glibc's scalar libm over each domain", "[cpu][vecmath]") {
    for (const Case& c : cases()) {
        double wx = 0;
        float wxf = 0;
        int64_t u64 = max_ulp<double>(c.name, c.d64, c.binary ? &c.e64 : nullptr, c.f64, &wx);
        int64_t u32 = max_ulp<float>(c.name, c.d32, c.binary ? &c.e32 : nullptr, c.f32, &wxf);
        INFO(c.name << ": float64 max " << u64 << " ulp (at x=" << wx << "), float32 max " << u32
                    << " ulp (at x=" << wxf << ")");
        CHECK(u64 <= 2);
        CHECK(u32 <= 2);
        if (std::getenv("UJIT_ULP_REPORT"))
            std::printf("%-8s float64 %lld ulp  float32 %lld ulp\n", c.name + 2, (long long)u64, (long long)u32);
    }
}
