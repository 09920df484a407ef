#include "codegen/ufunc_split.hpp"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/AttributeMask.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <set>
#include <vector>

namespace ujit::codegen {

namespace {

constexpr const char* kRaise = "ujit_rt_raise";  // the CPU target's error exit (cpu_target.cpp)

bool is_raise(const llvm::Instruction& i) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
    llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
    return callee && callee->getName() == kRaise;
}

bool on_own_stack(const llvm::Value* ptr) { return llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(ptr)); }

// Whether running `f` twice is like running it once, and (when `raise_ok` is false) it
// never raises. `seen` stops recursion through recursive user functions.
bool repeatable(const llvm::Function& f, bool raise_ok, std::set<const llvm::Function*>& seen) {
    if (!seen.insert(&f).second) return true;
    for (const llvm::BasicBlock& bb : f)
        for (const llvm::Instruction& i : bb) {
            if (is_raise(i)) {
                if (!raise_ok) return false;
                continue;
            }
            if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
                if (!on_own_stack(store->getPointerOperand())) return false;
                continue;
            }
            if (auto* mi = llvm::dyn_cast<llvm::MemIntrinsic>(&i)) {
                if (!on_own_stack(mi->getDest())) return false;
                continue;
            }
            if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i)) {
                const llvm::Function* callee = call->getCalledFunction();
                if (!callee) return false;
                if (callee->isIntrinsic() &&
                    (llvm::isa<llvm::LifetimeIntrinsic>(i) || llvm::isa<llvm::DbgInfoIntrinsic>(i)))
                    continue;
                if (callee->isDeclaration()) {
                    if (!callee->onlyReadsMemory() || !callee->doesNotThrow()) return false;
                    continue;
                }
                if (!repeatable(*callee, /*raise_ok=*/false, seen)) return false;
                continue;
            }
            if (i.mayWriteToMemory()) return false;  // atomics, fences
        }
    return true;
}

std::vector<llvm::CallInst*> raises(llvm::Function& f) {
    std::vector<llvm::CallInst*> out;
    for (llvm::BasicBlock& bb : f)
        for (llvm::Instruction& i : bb)
            if (is_raise(i)) out.push_back(llvm::cast<llvm::CallInst>(&i));
    return out;
}

// The raising call and everything after it in its block (the `unreachable`).
void erase_from(llvm::CallInst* call) {
    llvm::BasicBlock* bb = call->getParent();
    while (&bb->back() != call) bb->back().eraseFromParent();
    call->eraseFromParent();
}

llvm::Function* make_check(llvm::Function& impl) {
    llvm::LLVMContext& ctx = impl.getContext();
    llvm::Type* i1 = llvm::Type::getInt1Ty(ctx);
    auto* fty = llvm::FunctionType::get(i1, impl.getFunctionType()->params(), false);
    auto* f = llvm::Function::Create(fty, llvm::Function::InternalLinkage, impl.getName() + ".check", impl.getParent());
    llvm::ValueToValueMapTy vmap;
    for (size_t k = 0; k < impl.arg_size(); ++k) vmap[impl.getArg(unsigned(k))] = f->getArg(unsigned(k));
    llvm::SmallVector<llvm::ReturnInst*, 4> returns;
    llvm::CloneFunctionInto(f, &impl, vmap, llvm::CloneFunctionChangeType::LocalChangesOnly, returns);
    f->removeRetAttrs(llvm::AttributeFuncs::typeIncompatible(i1));  // e.g. nofpclass, wrong on i1
    for (llvm::ReturnInst* r : returns) {
        llvm::ReturnInst::Create(ctx, llvm::ConstantInt::getFalse(ctx), r);
        r->eraseFromParent();
    }
    for (llvm::CallInst* call : raises(*f)) {
        llvm::BasicBlock* bb = call->getParent();
        erase_from(call);
        llvm::ReturnInst::Create(ctx, llvm::ConstantInt::getTrue(ctx), bb);
    }
    return f;
}

llvm::Function* make_nocheck(llvm::Function& impl) {
    llvm::ValueToValueMapTy vmap;
    llvm::Function* f = llvm::CloneFunction(&impl, vmap);
    f->setName(impl.getName() + ".nocheck");
    for (llvm::CallInst* call : raises(*f)) {
        llvm::BasicBlock* bb = call->getParent();
        erase_from(call);
        new llvm::UnreachableInst(f->getContext(), bb);  // the check ran first: never taken
    }
    return f;
}

}  // namespace

KernelSplit split_kernel(llvm::Function& impl) {
    // No raise of its own: one pass runs it once per element, as the plain loop does.
    if (raises(impl).empty()) return {nullptr, &impl};
    std::set<const llvm::Function*> seen;
    if (!repeatable(impl, /*raise_ok=*/true, seen)) return {nullptr, &impl};
    return {make_check(impl), make_nocheck(impl)};
}

}  // namespace ujit::codegen
