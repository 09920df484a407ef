// The PTX JIT's warm-up (cudadrv/jit_warmup.hpp): the process's first context JIT-compiles an
// empty kernel on a thread of its own, a module's first JIT waits for it, and
// UJIT_CUDA_WARMUP=0 holds it back. The fake driver counts the calls ([.fakecuda]; ctest runs
// each case in a new process, whose first context is the one made here); ptxas and a GPU check
// the empty kernel itself.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "cudadrv/jit_warmup.hpp"
#include "gpu_support.hpp"
#include "support/fake_driver.hpp"
#include "support/ptxas.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

namespace uc = ujit::cuda;

namespace {

const char* kPtx = ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";

}  // namespace

TEST_CASE("the first context warms the PTX JIT up, and the first module load waits for it", "[.fakecuda]") {
    ujit::test::FakeDriver fake = ujit::test::fake_driver();
    fake.reset();
    uc::synchronize();  // the first context: the warm-up starts
    uc::LoadedModule m = uc::LoadedModule::from_ptx(kPtx);
    // The warm-up's empty kernel, loaded and unloaded before the module's own JIT.
    CHECK(fake.count("cuModuleLoadDataEx") == 2);
    CHECK(fake.count("cuModuleUnload") == 1);
    uc::LoadedModule again = uc::LoadedModule::from_ptx(std::string(kPtx) + "\n");
    CHECK(fake.count("cuModuleLoadDataEx") == 3);  // once per process
}

TEST_CASE("UJIT_CUDA_WARMUP=0 holds the PTX JIT's warm-up back", "[.fakecuda]") {
    ujit::test::FakeDriver fake = ujit::test::fake_driver();
    ::setenv("UJIT_CUDA_WARMUP", "0", 1);
    fake.reset();
    uc::synchronize();
    uc::LoadedModule m = uc::LoadedModule::from_ptx(kPtx);
    ::unsetenv("UJIT_CUDA_WARMUP");
    CHECK(fake.count("cuModuleLoadDataEx") == 1);
    CHECK(fake.count("cuModuleUnload") == 0);
}

TEST_CASE("the JIT warm-up's empty kernel assembles for every architecture it serves", "[cudadrv]") {
    if (!ujit::test::ptxas_available()) return;
    for (const char* arch : {"sm_75", "sm_80", "sm_86", "sm_89", "sm_90"})
        CHECK(ujit::test::ptxas_check(uc::jit_warmup_ptx(90), arch).empty());
    CHECK(ujit::test::ptxas_check(uc::jit_warmup_ptx(60), "sm_75").empty());
}

TEST_CASE("the device's JIT takes the warm-up's empty kernel", "[gpu]") {
    UJIT_REQUIRE_GPU();
    uc::DeviceInfo d = uc::current_device_info();
    uc::LoadedModule m = uc::LoadedModule::from_ptx(uc::jit_warmup_ptx(d.cc_major * 10 + d.cc_minor));
    CHECK(m.kernel("ujit_jit_warmup", {}).max_threads_per_block() > 0);
}
