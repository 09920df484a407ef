// Applies a generalized ufunc's loop with NumPy's gufunc rules. Each operand's last
// dimensions are its core dimensions (as many as the layout names for it); the rest are
// loop dimensions, broadcast across the operands like a ufunc's. Core dimensions are
// bound by name and must agree across operands; outputs have the loop shape followed by
// their core sizes, allocated by the caller from gufunc_output_shape or passed in.
//
// The loop dimensions are planned like a ufunc's (runtime/ufunc_exec.hpp: reordered,
// coalesced, split into chunks for the pool); every loop call gets the same core table.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "runtime/shape.hpp"
#include "runtime/ufunc_exec.hpp"
#include "ujit/ujit.hpp"

namespace ujit::runtime {

class ThreadPool;

// The compiled loop (codegen/lower.hpp, lower_gufunc_loop).
using GufuncLoopFn = void (*)(char** ptrs, int64_t n, const int64_t* steps, const int64_t* core);
// Makes one loop call (as LoopInvoker does for ufuncs: the driver's error guard); empty
// means a direct call.
using GufuncInvoker = std::function<void(GufuncLoopFn, char**, int64_t, const int64_t*, const int64_t*)>;

// What the runtime needs of a layout (types::GufuncLayout) and the chosen signature.
struct GufuncShape {
    std::string name;                      // the gufunc, for messages
    std::vector<std::string> dims;         // core dimension names
    std::vector<int64_t> fixed;            // per dimension: the size the layout fixes, else -1
    std::vector<std::vector<int>> core;    // per operand (inputs..., outputs...): indices into dims
    size_t nin = 0;
    // Per operand: the number of array dimensions the core function sees (0: a scalar
    // passed by value; an output '()' is a 1-element array, so 1).
    std::vector<int> array_ndim;

    size_t nops() const { return core.size(); }
};

struct GufuncBinding {
    Shape loop;                  // broadcast loop shape
    std::vector<int64_t> sizes;  // per core dimension
};

// Binds the core dimensions and broadcasts the loop dimensions. `outputs[k]` null: to be
// allocated (its core dimensions must then be bound by the inputs or fixed by the layout).
// ujit::Error(Argument), naming the dimension and both sizes, when anything disagrees
// (with each other, or with a size the layout fixes).
GufuncBinding bind_gufunc(const GufuncShape& g, const std::vector<ArrayRef>& inputs,
                          const std::vector<const ArrayRef*>& outputs);

// The shape of output k: the loop shape, then its core sizes.
Shape gufunc_output_shape(const GufuncShape& g, const GufuncBinding& b, size_t k);

// The loop's core table for `operands` (inputs..., outputs...; codegen/lower.hpp,
// lower_gufunc_loop): the core sizes, then each array operand's core strides.
std::vector<int64_t> gufunc_core_table(const GufuncShape& g, const GufuncBinding& b,
                                       const std::vector<ArrayRef>& operands);

// Whether a loop with this core table baked in as constants pays for its compile: every
// core size at most kMaxConstantCore and every core C-contiguous, so that the table depends
// on the sizes alone (few variants) and the core loops can unroll (2x2 matrices, 3-vectors).
inline constexpr int64_t kMaxConstantCore = 8;
bool gufunc_core_is_constant_worthy(const GufuncShape& g, const GufuncBinding& b,
                                    const std::vector<ArrayRef>& operands);

// Runs the loop over `operands` (inputs..., outputs..., already bound and of the loop's
// dtypes). Parallel: iterations split across `pool` (the global one when null).
void execute_gufunc(GufuncLoopFn loop, const GufuncShape& g, const GufuncBinding& b,
                    const std::vector<ArrayRef>& operands, const GufuncInvoker& invoke, bool parallel,
                    ThreadPool* pool = nullptr);

}  // namespace ujit::runtime
