#include "cpu_test_support.hpp"

#include "cpu/helper_print.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

using namespace ujit::cpu;
using namespace ujit::cpu::test;

namespace {

std::string fmt(const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::string s = format_print(format, args);
    va_end(args);
    return s;
}

// Runs `body` with ujit_rt_print writing to a temporary file; returns what it wrote.
template <class F> std::string capture(F body) {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    std::FILE* prev = set_print_stream(f);
    body();
    set_print_stream(prev);
    std::rewind(f);
    std::string out;
    char buf[256];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    std::fclose(f);
    return out;
}

}  // namespace

TEST_CASE("print: numbers in Python's repr, bools and strings", "[cpu]") {
    CHECK(fmt("%lld %llu\n", -5LL, 18446744073709551615ULL) == "-5 18446744073709551615\n");
    CHECK(fmt("%.17g %.17g %.17g %.17g", 0.1, 5.0, 1e16, -0.0) == "0.1 5.0 1e+16 -0.0");
    CHECK(fmt("%.17g %.17g %.17g", 1e-5, 1.0 / 0.0, 0.0 / 0.0) == "1e-05 inf nan");
    CHECK(fmt("%s x=%s", "True", "hi") == "True x=hi");
    CHECK(fmt("(%.17g+%.17gj)", 1.0, 2.5) == "(1.0+2.5j)");  // a CUDA kernel's complex on the CPU
    CHECK(fmt("%C %C %C %C", 1.0, 2.0, 0.5, -1.5, 0.0, 3.0, -0.0, 1.0) == "(1+2j) (0.5-1.5j) 3j (-0+1j)");
    CHECK(fmt("100%%") == "100%");
}

TEST_CASE("print: float32 prints like Numba, as the repr of the widened double", "[cpu]") {
    // Numba boxes float32 to a Python float: print(np.float32(0.1)) in @njit code prints
    // 0.10000000149011612 (repr(float(np.float32(0.1))) in CPython).
    CHECK(fmt("%.9g", double(0.1f)) == "0.10000000149011612");
    CHECK(fmt("%.9g %.9g", double(2.5f), double(1e20f)) == "2.5 1.0000000200408773e+20");
}

TEST_CASE("print: a CUDA kernel's floats print as CUDA's printf prints them", "[cpu]") {
    // Numba's CUDA print formats floats with "%f" (notebook 5: "in range 1.674757 7").
    CHECK(fmt("%s %f %lld", "in range", double(1.6747572f), 7LL) == "in range 1.674757 7");
    CHECK(fmt("%f %f %f", -0.5, 1e20, 1.0 / 0.0) == "-0.500000 100000000000000000000.000000 inf");
}

TEST_CASE("print: generated code prints a line through ujit_rt_print", "[cpu]") {
    TestModule t;
    // void show(int64 n, double x) { print("n =", n, x, True) }
    t.define("show", llvm::FunctionType::get(t.void_(), {t.i64(), t.f64()}, false),
             [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                 t.target->emit_print(
                     b, "%s %lld %.17g %s\n",
                     {b.CreateGlobalString("n ="), f.getArg(0), f.getArg(1), b.CreateGlobalString("True")});
                 b.CreateRetVoid();
             });
    auto show = lookup_fn<void (*)(int64_t, double)>(t.jit(), "show");
    std::string out = capture([&] {
        show(3, 0.25);
        show(-1, 1e100);
    });
    CHECK(out == "n = 3 0.25 True\nn = -1 1e+100 True\n");
}
