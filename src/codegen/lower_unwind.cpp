// What a frame holds across a call, for a raise that jumps over it (nrt/unwind_refs.cpp):
// before each call of a compiled function, a function that counts references records the
// owners its variables and temporaries hold (ujit_nrt_unwind_push) and forgets them after the
// call returns (ujit_nrt_unwind_pop); a raise below releases them at its landing, as this
// frame's return would have. Inside a try of the function itself nothing is recorded: its
// landing goes on in this frame, with the variables as they are.
//
// After inlining most callees cannot raise at all; drop_unneeded_unwind_records deletes the
// records around those before the count pruning (which takes a record for a release, so that
// a count it would undo is never pruned away).
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "codegen/refcount_pass.hpp"

#include <llvm/IR/IntrinsicInst.h>

#include <set>
#include <vector>

namespace ujit::codegen {

namespace {

constexpr const char* kPush = "ujit_nrt_unwind_push";
constexpr const char* kPop = "ujit_nrt_unwind_pop";

bool calls(const llvm::Instruction& i, llvm::StringRef name) {
    auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
    return call && call->getCalledFunction() && call->getCalledFunction()->getName() == name;
}

// Can `i` raise (call something that may reach ujit_rt_raise)? Intrinsics and the count and
// record functions cannot; any other call may.
bool may_raise(const llvm::Instruction& i) {
    auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
    if (!call || llvm::isa<llvm::IntrinsicInst>(call)) return false;
    const llvm::Function* f = call->getCalledFunction();
    if (!f) return true;
    llvm::StringRef name = f->getName();
    return !(name == "ujit.refcount.incref" || name == "ujit.refcount.decref" || name == kPush || name == kPop);
}

// Does some path from `push` reach a possible raise before a pop of its mark?
bool guards_a_raise(llvm::CallInst* push) {
    std::set<const llvm::Instruction*> pops;
    for (const llvm::User* u : push->users())
        if (auto* i = llvm::dyn_cast<llvm::Instruction>(u); i && calls(*i, kPop)) pops.insert(i);
    std::set<const llvm::BasicBlock*> seen;
    std::vector<llvm::BasicBlock::iterator> work{std::next(push->getIterator())};
    while (!work.empty()) {
        llvm::BasicBlock::iterator it = work.back();
        work.pop_back();
        llvm::BasicBlock* bb = it->getParent();
        for (; it != bb->end(); ++it) {
            if (pops.count(&*it)) break;
            if (may_raise(*it)) return true;
            if (it->isTerminator()) {
                if (llvm::isa<llvm::ReturnInst>(*it)) return true;  // no pop on this path: keep it
                for (llvm::BasicBlock* s : llvm::successors(bb))
                    if (seen.insert(s).second) work.push_back(s->begin());
            }
        }
    }
    return false;
}

}  // namespace

llvm::Value* FunctionLowering::record_held_references() {
    if (!mod.target.counts_references() || in_prange_ || !try_frames_.empty()) return nullptr;
    std::vector<llvm::Value*> owners;
    for (const types::Variable& v : fn.variables) {
        if (!counts_references(v.type)) continue;
        auto it = vars_.find(v.name);
        if (it != vars_.end()) owners_in(b.CreateLoad(value_type(mod.ctx, v.type), it->second), v.type, owners);
    }
    for (const Temporary& t : temps_)
        for (llvm::AllocaInst* slot : t.slots) owners.push_back(b.CreateLoad(b.getPtrTy(), slot));
    if (owners.empty()) return nullptr;
    llvm::AllocaInst* array = entry_alloca(llvm::ArrayType::get(b.getPtrTy(), owners.size()), "held");
    for (size_t i = 0; i < owners.size(); ++i)
        b.CreateStore(owners[i], b.CreateConstGEP2_64(array->getAllocatedType(), array, 0, i));
    llvm::FunctionCallee push = mod.m.getOrInsertFunction(
        kPush, llvm::FunctionType::get(b.getInt64Ty(), {b.getPtrTy(), b.getInt64Ty()}, false));
    return b.CreateCall(push, {array, b.getInt64(owners.size())}, "held.mark");
}

void FunctionLowering::forget_held_references(llvm::Value* mark) {
    if (!mark) return;
    llvm::FunctionCallee pop =
        mod.m.getOrInsertFunction(kPop, llvm::FunctionType::get(b.getVoidTy(), {b.getInt64Ty()}, false));
    llvm::cast<llvm::Function>(pop.getCallee())->addFnAttr(llvm::Attribute::NoFree);
    b.CreateCall(pop, {mark});
}

unsigned drop_unneeded_unwind_records(llvm::Module& m) {
    llvm::Function* push = m.getFunction(kPush);
    if (!push) return 0;
    std::vector<llvm::CallInst*> unneeded;
    for (llvm::User* u : push->users())
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && !guards_a_raise(call)) unneeded.push_back(call);
    for (llvm::CallInst* call : unneeded) {
        std::vector<llvm::Instruction*> pops;
        for (llvm::User* u : call->users()) pops.push_back(llvm::cast<llvm::Instruction>(u));
        for (llvm::Instruction* p : pops) p->eraseFromParent();
        call->eraseFromParent();
    }
    return static_cast<unsigned>(unneeded.size());
}

}  // namespace ujit::codegen
