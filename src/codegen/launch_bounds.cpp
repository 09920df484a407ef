// Launch bounds as numba-cuda writes them (cudadrv/nvvm.py set_launch_bounds): only the total
// threads per block (maxntidx; the back end prints y and z as 1), the minimum blocks per multiprocessor
// (minctasm) and the maximum blocks per cluster (LLVM's maxclusterrank, NVVM's
// cluster_max_blocks). Kernels compiled for the CPU carry none: the host device checks the
// block size at launch (pipeline/api_cuda_cpu.cpp).
#include "codegen/launch_bounds.hpp"

#include "types/kernel_launch_options.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/TargetParser/Triple.h>

namespace ujit::codegen {

void annotate_launch_bounds(llvm::Function& f, const syntax::FunctionDef& def) {
    llvm::Module* m = f.getParent();
    if (!llvm::Triple(m->getTargetTriple()).isNVPTX()) return;
    std::optional<types::LaunchBounds> bounds = types::launch_bounds(def);
    if (!bounds) return;
    llvm::LLVMContext& ctx = f.getContext();
    llvm::NamedMDNode* annotations = m->getOrInsertNamedMetadata("nvvm.annotations");
    auto annotate = [&](const char* name, int value) {
        if (value <= 0) return;
        llvm::Metadata* md[] = {
            llvm::ValueAsMetadata::get(&f), llvm::MDString::get(ctx, name),
            llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), value))};
        annotations->addOperand(llvm::MDNode::get(ctx, md));
    };
    annotate("maxntidx", bounds->max_threads_per_block);
    annotate("minctasm", bounds->min_blocks_per_sm);
    annotate("maxclusterrank", bounds->max_blocks_per_cluster);
}

}  // namespace ujit::codegen
