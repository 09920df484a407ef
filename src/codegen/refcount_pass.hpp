// Reference counts in the IR (Numba's NRT incref/decref and its nrtopt pruning): lowering
// emits every count update as a call to one of two marker functions; after the optimizer has
// inlined and simplified the module, lower_refcounts() removes increment/decrement pairs that
// provably change nothing and turns the remaining markers into an inline null check and an
// atomic update of the header's count (src/nrt/nrt.h: the count is the header's first field).
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>

namespace ujit::codegen {

// The marker `void(ptr owner)` that increments (or decrements) the count of `owner`, an
// ujit_nrt_meminfo* or null, declared in `m` on first use.
llvm::Function* refcount_marker(llvm::Module& m, bool increment);

// ---- lang4: deletes the records of held references (codegen/lower_unwind.cpp) around calls
// that cannot raise; lower_refcounts runs it first. Returns how many it deleted.
unsigned drop_unneeded_unwind_records(llvm::Module& m);
// Lowers the records left to inline updates of the thread's record stack (after the pruning).
void lower_unwind_records(llvm::Module& m);
// ---- end lang4

// Prunes useless pairs, then lowers the markers. Returns how many pairs were removed.
unsigned lower_refcounts(llvm::Module& m);

// Deletes the count updates of a statically null owner (borrowed arrays: after inlining, an
// argument's owner is the constant null the entry point gives it). Run inside the optimizer
// (its peephole extension point), so that these calls, opaque to LLVM, never stand in the
// way of hoisting and vectorizing a loop over borrowed views.
struct DropNullRefcountsPass : llvm::PassInfoMixin<DropNullRefcountsPass> {
    llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& am);
};

}  // namespace ujit::codegen
