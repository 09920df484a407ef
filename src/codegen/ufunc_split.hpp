// A ufunc kernel split in two for the CPU inner loop: the element's error checks alone,
// and the element's value with the checks assumed to pass. A raise is an early exit that
// keeps LLVM from vectorizing a loop; run over a chunk, the first variant (an OR of
// compares) and the second (straight-line math) both vectorize, and a chunk whose check
// finds an error reruns through the original kernel, which raises at the first bad
// element exactly as before, with the elements before it written and none after.
#pragma once

#include <llvm/IR/Function.h>

namespace ujit::codegen {

struct KernelSplit {
    llvm::Function* check = nullptr;    // i1 (args...): whether the element would raise
    llvm::Function* nocheck = nullptr;  // the kernel's type; raising paths are unreachable
};

// {null, impl} (one pass, as before) when `impl` has no raise of its own, or cannot be
// split: a callee raises too, or it has an effect besides raising (print, random, a store
// outside its own stack) that running the check and then the value would repeat.
KernelSplit split_kernel(llvm::Function& impl);

}  // namespace ujit::codegen
