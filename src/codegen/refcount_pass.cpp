// Pruning and lowering of the count markers (refcount_pass.hpp).
//
// A pair incref(X) ... decref(X) on the same SSA value can go when nothing between them can
// release memory: without the pair the count is one lower in between, and stays at least one
// because the reference that X was incremented from is still held (nothing released it).
// "Between" is the rest of the increment's block and every block on a path to the decrement,
// where the increment's block dominates the decrement's and the decrement's post-dominates
// the increment's (each runs exactly when the other does). Inside one block a pair is also
// removable when nothing between touches memory at all, whatever else is released there:
// then no one can observe the count being lower for a moment.
#include "codegen/refcount_pass.hpp"

#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <set>
#include <vector>

namespace ujit::codegen {

namespace {

constexpr const char* kIncref = "ujit.refcount.incref";
constexpr const char* kDecref = "ujit.refcount.decref";

bool is_marker(const llvm::Instruction& i, const char* name) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
    return call && call->getCalledFunction() && call->getCalledFunction()->getName() == name;
}

// Can `i` make some count reach zero (and free memory)? A decrement, or a call that may free.
bool may_release(const llvm::Instruction& i) {
    if (is_marker(i, kDecref)) return true;
    auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
    if (!call || is_marker(i, kIncref) || llvm::isa<llvm::IntrinsicInst>(call)) return false;
    const llvm::Function* f = call->getCalledFunction();
    // A raise leaves the call (the allocation log frees what it made): nothing after it runs.
    if (call->doesNotReturn() || (f && f->doesNotReturn())) return false;
    return !(call->hasFnAttr(llvm::Attribute::NoFree) || call->doesNotAccessMemory() || (f && f->doesNotFreeMemory()));
}

bool touches_memory(const llvm::Instruction& i) {
    if (is_marker(i, kIncref) || is_marker(i, kDecref)) return false;
    return i.mayReadOrWriteMemory();
}

// Can control leave `z` and come back to it without passing `a` (a loop around z alone)?
bool in_own_loop(llvm::BasicBlock* z, llvm::BasicBlock* a) {
    std::set<llvm::BasicBlock*> seen{a};
    std::vector<llvm::BasicBlock*> work(llvm::succ_begin(z), llvm::succ_end(z));
    while (!work.empty()) {
        llvm::BasicBlock* bb = work.back();
        work.pop_back();
        if (bb == z) return true;
        if (!seen.insert(bb).second) continue;
        for (llvm::BasicBlock* s : llvm::successors(bb)) work.push_back(s);
    }
    return false;
}

// Is there an instruction that may release memory strictly between `from` and `to`?
bool release_between(llvm::Instruction* from, llvm::Instruction* to, const llvm::DominatorTree& dt) {
    llvm::BasicBlock* a = from->getParent();
    llvm::BasicBlock* z = to->getParent();
    if (a == z) {
        bool touched = false, released = false;
        for (auto it = std::next(from->getIterator()); &*it != to; ++it) {
            touched |= touches_memory(*it);
            released |= may_release(*it);
        }
        return released && touched;
    }
    for (auto it = std::next(from->getIterator()); it != a->end(); ++it)
        if (may_release(*it)) return true;
    for (auto it = z->begin(); &*it != to; ++it)
        if (may_release(*it)) return true;
    // The blocks strictly between: reachable from a without passing through z. Coming back
    // to a means a loop runs the increment more often than the decrement: keep the pair.
    std::set<llvm::BasicBlock*> seen{z};
    std::vector<llvm::BasicBlock*> work(llvm::succ_begin(a), llvm::succ_end(a));
    while (!work.empty()) {
        llvm::BasicBlock* bb = work.back();
        work.pop_back();
        if (bb == a || !dt.dominates(a, bb)) return true;
        if (!seen.insert(bb).second) continue;
        for (llvm::Instruction& i : *bb)
            if (may_release(i)) return true;
        for (llvm::BasicBlock* s : llvm::successors(bb)) work.push_back(s);
    }
    return in_own_loop(z, a);
}

unsigned prune(llvm::Function& f) {
    std::vector<llvm::CallInst*> increfs;
    for (llvm::BasicBlock& bb : f)
        for (llvm::Instruction& i : bb)
            if (is_marker(i, kIncref)) increfs.push_back(llvm::cast<llvm::CallInst>(&i));
    if (increfs.empty()) return 0;
    llvm::DominatorTree dt(f);
    llvm::PostDominatorTree pdt(f);
    std::set<llvm::Instruction*> removed;
    unsigned pairs = 0;
    for (llvm::CallInst* inc : increfs) {
        llvm::Value* owner = inc->getArgOperand(0);
        llvm::CallInst* match = nullptr;
        for (llvm::User* u : owner->users()) {
            auto* dec = llvm::dyn_cast<llvm::CallInst>(u);
            if (!dec || removed.count(dec) || !is_marker(*dec, kDecref) || dec->getFunction() != &f) continue;
            if (!dt.dominates(inc, dec) || !pdt.dominates(dec->getParent(), inc->getParent())) continue;
            if (dec->getParent() == inc->getParent() && !inc->comesBefore(dec)) continue;
            if (release_between(inc, dec, dt)) continue;
            if (!match || dt.dominates(dec, match)) match = dec;  // the nearest one
        }
        if (!match) continue;
        removed.insert(inc);
        removed.insert(match);
        ++pairs;
    }
    for (llvm::Instruction* i : removed) i->eraseFromParent();
    return pairs;
}

// if (owner) atomicrmw add/sub; a decrement that took the count to zero releases the header.
void lower_marker(llvm::CallInst* call, bool increment, llvm::FunctionCallee release_last) {
    llvm::Value* owner = call->getArgOperand(0);
    llvm::IRBuilder<> b(call);
    llvm::Value* nonnull = b.CreateIsNotNull(owner);
    llvm::Instruction* then = llvm::SplitBlockAndInsertIfThen(nonnull, call->getIterator(), false);
    b.SetInsertPoint(then);
    llvm::Type* i64 = b.getInt64Ty();
    if (increment) {
        b.CreateAtomicRMW(llvm::AtomicRMWInst::Add, owner, llvm::ConstantInt::get(i64, 1), llvm::MaybeAlign(8),
                          llvm::AtomicOrdering::Monotonic);
    } else {
        // acq_rel, as ujit_nrt_decref: the thread that frees sees every write made through the others.
        llvm::Value* old = b.CreateAtomicRMW(llvm::AtomicRMWInst::Sub, owner, llvm::ConstantInt::get(i64, 1),
                                             llvm::MaybeAlign(8), llvm::AtomicOrdering::AcquireRelease);
        llvm::Instruction* last = llvm::SplitBlockAndInsertIfThen(b.CreateICmpEQ(old, llvm::ConstantInt::get(i64, 1)),
                                                                  then->getIterator(), false);
        b.SetInsertPoint(last);
        b.CreateCall(release_last, {owner});
    }
    call->eraseFromParent();
}

bool drop_null_updates(llvm::Function& f) {
    std::vector<llvm::Instruction*> dead;
    for (llvm::BasicBlock& bb : f)
        for (llvm::Instruction& i : bb)
            if ((is_marker(i, kIncref) || is_marker(i, kDecref)) &&
                llvm::isa<llvm::ConstantPointerNull>(llvm::cast<llvm::CallInst>(i).getArgOperand(0)))
                dead.push_back(&i);
    for (llvm::Instruction* i : dead) i->eraseFromParent();
    return !dead.empty();
}

}  // namespace

llvm::PreservedAnalyses DropNullRefcountsPass::run(llvm::Function& f, llvm::FunctionAnalysisManager&) {
    return drop_null_updates(f) ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

llvm::Function* refcount_marker(llvm::Module& m, bool increment) {
    llvm::LLVMContext& ctx = m.getContext();
    auto* ty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {llvm::PointerType::get(ctx, 0)}, false);
    llvm::FunctionCallee c = m.getOrInsertFunction(increment ? kIncref : kDecref, ty);
    auto* f = llvm::cast<llvm::Function>(c.getCallee());
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::WillReturn);
    if (increment) {
        // An increment frees nothing and touches only the header it is given.
        f->addFnAttr(llvm::Attribute::NoFree);
        f->setMemoryEffects(llvm::MemoryEffects::argMemOnly());
    }
    return f;
}

unsigned lower_refcounts(llvm::Module& m) {
    drop_unneeded_unwind_records(m);  // before the pruning, which takes a record for a release
    llvm::Function* inc = m.getFunction(kIncref);
    llvm::Function* dec = m.getFunction(kDecref);
    if (!inc && !dec) {
        lower_unwind_records(m);
        return 0;
    }
    // Updates of a statically null owner (a variable's initial value, a borrowed array) first:
    // they do nothing, and would stand between real pairs.
    for (llvm::Function& f : m) drop_null_updates(f);
    unsigned pairs = 0;
    if (inc && dec)
        for (llvm::Function& f : m)
            if (!f.isDeclaration()) pairs += prune(f);
    llvm::LLVMContext& ctx = m.getContext();
    llvm::FunctionCallee release_last = m.getOrInsertFunction(
        "ujit_nrt_release_last",
        llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {llvm::PointerType::get(ctx, 0)}, false));
    for (auto [marker, increment] : {std::pair{inc, true}, std::pair{dec, false}}) {
        if (!marker) continue;
        std::vector<llvm::CallInst*> calls;
        for (llvm::User* u : marker->users())
            if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) calls.push_back(call);
        for (llvm::CallInst* call : calls) lower_marker(call, increment, release_last);
        marker->eraseFromParent();
    }
    lower_unwind_records(m);
    return pairs;
}

}  // namespace ujit::codegen
