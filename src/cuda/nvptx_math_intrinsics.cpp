#include "cuda/nvptx_math_intrinsics.hpp"

#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <cstdlib>
#include <vector>

namespace ujit::cuda {

namespace {

// The libdevice base name for an intrinsic NVPTX has no instruction for, or null.
const char* libdevice_name(llvm::Intrinsic::ID id) {
    switch (id) {
    case llvm::Intrinsic::exp: return "exp";
    case llvm::Intrinsic::exp2: return "exp2";
    case llvm::Intrinsic::exp10: return "exp10";
    case llvm::Intrinsic::log: return "log";
    case llvm::Intrinsic::log2: return "log2";
    case llvm::Intrinsic::log10: return "log10";
    case llvm::Intrinsic::pow: return "pow";
    case llvm::Intrinsic::powi: return "powi";
    case llvm::Intrinsic::sin: return "sin";
    case llvm::Intrinsic::cos: return "cos";
    case llvm::Intrinsic::tan: return "tan";
    default: return nullptr;
    }
}

bool is_scalar_float(llvm::Type* t) { return t->isFloatTy() || t->isDoubleTy(); }

}  // namespace

int replace_math_intrinsics(llvm::Module& m) {
    std::vector<llvm::CallInst*> calls;
    for (llvm::Function& f : m) {
        if (!f.isIntrinsic() || !libdevice_name(f.getIntrinsicID()) || !is_scalar_float(f.getReturnType())) continue;
        for (llvm::User* u : f.users())
            if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == &f)
                calls.push_back(call);
    }
    for (llvm::CallInst* call : calls) {
        llvm::Function* intrinsic = call->getCalledFunction();
        llvm::Type* t = intrinsic->getReturnType();
        std::string name =
            std::string("__nv_") + libdevice_name(intrinsic->getIntrinsicID()) + (t->isFloatTy() ? "f" : "");
        std::vector<llvm::Value*> args(call->arg_begin(), call->arg_end());
        std::vector<llvm::Type*> params;
        for (llvm::Value* a : args) params.push_back(a->getType());
        llvm::FunctionCallee callee = m.getOrInsertFunction(name, llvm::FunctionType::get(t, params, false));
        auto* replacement = llvm::CallInst::Create(callee, args, "", call->getIterator());
        replacement->takeName(call);
        call->replaceAllUsesWith(replacement);
        call->eraseFromParent();
    }
    return static_cast<int>(calls.size());
}

std::string unselectable_math_intrinsic(const llvm::Module& m) {
    for (const llvm::Function& f : m)
        if (f.isIntrinsic() && libdevice_name(f.getIntrinsicID()) && !f.use_empty()) return f.getName().str();
    return "";
}

namespace {

// 75 for "sm_75" (and "sm_90a"); 0 for anything else.
int sm_number(const std::string& arch) { return arch.rfind("sm_", 0) == 0 ? std::atoi(arch.c_str() + 3) : 0; }

}  // namespace

void use_fast_libdevice_variants(llvm::Module& m, const std::string& arch) {
    std::vector<const char*> bases = {"sinf", "cosf", "tanf", "expf", "logf", "log2f", "log10f", "powf"};
    // From sm_75 on tanh too (tanh.approx.f32, lower_tanh_approx); before, the precise tanhf.
    if (sm_number(arch) >= 75) bases.push_back("tanhf");
    for (const char* base : bases) {
        llvm::Function* precise = m.getFunction(std::string("__nv_") + base);
        if (!precise || !precise->isDeclaration() || precise->use_empty()) continue;
        llvm::FunctionCallee fast = m.getOrInsertFunction(std::string("__nv_fast_") + base, precise->getFunctionType());
        precise->replaceAllUsesWith(fast.getCallee());
        precise->eraseFromParent();
    }
}

bool lower_tanh_approx(llvm::Module& m, const std::string& arch) {
    llvm::Function* intrinsic = m.getFunction("llvm.nvvm.tanh.approx.f32");
    if (!intrinsic || sm_number(arch) < 75) return false;
    llvm::FunctionType* type = intrinsic->getFunctionType();
    llvm::InlineAsm* tanh = llvm::InlineAsm::get(type, "tanh.approx.f32 $0, $1;", "=f,f", /*hasSideEffects=*/false);
    std::vector<llvm::CallInst*> calls;
    for (llvm::User* u : intrinsic->users())
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->getCalledFunction() == intrinsic)
            calls.push_back(call);
    for (llvm::CallInst* call : calls) {
        llvm::CallInst* replacement = llvm::CallInst::Create(type, tanh, {call->getArgOperand(0)}, "", call);
        call->replaceAllUsesWith(replacement);
        call->eraseFromParent();
    }
    if (intrinsic->use_empty()) intrinsic->eraseFromParent();
    return !calls.empty();
}

}  // namespace ujit::cuda
