// Shared by the [gpu] tests: the skip guard and the test kernels' PTX.
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "support/source_dir.hpp"
#include "ujit/cuda.hpp"

namespace ujit::test {

// What a [gpu] test prints on stdout when it skips itself; tests/CMakeLists.txt gives the
// [gpu] ctest entries SKIP_REGULAR_EXPRESSION for it, so ctest reports them as skipped,
// never as passed. Keep the two in sync.
inline constexpr const char* kGpuSkipMarker = "UJIT_TEST_SKIPPED: no usable CUDA device";

// True when a CUDA device can run the test. Otherwise (Catch2 v2 has no SKIP) prints the
// marker and a visible warning and returns false: the test must return at once, before
// any assertion. With UJIT_TEST_REQUIRE_GPU=1 (a GPU machine's run, where a missing
// device is a broken driver, not a reason to skip) a missing device fails the test.
inline bool gpu_usable() {
    if (ujit::cuda::is_available()) return true;
    const std::string reason = ujit::cuda::unavailable_reason();
    const char* required = std::getenv("UJIT_TEST_REQUIRE_GPU");
    if (required && *required && std::string(required) != "0")
        FAIL("UJIT_TEST_REQUIRE_GPU is set, and no CUDA device is usable: " << reason);
    std::cout << kGpuSkipMarker << " (" << reason << ")" << std::endl;
    WARN("skipped: no usable CUDA device: " << reason);
    return false;
}

}  // namespace ujit::test

// The first statement of every [gpu] test.
#define UJIT_REQUIRE_GPU()                                                                                             \
    do {                                                                                                               \
        if (!ujit::test::gpu_usable()) return;                                                                         \
    } while (0)

inline std::string test_kernels_ptx() {
    std::ifstream in(ujit::test::source_dir() + "/tests/unit/cudadrv/kernels/test_kernels.ptx");
    REQUIRE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline const ujit::cuda::LoadedModule& test_module() {
    static ujit::cuda::LoadedModule m = ujit::cuda::LoadedModule::from_ptx(test_kernels_ptx());
    return m;
}
