// Every kernel and CUDA ufunc that the [gpu] tests launch, compiled for the argument types
// they launch it with and assembled by ptxas for sm_90. Runs without a GPU (CI), so a kernel
// of the GPU suite that would not type, lower or assemble fails here first.
#include <catch2/catch.hpp>

#include "gpu_sources.hpp"
#include "support/ptxas.hpp"

using namespace ujit;
using ujit::gputest::PtxCase;

TEST_CASE("the GPU suite's kernels compile to PTX that ptxas accepts", "[e2e][gpu-ptx][ptx]") {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_90";
    int compiled = 0;
    for (const PtxCase& c : gputest::ptx_cases()) {
        INFO(c.module << ": " << c.function << " " << c.signature);
        Function f = gputest::module_named(c.module).function(c.function);
        std::vector<Specialization> specs;
        if (c.signature.empty()) {
            REQUIRE(f.is_ufunc());
            specs = f.compile_declared(o);
        } else {
            REQUIRE(f.is_cuda_kernel());
            specs.push_back(f.compile(c.signature, o));
        }
        REQUIRE(!specs.empty());
        for (const Specialization& s : specs) {
            std::string ptx = s.ptx();
            CHECK(ptx.find(".entry") != std::string::npos);
            CHECK(test::ptxas_check(ptx, "sm_90") == "");
            ++compiled;
        }
    }
    CHECK(compiled >= 60);
}

TEST_CASE("the GPU suite's kernels use the features they test", "[e2e][gpu-ptx][ptx]") {
    Options o;
    o.target = Target::CUDA;
    o.arch = "sm_90";
    auto ptx = [&](const char* fn, const char* sig) {
        return gputest::kernels_module().function(fn).compile(sig, o).ptx();
    };
    using Catch::Matchers::Contains;
    // A static shared array of BLOCK float32 and a barrier.
    std::string sum = ptx("block_sum", "void(float32[::1], float32[::1])");
    CHECK_THAT(sum, Contains(".shared") && Contains("bar.sync"));
    // Dynamic shared memory is an extern .shared array.
    CHECK_THAT(ptx("dyn_shared_reverse", "void(float32[::1], float32[::1])"), Contains(".extern .shared"));
    // Atomic add is a hardware atomic, for floats too.
    CHECK_THAT(ptx("atomic_add_old", "void(float32[::1], float32[::1], float32)"),
               Contains("atom") && Contains(".add.f32"));
    CHECK_THAT(ptx("atomic_add_old", "void(float64[::1], float64[::1], float64)"),
               Contains("atom") && Contains(".add.f64"));
    CHECK_THAT(ptx("atomic_cas", "void(int32[::1], int32[::1])"), Contains("atom") && Contains(".cas."));
    // Unsigned 32-bit inc/dec are the native instructions.
    CHECK_THAT(ptx("atomic_incdec", "void(uint32[::1], uint32[::1], uint32[::1], uint32)"),
               Contains(".inc.u32") && Contains(".dec.u32"));
    // The three specializations of `scale` differ in their arithmetic.
    CHECK_THAT(ptx("scale", "void(float32[::1], float32[::1], float32)"),
               Contains("mul.f32") || Contains("mul.rn.f32"));
    CHECK_THAT(ptx("scale", "void(float64[::1], float64[::1], float64)"),
               Contains("mul.f64") || Contains("mul.rn.f64"));
}
