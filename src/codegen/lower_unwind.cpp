// What a frame holds across a call, for a raise that jumps over it (nrt/unwind_refs.cpp):
// before each call of a compiled function, a function that counts references records the
// owners its variables and temporaries hold (ujit_nrt_unwind_push) and forgets them after the
// call returns (ujit_nrt_unwind_pop); a raise below releases them at its landing, as this
// frame's return would have. Inside a try of the function itself nothing is recorded: its
// landing goes on in this frame, with the variables as they are.
//
// The record and the forgetting are markers until the optimizer is done. After inlining most
// callees cannot raise at all: drop_unneeded_unwind_records deletes the records around those
// before the count pruning (which takes a record for a release, so that a count it would undo
// is never pruned away); lower_unwind_records then makes the rest a few inline loads and
// stores into the thread's record stack, whose address each function asks for once.
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "codegen/refcount_pass.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <map>
#include <set>
#include <vector>

namespace ujit::codegen {

namespace {

constexpr const char* kPush = "ujit.unwind.push";  // i64 (ptr owners, i64 n): the mark
constexpr const char* kPop = "ujit.unwind.pop";    // void (i64 mark)

bool calls(const llvm::Instruction& i, llvm::StringRef name) {
    auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
    return call && call->getCalledFunction() && call->getCalledFunction()->getName() == name;
}

std::vector<llvm::CallInst*> calls_of(llvm::Module& m, const char* name) {
    std::vector<llvm::CallInst*> out;
    if (llvm::Function* f = m.getFunction(name))
        for (llvm::User* u : f->users())
            if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) out.push_back(call);
    return out;
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

// The stores that filled a deleted record's array (the optimizer ran while the record was
// a call that read them): erased when nothing else reads the array.
void erase_dead_stores(llvm::Value* array) {
    std::vector<llvm::Instruction*> dead;
    std::vector<llvm::Value*> work{array};
    while (!work.empty()) {
        llvm::Value* v = work.back();
        work.pop_back();
        for (llvm::User* u : v->users()) {
            auto* i = llvm::dyn_cast<llvm::Instruction>(u);
            if (auto* st = llvm::dyn_cast_or_null<llvm::StoreInst>(i); st && st->getPointerOperand() == v) {
                dead.push_back(st);
            } else if (llvm::isa_and_nonnull<llvm::GetElementPtrInst>(i)) {
                dead.push_back(i);
                work.push_back(i);
            } else if (!(i && i->isLifetimeStartOrEnd())) {
                return;  // read elsewhere: keep them all
            }
        }
    }
    for (auto it = dead.rbegin(); it != dead.rend(); ++it) (*it)->eraseFromParent();
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
    std::vector<llvm::CallInst*> unneeded;
    for (llvm::CallInst* call : calls_of(m, kPush))
        if (!guards_a_raise(call)) unneeded.push_back(call);
    for (llvm::CallInst* call : unneeded) {
        std::vector<llvm::Instruction*> pops;
        for (llvm::User* u : call->users()) pops.push_back(llvm::cast<llvm::Instruction>(u));
        for (llvm::Instruction* p : pops) p->eraseFromParent();
        llvm::Value* owners = call->getArgOperand(0);
        call->eraseFromParent();
        erase_dead_stores(owners);
    }
    return static_cast<unsigned>(unneeded.size());
}

// nrt::UnwindRefs: {void** data; uint64_t size, capacity, try_depth} (nrt/alloc_log.hpp).
void lower_unwind_records(llvm::Module& m) {
    std::vector<llvm::CallInst*> pushes = calls_of(m, kPush), pops = calls_of(m, kPop);
    auto erase_markers = [&] {  // declarations the JIT could not link, even unused
        for (const char* name : {kPush, kPop})
            if (llvm::Function* f = m.getFunction(name)) f->eraseFromParent();
    };
    if (pushes.empty()) return erase_markers();
    llvm::LLVMContext& ctx = m.getContext();
    llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
    llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
    llvm::FunctionCallee refs = m.getOrInsertFunction("ujit_nrt_unwind_refs", llvm::FunctionType::get(ptr, false));
    llvm::FunctionCallee reserve = m.getOrInsertFunction(
        "ujit_nrt_unwind_reserve", llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {i64}, false));
    std::map<llvm::Function*, llvm::Value*> stacks;  // each function's stack address, asked once at entry
    auto stack_of = [&](llvm::Instruction* at) {
        llvm::Function* f = at->getFunction();
        llvm::Value*& st = stacks[f];
        if (!st) st = llvm::IRBuilder<>(&*f->getEntryBlock().getFirstInsertionPt()).CreateCall(refs, {}, "unwind.refs");
        return st;
    };
    for (llvm::CallInst* push : pushes) {
        llvm::Value* st = stack_of(push);
        llvm::IRBuilder<> b(push);
        llvm::Value* size_at = b.CreateConstGEP1_64(b.getInt8Ty(), st, 8);
        llvm::Value* size = b.CreateLoad(i64, size_at, "unwind.size");
        // Only under a compiled try (UnwindRefs::try_depth): elsewhere a load and a branch.
        llvm::Value* in_try = b.CreateIsNotNull(b.CreateLoad(i64, b.CreateConstGEP1_64(b.getInt8Ty(), st, 24)));
        llvm::Instruction* record = llvm::SplitBlockAndInsertIfThen(in_try, push->getIterator(), false);
        b.SetInsertPoint(record);
        llvm::Value* n = push->getArgOperand(1);
        llvm::Value* need = b.CreateAdd(size, n);
        llvm::Value* full = b.CreateICmpUGT(need, b.CreateLoad(i64, b.CreateConstGEP1_64(b.getInt8Ty(), st, 16)));
        llvm::Instruction* grow = llvm::SplitBlockAndInsertIfThen(full, record->getIterator(), false);
        llvm::IRBuilder<>(grow).CreateCall(reserve, {need});
        b.SetInsertPoint(record);
        llvm::Value* dst = b.CreateGEP(ptr, b.CreateLoad(ptr, st, "unwind.data"), size);
        b.CreateMemCpy(dst, llvm::MaybeAlign(8), push->getArgOperand(0), llvm::MaybeAlign(8), b.CreateShl(n, 3));
        b.CreateStore(need, size_at);
        push->replaceAllUsesWith(size);
        push->eraseFromParent();
    }
    for (llvm::CallInst* pop : pops) {
        llvm::IRBuilder<> b(pop);
        b.CreateStore(pop->getArgOperand(0), b.CreateConstGEP1_64(b.getInt8Ty(), stack_of(pop), 8));
        pop->eraseFromParent();
    }
    erase_markers();
}

}  // namespace ujit::codegen
