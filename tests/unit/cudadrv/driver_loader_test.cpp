// The driver loader's failure states, checked without a GPU through an injected library
// name, and the public availability API on this machine.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "cudadrv/driver_check.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/driver_result.hpp"
#include "ujit/cuda.hpp"

using namespace ujit::cuda;
using Catch::Matchers::Contains;

namespace {
// Sets an environment variable for one scope.
struct ScopedEnv {
    std::string name;
    std::string old;
    bool had;
    ScopedEnv(const char* n, const char* v) : name(n) {
        const char* o = std::getenv(n);
        had = o != nullptr;
        if (had) old = o;
        setenv(n, v, 1);
    }
    ~ScopedEnv() {
        if (had)
            setenv(name.c_str(), old.c_str(), 1);
        else
            unsetenv(name.c_str());
    }
};
}  // namespace

TEST_CASE("UJIT_DISABLE_CUDA=1 disables the driver before it is opened", "[cudadrv]") {
    ScopedEnv env("UJIT_DISABLE_CUDA", "1");
    DriverLoad d = load_driver("libcuda.so.1");
    CHECK(d.state == DriverState::Disabled);
    CHECK_THAT(d.reason, Contains("UJIT_DISABLE_CUDA=1"));
    CHECK(d.handle == nullptr);
    CHECK(d.api.cuInit == nullptr);
}

TEST_CASE("UJIT_DISABLE_CUDA=0 does not disable", "[cudadrv]") {
    ScopedEnv env("UJIT_DISABLE_CUDA", "0");
    DriverLoad d = load_driver("libujit-no-such-driver.so.1");
    CHECK(d.state == DriverState::LibraryMissing);
}

TEST_CASE("a missing driver library is a state with the library's name", "[cudadrv]") {
    DriverLoad d = load_driver("libujit-no-such-driver.so.1", false);
    CHECK(d.state == DriverState::LibraryMissing);
    CHECK_THAT(d.reason, Contains("libujit-no-such-driver.so.1"));
    CHECK_THAT(d.reason, Contains("could not be loaded"));
    CHECK(d.handle == nullptr);
    CHECK(std::string(driver_state_name(d.state)) == "library missing");
}

TEST_CASE("a library that is not a CUDA driver is rejected", "[cudadrv]") {
    DriverLoad d = load_driver("libm.so.6", false);
    CHECK(d.state == DriverState::SymbolMissing);
    CHECK_THAT(d.reason, Contains("not a CUDA driver library"));
    CHECK(d.handle == nullptr);
}

TEST_CASE("the toolkit's stub driver fails cuInit with the driver's error name", "[cudadrv]") {
    const char* stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
    if (!std::filesystem::exists(stub)) {
        WARN("skipped: no stub driver at " << stub);
        return;
    }
    DriverLoad d = load_driver(stub, false);
    CHECK(d.state == DriverState::InitFailed);
    CHECK_THAT(d.reason, Contains("cuInit"));
    CHECK_THAT(d.reason, Contains("CUDA_ERROR_STUB_LIBRARY"));
}

TEST_CASE("CUDA availability is consistent: without it, what needs a GPU throws the reason", "[cudadrv]") {
    if (is_available()) {
        CHECK(unavailable_reason().empty());
        CHECK(device_count() > 0);
        CHECK(driver_version() > 0);
        return;
    }
    std::string reason = unavailable_reason();
    CHECK_FALSE(reason.empty());
    CHECK(device_count() == 0);
    CHECK_THROWS_WITH(select_device(0), Contains("CUDA is not available") && Contains(reason));
    CHECK_THROWS_WITH(LoadedModule::from_ptx(".version 8.0"), Contains("CUDA is not available") && Contains(reason));
    // Memory and streams are the host device's instead (tests/e2e/host_device_test.cpp).
    CHECK(device_array({4}, ujit::DType::Float32).on_host());
    CHECK(Stream::create().query());
    free_pool();  // the host device's pool: never an error
    // The library stays usable: asking again gives the same answer.
    CHECK(unavailable_reason() == reason);
}

TEST_CASE("describe_result names sticky errors", "[cudadrv]") {
    CHECK(is_sticky_error(CUDA_ERROR_ILLEGAL_ADDRESS));
    CHECK(is_sticky_error(CUDA_ERROR_LAUNCH_FAILED));
    CHECK_FALSE(is_sticky_error(CUDA_ERROR_OUT_OF_MEMORY));
    CHECK_FALSE(is_sticky_error(CUDA_ERROR_INVALID_VALUE));
    if (!is_available()) CHECK_THAT(describe_result(CUDA_ERROR_INVALID_VALUE), Contains("CUDA_ERROR_INVALID_VALUE"));
}

TEST_CASE("formatting a driver error is pure text: no driver, no state", "[cudadrv]") {
    // An empty function table (no driver loaded) still names the code from cuda.h's names.
    std::string msg = format_driver_error(DriverApi{}, CUDA_ERROR_OUT_OF_MEMORY, "cuMemAlloc", "4096 bytes");
    CHECK(msg == "error: CUDA error: cuMemAlloc (4096 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY");
    CHECK(format_driver_error(DriverApi{}, CUDA_ERROR_ILLEGAL_ADDRESS, "cuCtxSynchronize", "") ==
          "error: CUDA error: cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS");
}
