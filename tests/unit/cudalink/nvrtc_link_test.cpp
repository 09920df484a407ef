// NVRTC and nvJitLink wrappers, on this machine's CUDA toolkit without a GPU: CUDA C++ to
// PTX, NVRTC's diagnostics at the .cu file's line and column, PTX + PTX linked into a cubin,
// LTO-IR linked into PTX that ptxas accepts, the disk cache, and a missing library.
#include <catch2/catch.hpp>

#include "cudalink/device_link.hpp"
#include "cudalink/nvrtc_compile.hpp"
#include "cudalink/toolkit_libs.hpp"
#include "support/ptxas.hpp"
#include "ujit/ujit.hpp"
#include "unit/cache/cache_test_support.hpp"
#include "unit/cudalink/toolkit_check.hpp"

using namespace ujit::cudalink;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using ujit::cache::test::ScopedEnv;
using ujit::cache::test::TempDir;

namespace {

// numba-cuda's C++ device function ABI: the result through the first pointer, a status int.
const char* kFunctions = R"(extern "C" __device__ int mul_f32_f32(float* return_value, float x, float y) {
    *return_value = x * y;
    return 0;
}
)";

const char* kCaller = R"(extern "C" __device__ int mul_f32_f32(float* return_value, float x, float y);
extern "C" __global__ void scale(float* a, float k) {
    float r;
    mul_f32_f32(&r, a[threadIdx.x], k);
    a[threadIdx.x] = r;
}
)";

// Tests that compile run without the disk cache unless they set one up.
struct NoCache {
    ScopedEnv off{"UJIT_CACHE", std::string("0")};
};

// A disk cache of its own in a temporary directory, for the scope.
struct OwnCache {
    TempDir tmp;
    ScopedEnv dir{"UJIT_CACHE_DIR", (tmp.path() / "c").string()};
    ScopedEnv on{"UJIT_CACHE", std::string("1")};
};

using ujit::test::has_cuda_toolkit;

}  // namespace

TEST_CASE("NVRTC compiles CUDA C++ to PTX for the architecture", "[cudalink]") {
    if (!has_cuda_toolkit()) return;
    NoCache nc;
    CudaCompileOptions o;
    o.arch = "sm_90";
    std::string ptx = compile_cuda({"#include <cuda_fp16.h>\n" + std::string(kCaller) + kFunctions, "both.cu"}, o);
    CHECK_THAT(ptx, Contains(".target sm_90"));
    CHECK_THAT(ptx, Contains(".visible .entry scale("));
    CHECK(ujit::test::ptxas_check(ptx, "sm_90").empty());
}

TEST_CASE("NVRTC's errors are reported at the .cu file's line and column", "[cudalink]") {
    if (!has_cuda_toolkit()) return;
    NoCache nc;
    const char* src = "extern \"C\" __global__ void k(float* a) {\n"
                      "    int i = threadIdx.x;\n"
                      "    a[i] = undefined_thing + 1;\n"
                      "}\n"
                      "__device__ void f() { int unused_var; }\n";
    try {
        compile_cuda({src, "my.cu"}, {});
        FAIL("expected a compile error");
    } catch (const ujit::Error& e) {
        CHECK(e.kind() == ujit::Error::Kind::Compile);
        CHECK_THAT(std::string(e.what()), StartsWith("my.cu:3:12: error: identifier \"undefined_thing\" is undefined\n"
                                                     "      a[i] = undefined_thing + 1;\n"
                                                     "             ^"));
        CHECK_THAT(std::string(e.what()), Contains("my.cu:5:27: warning: variable \"unused_var\" was declared"));
        CHECK(e.file() == "my.cu");
        CHECK(e.line() == 3);
        CHECK(e.column() == 12);
    }
}

TEST_CASE("NVRTC's log without carets keeps the line, column 1", "[cudalink]") {
    CHECK(format_nvrtc_log("a.cu(7): catastrophic error: cannot open source file \"nope.h\"\n\n1 catastrophic error") ==
          "a.cu:7:1: fatal error: cannot open source file \"nope.h\"");
    CHECK(format_nvrtc_log("something else") == "something else");
}

TEST_CASE("nvJitLink links two PTX modules into a cubin for sm_90", "[cudalink]") {
    if (!has_cuda_toolkit()) return;
    NoCache nc;
    CudaCompileOptions o;
    o.arch = "sm_90";
    o.relocatable = true;
    std::string caller = compile_cuda({kCaller, "caller.cu"}, o);
    std::string callee = compile_cuda({kFunctions, "functions.cu"}, o);
    CHECK_THAT(caller, Contains(".extern .func  (.param .b32 func_retval0) mul_f32_f32"));
    LinkOptions lo;
    lo.arch = "sm_90";
    std::string cubin = link_cubin({{LinkKind::Ptx, caller, "caller.ptx"}, {LinkKind::Ptx, callee, "f.ptx"}}, lo);
    REQUIRE(cubin.size() > 4);
    CHECK(cubin.substr(0, 4) == "\x7f"
                                "ELF");
    // A .cu input is compiled by NVRTC in the link.
    CHECK(link_cubin({{LinkKind::Ptx, caller, "caller.ptx"}, {LinkKind::Cu, kFunctions, "functions.cu"}}, lo).size() >
          4);

    // Without the definition the link fails naming the symbol.
    try {
        link_cubin({{LinkKind::Ptx, caller, "caller.ptx"}}, lo);
        FAIL("expected an undefined-symbol error");
    } catch (const ujit::Error& e) {
        CHECK_THAT(std::string(e.what()), Contains("linking device code for sm_90 failed"));
        CHECK_THAT(std::string(e.what()), Contains("mul_f32_f32"));
    }
}

TEST_CASE("LTO-IR inputs link with -lto into PTX that ptxas accepts", "[cudalink]") {
    if (!has_cuda_toolkit()) return;
    NoCache nc;
    CudaCompileOptions o;
    o.arch = "sm_90";
    o.output = CudaOutput::LtoIr;
    std::string a = compile_cuda({kCaller, "caller.cu"}, o);
    std::string b = compile_cuda({kFunctions, "functions.cu"}, o);
    LinkOptions lo;
    lo.arch = "sm_90";
    std::string ptx = link_ptx({{LinkKind::LtoIr, a, "caller.ltoir"}, {LinkKind::LtoIr, b, "functions.ltoir"}}, lo);
    CHECK_THAT(ptx, Contains(".entry scale"));
    CHECK_THAT(ptx, !Contains("call.uni"));  // mul_f32_f32 inlined across the files
    CHECK(ujit::test::ptxas_check(ptx, "sm_90").empty());
    CHECK(link_cubin({{LinkKind::LtoIr, a, "caller.ltoir"}, {LinkKind::LtoIr, b, "functions.ltoir"}}, lo).size() > 4);
}

TEST_CASE("NVRTC compilations are kept in the disk cache", "[cudalink][cache]") {
    if (!has_cuda_toolkit()) return;
    OwnCache cache;
    CudaCompileOptions o;
    o.arch = "sm_80";
    size_t before = nvrtc_compilations();
    std::string first = compile_cuda({kFunctions, "cached.cu"}, o);
    CHECK(nvrtc_compilations() == before + 1);
    CHECK(compile_cuda({kFunctions, "cached.cu"}, o) == first);
    CHECK(nvrtc_compilations() == before + 1);  // the second came from the cache
    o.arch = "sm_90";  // another architecture is another entry
    CHECK(compile_cuda({kFunctions, "cached.cu"}, o) != first);
    CHECK(nvrtc_compilations() == before + 2);
}

TEST_CASE("linked cubins are kept in the disk cache", "[cudalink][cache]") {
    if (!has_cuda_toolkit()) return;
    OwnCache cache;
    CudaCompileOptions o;
    o.arch = "sm_80";
    o.relocatable = true;
    std::string caller = compile_cuda({kCaller, "caller.cu"}, o);
    LinkOptions lo;
    lo.arch = "sm_80";
    std::vector<LinkInput> in{{LinkKind::Ptx, caller, "caller.ptx"}, {LinkKind::Cu, kFunctions, "functions.cu"}};
    size_t before = device_links();
    std::string first = link_cubin(in, lo);
    CHECK(device_links() == before + 1);
    CHECK(link_cubin(in, lo) == first);  // a file read, no link
    CHECK(device_links() == before + 1);
    lo.arch = "sm_90";  // another architecture, another entry
    CHECK(link_cubin(in, lo) != first);
    CHECK(device_links() == before + 2);
    in[1].data += "\n// changed\n";  // another input, another entry
    lo.arch = "sm_80";
    link_cubin(in, lo);
    CHECK(device_links() == before + 3);
}

TEST_CASE("a missing NVRTC or nvJitLink is an error naming the library", "[cudalink]") {
    {
        ScopedEnv lib("UJIT_NVRTC_LIBRARY", std::string("/nonexistent/libnvrtc.so.99"));
        try {
            compile_cuda({kFunctions, "f.cu"}, {});
            FAIL("expected NVRTC to be missing");
        } catch (const ujit::Error& e) {
            CHECK(e.kind() == ujit::Error::Kind::Runtime);
            CHECK_THAT(std::string(e.what()), StartsWith("error: NVRTC (libnvrtc.so) could not be loaded"));
            CHECK_THAT(std::string(e.what()), Contains("/nonexistent/libnvrtc.so.99"));
            CHECK_THAT(std::string(e.what()), Contains("UJIT_NVRTC_LIBRARY"));
        }
    }
    ScopedEnv lib("UJIT_NVJITLINK_LIBRARY", std::string("/nonexistent/libnvJitLink.so"));
    std::string why;
    CHECK_FALSE(nvjitlink_available(&why));
    CHECK_THAT(why, StartsWith("error: nvJitLink (libnvJitLink.so) could not be loaded"));
    CHECK_THROWS_WITH(link_cubin({}, {}), Contains("nvJitLink (libnvJitLink.so) could not be loaded"));
}

TEST_CASE("link files are recognized by their extension", "[cudalink]") {
    CHECK(link_kind_of("a/functions.cu") == LinkKind::Cu);
    CHECK(link_kind_of("x.ptx") == LinkKind::Ptx);
    CHECK(link_kind_of("x.cubin") == LinkKind::Cubin);
    CHECK(link_kind_of("x.fatbin") == LinkKind::Fatbin);
    CHECK(link_kind_of("x.o") == LinkKind::Object);
    CHECK(link_kind_of("libx.a") == LinkKind::Library);
    CHECK(link_kind_of("x.LTOIR") == LinkKind::LtoIr);
    CHECK_THROWS_WITH(link_kind_of("x.cpp"), StartsWith("error: don't know how to link x.cpp"));
    CHECK_THROWS_WITH(read_link_file("/nonexistent/f.cu"), Contains("cannot read link file '/nonexistent/f.cu'"));
}
