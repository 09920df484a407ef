// libFuzzer target: the differential check of the CPU kernel paths (kernel_paths.hpp), the
// input's first 8 bytes being the generator's seed. A disagreement aborts like a crash; the
// report (seed, launch, source) is printed first. The standalone runner for long runs on
// many cores is kernel_paths_main.cpp (ujit_kernel_paths).
#include "kernel_paths.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    uint64_t seed = 0;
    std::memcpy(&seed, data, size < sizeof seed ? size : sizeof seed);
    ujit::fuzz::PathsVerdict v = ujit::fuzz::compare_kernel_paths(seed);
    if (!v.agree) {
        std::fprintf(stderr, "%s\n", v.report.c_str());
        std::abort();
    }
    return 0;
}
