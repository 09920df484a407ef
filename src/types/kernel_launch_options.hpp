// @cuda.jit's launch_bounds= and shared_memory_carveout= (numba-cuda's decorator options), read
// from the decorator where each stage needs them: types/decorators.cpp checks them, codegen
// writes the bounds into the kernel (PTX .maxntid/.minnctapersm/.maxclusterrank), the CUDA
// runtime sets the carveout on the loaded kernel and the host device refuses a block larger
// than the bound, as the driver does.
#pragma once

#include "syntax/ast.hpp"

#include <optional>

namespace ujit::types {

struct LaunchBounds {
    int max_threads_per_block = 0;
    int min_blocks_per_sm = 0;       // 0: not given
    int max_blocks_per_cluster = 0;  // 0: not given
};

// Whether `k` is one of these options of @cuda.jit; a value Numba refuses is an error at it.
bool check_launch_option(const syntax::Keyword& k);

std::optional<LaunchBounds> launch_bounds(const syntax::FunctionDef& def);
// The carveout in percent of the unified L1/shared memory given to shared memory: 0..100,
// or -1 (the driver's default); "MaxL1" is 0, "MaxShared" 100, "default" -1.
std::optional<int> shared_memory_carveout(const syntax::FunctionDef& def);

}  // namespace ujit::types
