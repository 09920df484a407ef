#include "cuda/nvptx_loop_hints.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

namespace ujit::cuda {

int leave_runtime_unrolling_to_ptxas(llvm::Module& m) {
    int marked = 0;
    for (llvm::Function& f : m) {
        if (f.isDeclaration()) continue;
        llvm::DominatorTree dominators(f);
        llvm::LoopInfo loops(dominators);
        for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
            llvm::addStringMetadataToLoop(loop, "llvm.loop.unroll.runtime.disable");
            ++marked;
        }
    }
    return marked;
}

}  // namespace ujit::cuda
