// A kernel linked with CUDA C++ goes into nvJitLink as LTO-IR that libNVVM makes of its NVVM IR
// (cuda/nvvm_ir_writer.hpp), so the CUDA C++ device function is inlined into it; with
// UJIT_CUDA_LTO=0 it goes in as PTX and the call stays; UJIT_CUDA_LTO=always links every
// kernel so; UJIT_CUDA_LTO_LOG says which way each link went. No GPU needed.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "cudalink/toolkit_libs.hpp"
#include "ujit/ujit.hpp"
#include "unit/cache/cache_test_support.hpp"
#include "unit/cudalink/toolkit_check.hpp"

using namespace ujit;
using Catch::Matchers::Contains;
using ujit::cache::test::TempDir;

namespace {

// Sets an environment variable for a scope, restoring what was there.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

bool has_libnvvm() {
    std::string why;
    if (ujit::test::has_cuda_toolkit() && cudalink::nvvm_available(&why)) return true;
    WARN("libNVVM absent, test skipped: " << why);
    return false;
}

std::string read(const std::filesystem::path& p) {
    std::stringstream s;
    s << std::ifstream(p).rdbuf();
    return s.str();
}

Options cuda_options() {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_80";
    return o;
}

const char* kSaxpy = R"py(from numba import cuda

step = cuda.declare_device("step", "float32(float32, float32, float32)", link=[STEP_CU])

@cuda.jit
def k(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = step(a, x[i], y[i])
)py";

}  // namespace

TEST_CASE("a declared CUDA C++ function is inlined into the kernel through LTO", "[cudalink][lto]") {
    if (!has_libnvvm()) return;
    TempDir tmp;
    std::ofstream(tmp.path() / "step.cu") << "extern \"C\" __device__ int step(float* out, float a, float x, float y) "
                                             "{\n    *out = a * x + y;\n    return 0;\n}\n";
    std::string src = kSaxpy;
    src.replace(src.find("STEP_CU"), 7, "'" + (tmp.path() / "step.cu").string() + "'");
    ScopedEnv log("UJIT_CUDA_LTO_LOG", (tmp.path() / "lto.log").string());
    Specialization s = Module::from_string(src, "k.py")
                           .function("k")
                           .compile("void(float32[::1], float32, float32[::1], float32[::1])", cuda_options());
    std::string inlined = s.linked_cubin();
    CHECK(inlined.substr(0, 4) == "\x7f"
                                  "ELF");
    CHECK(inlined.find("step") == std::string::npos);
    CHECK_THAT(read(tmp.path() / "lto.log"), Contains("\tlto\n"));
    {
        ScopedEnv off("UJIT_CUDA_LTO", "0");
        CHECK(s.linked_cubin().find("step") != std::string::npos);  // PTX in: the call stays
    }
    CHECK_THAT(read(tmp.path() / "lto.log"), Contains("\tptx: UJIT_CUDA_LTO=0\n"));
    {
        // Without libNVVM (and with nothing in the disk cache for this link) the PTX is linked.
        ScopedEnv no_cache("UJIT_CACHE", "0");
        ScopedEnv missing("UJIT_NVVM_LIBRARY", (tmp.path() / "no-libnvvm.so").string());
        CHECK(s.linked_cubin().find("step") != std::string::npos);
    }
    CHECK_THAT(read(tmp.path() / "lto.log"), Contains("\tptx: error: libNVVM (libnvvm.so) could not be loaded"));
}

TEST_CASE("UJIT_CUDA_LTO=always links a kernel without link files through libNVVM", "[cudalink][lto]") {
    if (!has_libnvvm()) return;
    TempDir tmp;
    ScopedEnv always("UJIT_CUDA_LTO", "always");
    ScopedEnv log("UJIT_CUDA_LTO_LOG", (tmp.path() / "lto.log").string());
    // Shared memory, a barrier, a float atomic, libdevice's exp, a local array, a loop.
    const char* src = R"py(import math
from numba import cuda, float32

@cuda.jit
def k(r, x):
    tile = cuda.shared.array(128, float32)
    acc = cuda.local.array(4, float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    tile[t] = x[i] if i < x.size else 0.0
    cuda.syncthreads()
    for j in range(4):
        acc[j] = math.exp(tile[(t + j) % 128])
    cuda.atomic.add(r, 0, acc[0] + acc[1] + acc[2] + acc[3])
)py";
    Specialization s =
        Module::from_string(src, "k.py").function("k").compile("void(float32[:], float32[:])", cuda_options());
    std::string cubin = s.linked_cubin();
    CHECK(cubin.substr(0, 4) == "\x7f"
                                "ELF");
    CHECK(cubin.find("k$") != std::string::npos);
    CHECK_THAT(read(tmp.path() / "lto.log"), Contains("\tlto\n"));
}

TEST_CASE("a kernel the NVVM IR writer refuses links as PTX and says why", "[cudalink][lto]") {
    if (!has_libnvvm()) return;
    TempDir tmp;
    ScopedEnv always("UJIT_CUDA_LTO", "always");
    ScopedEnv log("UJIT_CUDA_LTO_LOG", (tmp.path() / "lto.log").string());
    const char* src = "from numba import cuda\n\n@cuda.jit(debug=True, opt=False)\ndef k(r):\n    r[0] = 1.0\n";
    Specialization s = Module::from_string(src, "k.py").function("k").compile("void(float32[:])", cuda_options());
    CHECK(s.linked_cubin().substr(0, 4) == "\x7f"
                                           "ELF");
    CHECK_THAT(read(tmp.path() / "lto.log"), Contains("\tptx: debug information"));
}
