// The differential check of the CPU kernel paths: a generated kernel (kernel_gen.hpp) run the
// optimized way (whatever the CPU picks: grid-stride loops run block-wide or partitioned,
// whole blocks as loops with barriers by fission, fibers), the reference way
// (LaunchOptions::cpu_reference: one call per thread, fibers at barriers) and, for some
// seeds, with bounds checks; the arrays must agree bit for bit.
#pragma once

#include <cstdint>
#include <string>

namespace ujit::fuzz {

struct PathsVerdict {
    bool agree = true;
    int launches = 0;    // launches compared (each through every path)
    std::string report;  // on disagreement: the seed, the launch, the source, the first difference
};

// `opt_level` for the compiles (1 is much faster than 3; the block-wide forms are chosen
// before optimization, the same at every level).
PathsVerdict compare_kernel_paths(uint64_t seed, int opt_level = 1);

}  // namespace ujit::fuzz
