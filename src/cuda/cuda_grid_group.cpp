#include "cuda/cuda_grid_group.hpp"

#include <llvm/IR/Module.h>

namespace ujit::cuda {

namespace {

// driver_types.h's cudaCGScope: the scope of a grid_group.
constexpr uint32_t kCgScopeGrid = 1;

// A device runtime function, declared once per module. Convergent: every thread of the grid
// must reach the same barrier, so no pass may move the call into or out of a branch.
llvm::FunctionCallee runtime_function(llvm::IRBuilder<>& b, const char* name, llvm::FunctionType* type) {
    llvm::FunctionCallee callee = b.GetInsertBlock()->getModule()->getOrInsertFunction(name, type);
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        f->setConvergent();
        f->setDoesNotThrow();
    }
    return callee;
}

}  // namespace

llvm::Value* emit_grid_group_builtin(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args) {
    switch (id) {
    case types::BuiltinId::CudaCgThisGrid: {
        auto* type = llvm::FunctionType::get(b.getInt64Ty(), {b.getInt32Ty()}, false);
        return b.CreateCall(runtime_function(b, "cudaCGGetIntrinsicHandle", type), {b.getInt32(kCgScopeGrid)});
    }
    case types::BuiltinId::CudaGridGroupSync: {
        if (args.size() != 1) return nullptr;
        auto* type = llvm::FunctionType::get(b.getInt32Ty(), {b.getInt64Ty(), b.getInt32Ty()}, false);
        return b.CreateCall(runtime_function(b, "cudaCGSynchronize", type), {args[0], b.getInt32(0)});
    }
    default: return nullptr;
    }
}

}  // namespace ujit::cuda
