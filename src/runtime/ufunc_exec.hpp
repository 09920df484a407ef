// Runs a ufunc inner loop over broadcast operands, as NumPy's iterator does it: operands
// are broadcast to the output's shape, unit dimensions dropped, axes reordered so the
// innermost has the smallest strides (an all-F-order call walks memory forwards), axes
// with negative strides on every operand flipped, and adjacent axes coalesced. A
// contiguous call thus becomes ONE inner-loop call over all elements, with every stride
// equal to the itemsize (the codegen's fast path).
//
// Inner loops have NumPy's signature; ptrs and strides list the inputs, then the output.
// The executor never converts dtypes: operands must already have the loop's dtypes.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "runtime/shape.hpp"
#include "ujit/ujit.hpp"

namespace ujit::runtime {

class ThreadPool;

using LoopFn = void (*)(char** ptrs, int64_t n, const int64_t* strides);
// Makes one inner-loop call. The driver passes one that wraps the call in its error
// guard (setjmp) and turns a raised error into an exception; empty means a direct call.
using LoopInvoker = std::function<void(LoopFn, char**, int64_t, const int64_t*)>;

inline constexpr int64_t kMinParallelChunk = 16384;  // elements

// The iteration space after broadcasting, reordering and coalescing: `shape` from outer
// to inner (at least one dimension), byte strides dimension-major: strides[d * nops + op].
struct LoopPlan {
    int nops = 0;
    std::vector<char*> base;
    Shape shape;
    std::vector<int64_t> strides;
    int64_t total = 0;  // number of elements; 0 means nothing to do
    // Elements read what others write (accumulate, reduce): axes kept in the output's own
    // order, never reordered, flipped or split across threads.
    bool ordered = false;

    const int64_t* inner_strides() const { return strides.data() + (shape.size() - 1) * nops; }
};

// Checks shapes (inputs broadcast together, and to the output without stretching it) and
// builds the plan. Errors are ujit::Error(Argument) with NumPy's wording.
LoopPlan plan_ufunc(const std::vector<ArrayRef>& inputs, const ArrayRef& output);

// Runs elements [begin, end) of the plan's flat iteration order.
void run_plan_range(const LoopPlan& plan, int64_t begin, int64_t end, LoopFn loop, const LoopInvoker& invoke);

// Serial: every inner-loop call on the calling thread.
void execute_ufunc(LoopFn loop, const std::vector<ArrayRef>& inputs, const ArrayRef& output,
                   const LoopInvoker& invoke = {});

// Parallel: the flat iteration range split into chunks of at least `min_chunk` elements
// run on `pool`; small calls, and ordered plans, run inline. Errors from any chunk reach the caller.
void execute_ufunc_parallel(LoopFn loop, const std::vector<ArrayRef>& inputs, const ArrayRef& output,
                            const LoopInvoker& invoke = {}, ThreadPool* pool = nullptr,
                            int64_t min_chunk = kMinParallelChunk);

}  // namespace ujit::runtime
