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
    uint64_t kernels = 0;   // kernels compared
    uint64_t launches = 0;  // launches compared (each through every path)
    std::string report;     // per disagreeing kernel: the seed, the launch, the source, the first difference
};

// The kernels of seeds first_seed .. first_seed+count-1, defined in one module (a module's
// fixed costs paid once) and each compared on its own. `opt_level` for the compiles (1 is
// much faster than 3; the block-wide forms are chosen before optimization, the same at
// every level).
PathsVerdict compare_kernel_paths(uint64_t first_seed, uint64_t count = 1, int opt_level = 1);

}  // namespace ujit::fuzz
