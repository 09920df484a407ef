// A kernel's grid-stride loop that the GPU may run with 16-byte vector accesses.
//
//     for i in range(cuda.grid(1), n, cuda.gridsize(1)):
//         out[i] = x[i] + y[i]
//
// moves 4 bytes per thread per access; the memory system wants 16 (ld.global.v4.f32). The
// lowering (lower_grid_stride_vector.cpp) emits a second version of such a loop, chosen at
// run time, where thread t handles vectors j = t, t + S, ... < n / W (S the grid's size,
// W = 16 / itemsize elements per vector) with one vector load per array read and one vector
// store per array written, then the scalar loop for the elements past the last whole vector.
//
// Why that is the same program: the loop partitions range(0, n) over the grid (start is
// cuda.grid(1) and the step cuda.gridsize(1), so every i < n runs exactly once somewhere),
// and each iteration touches only index i of each array and values no iteration changes.
// With no barrier and no value that depends on which thread or block runs an iteration,
// CUDA promises no order among iterations of different threads; so handing W consecutive
// i to one thread, in any order, is a valid execution of the same iterations. The vector
// version is chosen only where, at run time, every array's data is 16-byte aligned with
// unit stride and no written array partially overlaps another array of the loop (the same
// array twice, out is x, is fine: iteration i still reads x[i] before it writes out[i]).
//
// The legality rules, decided from the typed source (anything else keeps the scalar loop):
//   - grid_stride_form is Partitioned (codegen/grid_stride.hpp: a top-level loop of the
//     kernel over range(cuda.grid(1), STOP, cuda.gridsize(1)) in place or through locals,
//     no barrier anywhere, no value in STOP or the body that depends on the thread or the
//     block, nothing carried between iterations, nothing but `return`/`pass` after it);
//   - the counter is int64 (Numba's intp, what cuda.grid(1) gives);
//   - every statement of the body is `A[i] = EXPR` with one target, i the loop's counter;
//   - every array (A and each B read as B[i]) is a kernel parameter the kernel never
//     assigns, of a 1-D array type whose dtype is an integer or float of one common
//     itemsize, 4 or 8 bytes (4 or 2 lanes per 16-byte vector);
//   - EXPR is built only from number literals and constants, names of numbers (loop
//     invariant: the body assigns no name), i itself, B[i], and +, -, *, &, |, ^, unary
//     -, + and ~: operations without an error path or a side effect (division, whose
//     IEEE expansion would be copied per lane, and calls stay scalar).
#pragma once

#include "syntax/ast.hpp"
#include "types/typed_function.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ujit::codegen {

constexpr int kGridStrideVectorBytes = 16;

struct GridStrideVectorPlan {
    int width = 1;     // elements per vector
    int itemsize = 0;  // bytes of every array's element
    // Each array the body reads or writes, as the first Name node naming it (lowered once,
    // before the loop), and whether the body stores into it.
    struct ArrayUse {
        const syntax::Name* name = nullptr;
        bool stored = false;
    };
    std::vector<ArrayUse> arrays;
};

// The plan for `loop` of `kernel`, or nullopt where the rules above do not hold.
std::optional<GridStrideVectorPlan> grid_stride_vector_plan(const types::TypedFunction& kernel,
                                                            const syntax::For& loop);

}  // namespace ujit::codegen
