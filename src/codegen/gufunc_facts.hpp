// What a GPU gufunc kernel compiled for one set of small core sizes may also assume of its
// launch's operands (codegen/lower.hpp, lower_gufunc_loop). The runtime checks them on the
// operands of each launch (pipeline/api_cuda.cpp) and asks for the kernel that matches, so
// that the loop steps are constants, the operands' addresses are known to be aligned (vector
// loads and stores) and not to overlap (noalias: read-only loads through the non-coherent
// cache, no reloads after a store).
//
// They travel with the constant core table in the specialization key, appended to it: the
// table, then per operand its step, then per operand its alignment, then 1 if disjoint.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ujit::codegen {

struct GufuncKernelFacts {
    std::vector<int64_t> steps;  // per operand (inputs..., outputs...): its loop step in bytes
    std::vector<int64_t> align;  // per operand: a power of two dividing its address
    bool disjoint = false;       // no two operands' memory overlaps

    // Alignments above this add nothing (16 bytes: a float4 or double2 access).
    static constexpr int64_t kMaxAlign = 16;
};

// The key's table: `core` (codegen's constant core table), then the facts.
inline std::vector<int64_t> with_kernel_facts(std::vector<int64_t> core, const GufuncKernelFacts& f) {
    core.insert(core.end(), f.steps.begin(), f.steps.end());
    core.insert(core.end(), f.align.begin(), f.align.end());
    core.push_back(f.disjoint ? 1 : 0);
    return core;
}

// The facts at the end of a key's table of `core_size` core values and `nops` operands;
// none when the table holds the core alone.
inline std::optional<GufuncKernelFacts> kernel_facts(const std::vector<int64_t>& table, size_t core_size, size_t nops) {
    if (table.size() != core_size + 2 * nops + 1) return std::nullopt;
    GufuncKernelFacts f;
    auto at = table.begin() + std::ptrdiff_t(core_size);
    f.steps.assign(at, at + std::ptrdiff_t(nops));
    f.align.assign(at + std::ptrdiff_t(nops), at + std::ptrdiff_t(2 * nops));
    f.disjoint = table.back() != 0;
    return f;
}

}  // namespace ujit::codegen
