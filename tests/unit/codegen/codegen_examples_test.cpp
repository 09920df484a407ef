// The course's CPU examples (lang/examples) through codegen, against the CPython oracle's
// values (tests/e2e/expected/examples.json); print() through the CPU runtime.
#include "codegen_fixture.hpp"

#include "cpu/helper_print.hpp"
#include "support/source_dir.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace ujit;
using namespace ujit::codegen::test;
using types::float32;
using types::float64;
using types::int64;

namespace {

std::string example(const std::string& name) {
    std::ifstream in(ujit::test::source_dir() + "/lang/examples/" + name);
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

using Loop = void (*)(char**, int64_t, const int64_t*);

}  // namespace

TEST_CASE("codegen examples: hypot", "[codegen]") {
    auto h = build(example("hypot.py"), "hypot", {float64(), float64()});
    auto f = as<double (*)(double, double)>(h.entry);
    CHECK(f(-3.0, 4.0) == 5.0);
    CHECK(f(1e200, 1e200) == 1.414213562373095e+200);
    CHECK(f(1e-200, 3e-200) == 3.1622776601683794e-200);
    CHECK(f(5e-324, 5e-324) == 5e-324);
    CHECK(f(INFINITY, 1.0) == INFINITY);
    CHECK(raised([&] { f(0.0, 0.0); }).find("ZeroDivisionError") != std::string::npos);
    // "float32(float32, float32)": computed in float64 (1 + t * t), stored as float32
    auto h32 = build(example("hypot.py"), "hypot", {float32(), float32()}, false, float32());
    CHECK(as<float (*)(float, float)>(h32.entry)(0.1f, 0.2f) == 0.22360679507255554f);
}

TEST_CASE("codegen examples: gaussian_pdf as a float32 ufunc loop", "[codegen]") {
    auto g = build(example("gaussian_pdf.py"), "gaussian_pdf", {float32(), float32(), float32()}, true, float32());
    std::vector<float> x, out(17);
    for (int i = 0; i < 17; ++i) x.push_back(-3.0f + 0.375f * i);
    float mean = 0.0f, sigma = 1.0f;
    char* ptrs[] = {reinterpret_cast<char*>(x.data()), reinterpret_cast<char*>(&mean), reinterpret_cast<char*>(&sigma),
                    reinterpret_cast<char*>(out.data())};
    int64_t strides[] = {4, 0, 0, 4};
    as<Loop>(g.entry)(ptrs, 17, strides);
    const float expect[] = {0.004431848414242268f, 0.01272418163716793f, 0.031739652156829834f,
                            0.06878627836704254f,  0.1295175999403f,     0.21187664568424225f,
                            0.30113741755485535f,  0.37185508012771606f, 0.3989422917366028f};
    for (int i = 0; i < 9; ++i) {
        CHECK(out[i] == expect[i]);
        CHECK(out[16 - i] == expect[i]);
    }
}

TEST_CASE("codegen examples: zero_suppress and monte_carlo_pi", "[codegen]") {
    auto i16 = types::integer(16, true);
    auto z = build(example("zero_suppress.py"), "zero_suppress", {i16, i16}, true, i16);
    int16_t w[] = {-32768, -300, -5, 0, 3, 7, 8, 9, 15, 300, 32767}, th = -10, out[11] = {};
    char* ptrs[] = {reinterpret_cast<char*>(w), reinterpret_cast<char*>(&th), reinterpret_cast<char*>(out)};
    int64_t strides[] = {2, 0, 2};
    as<Loop>(z.entry)(ptrs, 11, strides);
    const int16_t expect[] = {0, 0, -5, 0, 3, 7, 8, 9, 15, 300, 32767};
    for (int i = 0; i < 11; ++i) CHECK(out[i] == expect[i]);

    auto mc = build(example("monte_carlo_pi.py"), "monte_carlo_pi", {int64()});
    CHECK(std::abs(as<double (*)(int64_t)>(mc.entry)(2000000) - M_PI) < 0.01);
}

TEST_CASE("codegen: print formats numbers like Python", "[codegen]") {
    const char* src = R"(
import numpy as np

def show(i, x, flag):
    print("i =", i, x, flag, np.float32(0.1), -i // 2)
    return i
)";
    auto p = build(src, "show", {int64(), float64(), types::boolean()});
    std::FILE* tmp = std::tmpfile();
    REQUIRE(tmp);
    std::FILE* prev = cpu::set_print_stream(tmp);
    as<int64_t (*)(int64_t, double, uint8_t)>(p.entry)(7, 2.5, 1);
    cpu::set_print_stream(prev);
    std::rewind(tmp);
    char buf[256] = {};
    size_t n = std::fread(buf, 1, sizeof buf - 1, tmp);
    std::fclose(tmp);
    // Numba prints a float32 through a Python float (box_float widens it to double), so
    // np.float32(0.1) prints as 0.10000000149011612, not as NumPy's '0.1'.
    CHECK(std::string(buf, n) == "i = 7 2.5 True 0.10000000149011612 -4\n");
}
