// What the GPU computes for a warp's shfl/vote/match (PTX ISA, shfl.sync and vote.sync, with
// the operands numba-cuda passes: the whole warp one segment, clamp lane 31, 0 for shfl.up).
// A source lane that has not arrived (inactive, or outside a partial warp) gives the lane's
// own value, as PTX does for a source outside the clamp.
#include "cpu/kernel_warp.hpp"

namespace ujit::cpu {

namespace {

uint32_t arrived_mask(const WarpSlot* slots, int lanes) {
    uint32_t m = 0;
    for (int k = 0; k < lanes; ++k) m |= uint32_t(slots[k].arrived) << k;
    return m;
}

uint64_t shuffle(const WarpSlot* slots, int lane, uint32_t arrived) {
    const WarpSlot& s = slots[lane];
    const int b = s.operand & 31;
    int src = lane;
    switch (WarpOp(s.op)) {
    case WarpOp::ShflIdx: src = b; break;
    case WarpOp::ShflUp: src = lane - b; break;
    case WarpOp::ShflDown: src = lane + b; break;
    default: src = lane ^ b; break;  // ShflXor
    }
    if (src < 0 || src > 31 || !(arrived >> src & 1)) return s.value;
    return slots[src].value;
}

uint64_t vote_or_match(const WarpSlot* slots, int lane, uint32_t members) {
    const WarpSlot& s = slots[lane];
    uint32_t ballot = 0, same = 0;
    for (int k = 0; k < 32; ++k) {
        if (!(members >> k & 1)) continue;
        ballot |= uint32_t(slots[k].value != 0) << k;
        same |= uint32_t(slots[k].value == s.value) << k;
    }
    switch (WarpOp(s.op)) {
    case WarpOp::All: return ballot == members;
    case WarpOp::Any: return ballot != 0;
    case WarpOp::Eq: return ballot == 0 || ballot == members;
    case WarpOp::Ballot: return ballot;
    case WarpOp::MatchAny: return same;
    default: return same == members ? (uint64_t(1) << 32) | members : 0;  // MatchAll
    }
}

}  // namespace

void resolve_warp(WarpSlot* slots, int lanes) {
    const uint32_t arrived = arrived_mask(slots, lanes);
    for (int lane = 0; lane < lanes; ++lane) {
        WarpSlot& s = slots[lane];
        if (!s.arrived) continue;
        switch (WarpOp(s.op)) {
        case WarpOp::Sync: s.result = 0; break;
        case WarpOp::Activemask: {  // the lanes at the same call (operand: the call site)
            uint32_t same_site = 0;
            for (int k = 0; k < lanes; ++k)
                same_site |= uint32_t(slots[k].arrived && WarpOp(slots[k].op) == WarpOp::Activemask &&
                                      slots[k].operand == s.operand)
                             << k;
            s.result = same_site;
            break;
        }
        case WarpOp::ShflIdx:
        case WarpOp::ShflUp:
        case WarpOp::ShflDown:
        case WarpOp::ShflXor: s.result = shuffle(slots, lane, arrived); break;
        default: s.result = vote_or_match(slots, lane, s.mask & arrived); break;
        }
    }
    for (int lane = 0; lane < lanes; ++lane) slots[lane].arrived = false;
}

}  // namespace ujit::cpu
