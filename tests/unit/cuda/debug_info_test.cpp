// Debug information through the C++ API (codegen/debug_info.cpp): @cuda.jit(lineinfo=True)
// gives the PTX a line table naming the module's file, debug=True full DWARF; ptxas
// assembles both for sm_80 and sm_90. Without either option the PTX carries none.
#include <catch2/catch.hpp>

#include "support/ptxas.hpp"
#include "ujit/ujit.hpp"

#include <regex>
#include <string>

namespace {

std::string kernel_source(const std::string& options) {
    return "from numba import cuda\n"
           "\n"
           "@cuda.jit(" +
           options +
           ")\n"
           "def scale(a, k):\n"
           "    i = cuda.grid(1)\n"  // line 5
           "    if i < a.size:\n"
           "        a[i] = a[i] * k\n";  // line 7
}

std::string ptx_of(const std::string& options, const std::string& arch) {
    auto m = ujit::Module::from_string(kernel_source(options), "/work/kernels/scale.py");
    ujit::Options o;
    o.target = ujit::Target::CUDA;
    o.arch = arch;
    return m.function("scale").compile("void(float32[::1], float32)", o).ptx();
}

bool has_loc(const std::string& ptx, int line, int col) {
    return std::regex_search(ptx,
                             std::regex("\\.loc\\s+\\d+\\s+" + std::to_string(line) + "\\s+" + std::to_string(col)));
}

}  // namespace

TEST_CASE("debug info: lineinfo=True is a line table of the module's file", "[cuda][debuginfo]") {
    for (const char* arch : {"sm_80", "sm_90"}) {
        std::string ptx = ptx_of("lineinfo=True", arch);
        CHECK(ptx.find(".file\t1 \"/work/kernels/scale.py\"") != std::string::npos);
        CHECK(has_loc(ptx, 5, 5));
        CHECK(has_loc(ptx, 7, 9));
        CHECK(ptx.find(".debug_info") == std::string::npos);
        CHECK(ptx.find(", debug") == std::string::npos);
        CHECK(ujit::test::ptxas_check(ptx, arch) == "");
    }
}

TEST_CASE("debug info: debug=True is DWARF that ptxas assembles", "[cuda][debuginfo]") {
    for (const char* arch : {"sm_80", "sm_90"}) {
        std::string ptx = ptx_of("debug=True, opt=False", arch);
        CHECK(ptx.find(std::string(".target ") + arch + ", debug") != std::string::npos);
        CHECK(std::regex_search(ptx, std::regex("\\.section\\s+\\.debug_info")));
        CHECK(has_loc(ptx, 7, 9));
        CHECK(ujit::test::ptxas_check(ptx, arch) == "");
    }
}

TEST_CASE("debug info: none without lineinfo or debug", "[cuda][debuginfo]") {
    std::string ptx = ptx_of("", "sm_90");
    CHECK(ptx.find(".loc") == std::string::npos);
    CHECK(ptx.find(".file") == std::string::npos);
}

TEST_CASE("debug info: opt=False compiles the kernel unoptimized", "[cuda][debuginfo]") {
    // Numba's debugging setting: variables stay in local memory (the depot), not registers.
    std::string unoptimized = ptx_of("opt=False", "sm_90");
    CHECK(unoptimized.find("__local_depot") != std::string::npos);
    CHECK(ptx_of("opt=True", "sm_90").find("__local_depot") == std::string::npos);
    CHECK(ujit::test::ptxas_check(unoptimized, "sm_90") == "");
}
