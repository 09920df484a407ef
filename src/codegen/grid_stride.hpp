// Grid-stride loops that a CUDA kernel compiled for the CPU may run block-wide.
//
// The course's kernels loop `for i in range(cuda.grid(1), n, cuda.gridsize(1))`: thread t of
// the block does i = base + t, base + t + S, ... (S = the grid's size). Run thread by thread
// on the CPU, that walks each array with a stride of S elements: a cache line and often a
// page per access, tens of times slower than a plain loop. Without a barrier CUDA promises
// no order among a block's threads, so any interleaving is a valid execution, lockstep
// included: the block's threads may as well run the loop together, iteration k of every
// thread before iteration k + 1 of any, which is a contiguous run of i. The CPU lowering
// then lets thread x == 0 of each (y, z) row do that for all the row's threads:
//
//     for (base = start; base < stop; base += step)          // start, step of thread 0
//         for (lane = 0; lane < min(blockDim.x, stop - base); ++lane)
//             body(i = base + lane)
//
// and the other threads skip the loop. That is the same set of body executions, each with
// the same i, so it is exact when a body execution depends on nothing but i and values every
// thread of the row shares. grid_stride_form decides that from the source:
//   - the kernel has no barrier (cuda.syncthreads*) anywhere, itself or in a callee;
//   - the loop is a top-level statement of the kernel, `for NAME in range(START, STOP, STEP)`
//     without else, and only a bare `return` or `pass` may follow it;
//   - START is cuda.grid(1) and STEP cuda.gridsize(1), written in place or through a local
//     assigned exactly once, at the top level before the loop;
//   - the statements before the loop are assignments to names with no effect but the
//     assignment (no calls of user functions, atomics or print);
//   - STOP and the body read no thread index (threadIdx, laneid, cuda.grid), no local that
//     depends on one, call only functions that read none either, and carry nothing from one
//     iteration to the next: every local the body assigns is assigned before it is read in
//     each iteration; no `break` or `return` leaves the loop itself;
//   - nothing in the kernel or its callees raises (a raise ends only its own thread).
#pragma once

#include "syntax/ast.hpp"
#include "types/typed_function.hpp"

#include <set>
#include <string>

namespace ujit::codegen {

enum class GridStrideForm {
    None,         // an ordinary loop
    BlockWide,    // thread x == 0 of each row runs the row's iterations, stride by stride
    Partitioned,  // ...or, where the body does not read blockIdx either, a contiguous share
                  // of range(0, STOP): block b's thread 0 takes the b-th of gridDim.x
                  // equal parts (the same set of i over the grid; each block streams
                  // through memory instead of visiting every page of it)
};

GridStrideForm grid_stride_form(const types::TypedFunction& kernel, const syntax::For& loop);

// The names `block` assigns anywhere (targets of =, op= and for, nested blocks included).
void assigned_names(const syntax::Block& block, std::set<std::string>& out);

}  // namespace ujit::codegen
