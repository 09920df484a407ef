// numba.cuda's warp-level functions for CUDA kernels run on the CPU. A kernel that calls
// one runs its block's work-items as fibers (kernel_runtime.cpp); each work-item leaves its
// operation in its warp's slot and suspends; when every running work-item of a warp has
// arrived, resolve_warp computes each one's result, as the GPU's shfl/vote/match would.
#pragma once

#include <cstdint>

namespace ujit::cpu {

constexpr int kWarpLanes = 32;

// The operation generated code passes to ujit_rt_kernel_warp_op (kernel_target.cpp).
enum class WarpOp : int32_t {
    Sync,
    ShflIdx,
    ShflUp,
    ShflDown,
    ShflXor,
    All,
    Any,
    Eq,
    Ballot,
    MatchAny,
    MatchAll,
    Activemask
};

struct WarpSlot {
    int32_t op = 0;
    uint32_t mask = 0;
    uint64_t value = 0;  // the bits of the value (a predicate: 0 or 1)
    int32_t operand = 0;  // a shuffle's source lane, delta or lane mask; activemask's call site
    uint64_t result = 0;
    bool arrived = false;
};

// Computes the result of every arrived lane of one warp (activemask: the lanes that arrived
// at the same call, as divergent branches of a warp run apart on a GPU) (`lanes` of it exist: the last warp
// of a block may be partial) and clears `arrived`. match_all's result: the mask in the low
// 32 bits, bit 32 set when all values matched.
void resolve_warp(WarpSlot* slots, int lanes);

}  // namespace ujit::cpu

// Generated code's call: the operation of one work-item; returns its result (the value's bits).
extern "C" uint64_t ujit_rt_kernel_warp_op(int32_t op, uint32_t mask, uint64_t value, int32_t operand);
