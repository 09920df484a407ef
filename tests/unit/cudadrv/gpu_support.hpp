// Shared by the [gpu] tests: the skip guard and the test kernels' PTX.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "support/source_dir.hpp"
#include "ujit/cuda.hpp"

// Catch2 v2 has no SKIP: a visible warning, then the test returns (and passes).
#define UJIT_REQUIRE_GPU()                                                                                             \
    do {                                                                                                               \
        if (!ujit::cuda::is_available()) {                                                                             \
            WARN("skipped: no usable CUDA device: " << ujit::cuda::unavailable_reason());                              \
            return;                                                                                                    \
        }                                                                                                              \
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
