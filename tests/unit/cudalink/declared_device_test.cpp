// cuda.declare_device through the C++ API: a kernel calling a CUDA C++ device function
// defined in a file given by ModuleOptions::link or by link= in the source, compiled to PTX
// that calls the symbol with Numba's ABI and linked by nvJitLink into a cubin (no GPU
// needed); the errors a bad declaration, a bad link file or the host device give.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"
#include "unit/cache/cache_test_support.hpp"
#include "unit/cudalink/toolkit_check.hpp"

using namespace ujit;
using Catch::Matchers::Contains;
using ujit::cache::test::TempDir;

namespace {

const char* kTimes2 = R"(extern "C" __device__ int times2(int* out, int a) {
    *out = 2 * a;
    return 0;
}
)";

const char* kKernel = R"py(from numba import cuda

times2 = cuda.declare_device("times2", "int32(int32)")

@cuda.jit
def k(r, x):
    i = cuda.grid(1)
    if i < r.shape[0]:
        r[i] = times2(x[i])
)py";

const char* kSig = "void(int32[::1], int32[::1])";

using ujit::test::has_cuda_toolkit;

std::string write(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p) << text;
    return p.string();
}

Options cuda_options() {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_75";
    return o;
}

}  // namespace

TEST_CASE("a kernel calls a declared device function linked from ModuleOptions::link", "[cudalink][declare]") {
    if (!has_cuda_toolkit()) return;
    TempDir tmp;
    ModuleOptions mo;
    mo.filename = "k.py";
    mo.link = {write(tmp.path() / "functions.cu", kTimes2)};
    Module m = Module::from_string(kKernel, mo);
    Specialization s = m.function("k").compile(kSig, cuda_options());
    CHECK_THAT(s.ptx(), Contains(".extern .func  (.param .b32 func_retval0) times2\n"));
    CHECK_THAT(s.llvm_ir(), Contains("declare i32 @times2(ptr, i32)"));
    std::string cubin = s.linked_cubin();
    REQUIRE(cubin.size() > 4);
    CHECK(cubin.substr(0, 4) == "\x7f"
                                "ELF");
    // With libNVVM here the kernel links with LTO and the call is inlined (lto_link_test.cpp);
    // without it times2 is a function of the cubin.
    CHECK((cubin.find("times2") == std::string::npos) == cudalink::nvvm_available());
    CHECK(s.linked_cubin("sm_90").substr(0, 4) == "\x7f"
                                                  "ELF");
}

TEST_CASE("link= in the source: the declaration's files and the kernel's", "[cudalink][declare]") {
    if (!has_cuda_toolkit()) return;
    TempDir tmp;
    std::string cu = write(tmp.path() / "functions.cu", kTimes2);
    std::string src = "from numba import cuda\n"
                      "times2 = cuda.declare_device('times2', 'int32(int32)', link=['" +
                      cu +
                      "'])\n"
                      "plus1 = cuda.declare_device('plus1', 'int32(int32)', abi='c', link=cuda.CUSource("
                      "'extern \"C\" __device__ int plus1(int a) { return a + 1; }'))\n"
                      "@cuda.jit(link=['" +
                      cu +
                      "'])\n"  // the same file twice: linked once
                      "def k(r, x):\n"
                      "    r[0] = plus1(times2(x[0]))\n";
    Specialization s = Module::from_string(src, "k.py").function("k").compile(kSig, cuda_options());
    CHECK_THAT(s.llvm_ir(), Contains("declare i32 @plus1(i32)"));
    CHECK(s.linked_cubin().substr(0, 4) == "\x7f"
                                           "ELF");
}

TEST_CASE("declared device functions: located errors", "[cudalink][declare]") {
    auto compile_error = [](const std::string& src) {
        try {
            Module::from_string(src, "k.py").function("k").compile(kSig, cuda_options());
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    std::string head = "from numba import cuda\n";
    CHECK_THAT(
        compile_error(head + "f = cuda.declare_device('f', '(int32,)')\n@cuda.jit\ndef k(r, x):\n    r[0] = f(1)\n"),
        Contains("k.py:2:30: error: Return type must be provided for device declarations"));
    CHECK_THAT(compile_error(head + "f = cuda.declare_device('f', 'int32(int32)', link=['x.cpp'])\n"),
               Contains("k.py:2:52: error: don't know how to link x.cpp"));
    CHECK_THAT(compile_error(head + "f = cuda.declare_device('f', 'int32(int32)', link=['/nonexistent/f.cu'])\n"),
               Contains("k.py:2:52: error: cannot read link file '/nonexistent/f.cu'"));
    CHECK_THAT(compile_error(head + "f = cuda.declare_device('f', 'int32(int32)', abi='fortran')\n"),
               Contains("k.py:2:50: error: Unsupported ABI: fortran"));
    CHECK_THAT(compile_error(head + "f = cuda.declare_device('f', 'int32(int32)')\n@cuda.jit\ndef k(r, x):\n"
                                    "    r[0] = f(x[0], 1)\n"),
               Contains("k.py:5:12: error: 'f' takes 1 argument (declared 'int32(int32)'), 2 given"));
    CHECK_THAT(compile_error(head + "@cuda.declare_device\ndef k(r, x):\n    pass\n"),
               Contains("k.py:2:2: error: decorators must be numba's jit"));
    ModuleOptions mo;
    mo.link = {"functions.cpp"};
    CHECK_THROWS_WITH(Module::from_string(head, mo), Contains("don't know how to link functions.cpp"));
    mo.link = {"/nonexistent/functions.cu"};
    CHECK_THROWS_WITH(Module::from_string(head, mo), Contains("cannot read link file '/nonexistent/functions.cu'"));
}

TEST_CASE("a declared function's symbol missing at the link is the linker's error", "[cudalink][declare]") {
    if (!has_cuda_toolkit()) return;
    Specialization s = Module::from_string(kKernel, "k.py").function("k").compile(kSig, cuda_options());
    CHECK_THROWS_WITH(s.linked_cubin(), Contains("'k' links no device code"));
    TempDir tmp;
    ModuleOptions mo;
    mo.link = {write(tmp.path() / "other.cu", "extern \"C\" __device__ int other(int* o) { return 0; }\n")};
    Specialization t = Module::from_string(kKernel, mo).function("k").compile(kSig, cuda_options());
    try {
        t.linked_cubin();
        FAIL("expected an undefined-symbol error");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Runtime);
        CHECK_THAT(std::string(e.what()), Contains("linking device code for sm_75 failed"));
        CHECK_THAT(std::string(e.what()), Contains("times2"));
    }
}

TEST_CASE("the host device cannot run a kernel calling CUDA C++", "[cudalink][declare]") {
    if (cuda::is_available()) return;  // a GPU runs it (tests/python/test_cuda_declare_device.py)
    TempDir tmp;
    ModuleOptions mo;
    mo.filename = "k.py";
    mo.link = {write(tmp.path() / "functions.cu", kTimes2)};
    Function k = Module::from_string(kKernel, mo).function("k");
    Array r(DType::Int32, {4}), x(DType::Int32, {4});
    try {
        cuda::launch(k, cuda::Dim3(1), cuda::Dim3(32), {r, x});
        FAIL("expected the host device to refuse");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Compile);
        CHECK_THAT(std::string(e.what()), Contains("k.py:9:16: error: 'k' calls 'times2', a CUDA C++ device function "
                                                   "(cuda.declare_device), and CUDA C++ runs only on a GPU"));
    }
}
