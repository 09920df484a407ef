#include "cuda/cuda_raise.hpp"

#include "codegen/kernel_raise.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

namespace ujit::cuda {

namespace {

constexpr unsigned kGlobalSpace = 1;  // NVPTX's global address space

// The module's RaisedRecord (7 x i32, zero until a raise), visible to cuModuleGetGlobal.
llvm::GlobalVariable* raised_record(llvm::Module& m) {
    if (llvm::GlobalVariable* g = m.getNamedGlobal(codegen::kRaisedSymbol)) return g;
    auto* t = llvm::ArrayType::get(llvm::Type::getInt32Ty(m.getContext()), 7);
    auto* g =
        new llvm::GlobalVariable(m, t, false, llvm::GlobalValue::ExternalLinkage, llvm::ConstantAggregateZero::get(t),
                                 codegen::kRaisedSymbol, nullptr, llvm::GlobalValue::NotThreadLocal, kGlobalSpace);
    g->setAlignment(llvm::Align(4));
    return g;
}

// `void record(i32 site)`: the first raise of the launch wins the compare-and-swap of the
// site (numba-cuda's exception helper) and stores threadIdx and blockIdx after it.
llvm::Function* record_function(llvm::Module& m) {
    const char* name = "ujit_record_raise";
    if (llvm::Function* f = m.getFunction(name)) return f;
    llvm::LLVMContext& ctx = m.getContext();
    llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
    auto* f = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {i32}, false),
                                     llvm::GlobalValue::InternalLinkage, name, m);
    f->addFnAttr(llvm::Attribute::Cold);
    f->addFnAttr(llvm::Attribute::NoInline);
    auto* entry = llvm::BasicBlock::Create(ctx, "entry", f);
    auto* store = llvm::BasicBlock::Create(ctx, "first", f);
    auto* done = llvm::BasicBlock::Create(ctx, "done", f);
    llvm::IRBuilder<> b(entry);
    llvm::GlobalVariable* record = raised_record(m);
    llvm::Value* swap = b.CreateAtomicCmpXchg(record, b.getInt32(0), f->getArg(0), llvm::MaybeAlign(4),
                                              llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Monotonic);
    b.CreateCondBr(b.CreateExtractValue(swap, 1), store, done);
    b.SetInsertPoint(store);
    const llvm::Intrinsic::ID regs[6] = {
        llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x,   llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y,
        llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z,   llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
        llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y, llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z};
    for (unsigned k = 0; k < 6; ++k)
        b.CreateAlignedStore(b.CreateIntrinsic(regs[k], {}, {}),
                             b.CreateConstInBoundsGEP2_32(record->getValueType(), record, 0, k + 1), llvm::Align(4));
    b.CreateBr(done);
    b.SetInsertPoint(done);
    b.CreateRetVoid();
    return f;
}

}  // namespace

void RaiseSites::emit_record(llvm::IRBuilder<>& b, const std::string& payload) {
    llvm::Module& m = *b.GetInsertBlock()->getModule();
    blob_ += payload;
    blob_ += '\0';
    ++count_;
    // The sites' table, replaced by the longer one: only the host reads it.
    if (llvm::GlobalVariable* old = m.getNamedGlobal(codegen::kRaiseSitesSymbol)) old->eraseFromParent();
    llvm::Constant* text = llvm::ConstantDataArray::getString(m.getContext(), blob_, false);
    auto* sites =
        new llvm::GlobalVariable(m, text->getType(), true, llvm::GlobalValue::ExternalLinkage, text,
                                 codegen::kRaiseSitesSymbol, nullptr, llvm::GlobalValue::NotThreadLocal, kGlobalSpace);
    sites->setAlignment(llvm::Align(1));
    b.CreateCall(record_function(m), {b.getInt32(count_)});
}

void emit_thread_exit(llvm::IRBuilder<>& b) {
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_exit, {}, {});
    b.CreateUnreachable();
}

}  // namespace ujit::cuda
