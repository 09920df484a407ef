#include "cpu/kernel_block.hpp"

#include "codegen/abi.hpp"
#include "cpu/kernel_runtime.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>
#include <vector>

namespace ujit::cpu {

namespace {

constexpr int kMaxInlinedCalls = 200;
// Per-thread state carried across barriers, at most 1024 threads: 1 MiB of the pool
// thread's stack at most. Kernels needing more keep fibers.
constexpr uint64_t kMaxSlotBytesPerThread = 1024;

llvm::Function* called(const llvm::Instruction& i) {
    auto* c = llvm::dyn_cast<llvm::CallBase>(&i);
    return c ? c->getCalledFunction() : nullptr;
}

bool calls(const llvm::Instruction& i, const char* name) {
    llvm::Function* f = called(i);
    return f && f->getName() == name;
}

// Every call of a function defined in the module inlined; false where one stays (recursion).
bool inline_everything(llvm::Function& f) {
    for (int n = 0; n <= kMaxInlinedCalls; ++n) {
        llvm::CallBase* site = nullptr;
        for (llvm::BasicBlock& bb : f) {
            for (llvm::Instruction& i : bb) {
                llvm::Function* g = called(i);
                if (g && !g->isDeclaration()) {
                    site = llvm::cast<llvm::CallBase>(&i);
                    break;
                }
            }
            if (site) break;
        }
        if (!site) return true;
        llvm::InlineFunctionInfo info;
        if (!llvm::InlineFunction(*site, info).isSuccess()) return false;
    }
    return false;
}

// Lifetime markers span the whole kernel once inlined; the loops below would have to
// reason about them. Dropping them only loses a stack-colouring hint.
void drop_lifetime_markers(llvm::Function& f) {
    std::vector<llvm::Instruction*> dead;
    for (llvm::BasicBlock& bb : f)
        for (llvm::Instruction& i : bb)
            if (auto* ii = llvm::dyn_cast<llvm::IntrinsicInst>(&i); ii && ii->isLifetimeStartOrEnd())
                dead.push_back(ii);
    for (llvm::Instruction* i : dead) i->eraseFromParent();
}

void promote_locals(llvm::Function& f) {
    std::vector<llvm::AllocaInst*> allocas;
    for (llvm::Instruction& i : f.getEntryBlock())
        if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && llvm::isAllocaPromotable(a)) allocas.push_back(a);
    if (allocas.empty()) return;
    llvm::DominatorTree dt(f);
    llvm::PromoteMemToReg(allocas, dt);
}

// One loop nest over the block's threads (z, y, x; x innermost), around one region.
struct ThreadLoop {
    llvm::BasicBlock* preheader = nullptr;
    llvm::BasicBlock* body = nullptr;   // where the region's code is entered from (t is here)
    llvm::BasicBlock* latch = nullptr;  // where the region's code leaves to
    llvm::BasicBlock* exit = nullptr;
    llvm::Value* index[3] = {};   // threadIdx.x, .y, .z (i32)
    llvm::Value* linear = nullptr;  // x + nx * (y + ny * z) (i64)
};

class BlockFunctionBuilder {
public:
    BlockFunctionBuilder(llvm::Module& m, llvm::Function& f) : m_(m), f_(f), ctx_(m.getContext()) {}

    bool build(llvm::Function& packed);

private:
    bool split_at_barriers();
    void assign_regions();
    bool hoistable(const llvm::Instruction& i) const;
    bool defined_outside_regions(const llvm::Value* v) const;
    void hoist_shared_values();
    bool make_thread_loops();
    ThreadLoop thread_loop(int region);
    bool carry_values_across_barriers();
    bool replace_thread_indices();

    int region_of(llvm::BasicBlock* bb) const {
        auto it = region_.find(bb);
        return it == region_.end() ? -1 : it->second;
    }

    llvm::Module& m_;
    llvm::Function& f_;
    llvm::LLVMContext& ctx_;
    llvm::BasicBlock* entry_ = nullptr;  // outside every loop: allocas, shared values
    llvm::Value* kernel_context_ = nullptr;
    llvm::Value* dims_[3] = {};    // blockDim (i32)
    llvm::Value* threads_ = nullptr;  // blockDim.x * .y * .z (i64)
    std::vector<llvm::BasicBlock*> starts_;  // the first block of each region
    std::vector<llvm::BasicBlock*> cuts_;    // the block ending region r (r < last) with `br starts_[r+1]`
    std::map<llvm::BasicBlock*, int> region_;
    std::vector<ThreadLoop> loops_;
};

bool BlockFunctionBuilder::build(llvm::Function& packed) {
    entry_ = llvm::BasicBlock::Create(ctx_, "entry", &f_);
    llvm::IRBuilder<> b(entry_);
    llvm::FunctionCallee context = m_.getOrInsertFunction("ujit_rt_kernel_context", b.getPtrTy());
    kernel_context_ = b.CreateCall(context);
    b.CreateCall(&packed, {f_.getArg(0), llvm::ConstantPointerNull::get(b.getPtrTy())});
    b.CreateRetVoid();
    if (!inline_everything(f_)) return false;
    drop_lifetime_markers(f_);
    // The inlined code after the context call is the first region; the allocas the inliner
    // moved to the top of the entry block stay there, outside the loops.
    starts_.push_back(entry_->splitBasicBlock(llvm::cast<llvm::Instruction>(kernel_context_)->getNextNode(), "region"));
    promote_locals(f_);

    b.SetInsertPoint(entry_->getTerminator());
    for (unsigned d = 0; d < 3; ++d) {
        llvm::Value* p =
            b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), kernel_context_, offsetof(KernelContext, ntid) + 4 * d);
        dims_[d] = b.CreateLoad(b.getInt32Ty(), p, "blockdim");
    }
    threads_ = b.CreateMul(b.CreateZExt(dims_[0], b.getInt64Ty()),
                           b.CreateMul(b.CreateZExt(dims_[1], b.getInt64Ty()), b.CreateZExt(dims_[2], b.getInt64Ty())),
                           "threads");

    if (!split_at_barriers()) return false;
    assign_regions();
    hoist_shared_values();
    if (!make_thread_loops()) return false;
    if (!carry_values_across_barriers() || !replace_thread_indices()) return false;
    return !llvm::verifyFunction(f_);
}

// Each barrier must be met exactly once by every thread: in no loop, and on every path
// from the kernel's start to its end.
bool BlockFunctionBuilder::split_at_barriers() {
    std::vector<llvm::CallBase*> barriers;
    for (llvm::BasicBlock& bb : f_)
        for (llvm::Instruction& i : bb) {
            if (calls(i, "ujit_rt_kernel_barrier_op") || calls(i, "ujit_rt_kernel_warp_op"))
                return false;  // count/and/or and warp functions: fibers
            if (calls(i, "ujit_rt_kernel_barrier")) barriers.push_back(llvm::cast<llvm::CallBase>(&i));
        }
    if (barriers.empty()) return true;
    llvm::DominatorTree dt(f_);
    llvm::PostDominatorTree pdt(f_);
    llvm::LoopInfo loops(dt);
    for (llvm::CallBase* c : barriers)
        if (loops.getLoopFor(c->getParent()) || !pdt.dominates(c->getParent(), starts_[0])) return false;
    std::sort(barriers.begin(), barriers.end(), [&](llvm::CallBase* a, llvm::CallBase* c) {
        return a->getParent() == c->getParent() ? a->comesBefore(c) : dt.dominates(a->getParent(), c->getParent());
    });
    for (llvm::CallBase* c : barriers) {
        llvm::BasicBlock* before = c->getParent();
        starts_.push_back(before->splitBasicBlock(c->getNextNode(), "region"));
        cuts_.push_back(before);
        c->eraseFromParent();
    }
    return true;
}

void BlockFunctionBuilder::assign_regions() {
    for (int r = 0; r < int(starts_.size()); ++r) {
        llvm::BasicBlock* stop = r + 1 < int(starts_.size()) ? starts_[r + 1] : nullptr;
        std::vector<llvm::BasicBlock*> work = {starts_[r]};
        while (!work.empty()) {
            llvm::BasicBlock* bb = work.back();
            work.pop_back();
            if (bb == stop || bb == entry_ || !region_.emplace(bb, r).second) continue;
            for (llvm::BasicBlock* s : llvm::successors(bb)) work.push_back(s);
        }
    }
}

bool BlockFunctionBuilder::defined_outside_regions(const llvm::Value* v) const {
    auto* i = llvm::dyn_cast<llvm::Instruction>(v);
    return !i || i->getParent() == entry_;
}

// The same for every thread of the block and free to compute early: pure arithmetic on such
// values, the kernel context, and loads the code generator marked invariant (the packed
// arguments, array shapes and strides, the context's fields).
bool BlockFunctionBuilder::hoistable(const llvm::Instruction& i) const {
    if (calls(i, "ujit_rt_kernel_context")) return true;
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i))
        return load->hasMetadata(llvm::LLVMContext::MD_invariant_load) && load->isSimple();
    if (!llvm::isa<llvm::GetElementPtrInst, llvm::CastInst, llvm::BinaryOperator, llvm::CmpInst, llvm::SelectInst,
                   llvm::ExtractValueInst, llvm::InsertValueInst>(i))
        return false;
    return llvm::isSafeToSpeculativelyExecute(&i);
}

void BlockFunctionBuilder::hoist_shared_values() {
    llvm::Instruction* at = entry_->getTerminator();
    for (bool changed = true; changed;) {
        changed = false;
        for (auto& [bb, r] : region_)
            for (llvm::Instruction& i : llvm::make_early_inc_range(*bb)) {
                if (!hoistable(i)) continue;
                if (!std::all_of(i.op_begin(), i.op_end(),
                                 [&](const llvm::Use& u) { return defined_outside_regions(u.get()); }))
                    continue;
                i.moveBefore(at);
                changed = true;
            }
    }
}

// preheader → z → y → x → [region] → latch(x) → y latch → z latch → exit; every block
// dimension is at least 1 (the launch checks), so each loop runs its body first.
ThreadLoop BlockFunctionBuilder::thread_loop(int region) {
    ThreadLoop l;
    auto block = [&](const char* name) { return llvm::BasicBlock::Create(ctx_, name, &f_); };
    l.preheader = block("threads.pre");
    llvm::BasicBlock* hz = block("threads.z");
    llvm::BasicBlock* hy = block("threads.y");
    l.body = block("threads.x");
    l.latch = block("threads.x.next");
    llvm::BasicBlock* ly = block("threads.y.next");
    llvm::BasicBlock* lz = block("threads.z.next");
    l.exit = block("threads.done");
    llvm::IRBuilder<> b(l.preheader);
    llvm::Type* i32 = b.getInt32Ty();
    b.CreateBr(hz);
    b.SetInsertPoint(hz);
    llvm::PHINode* z = b.CreatePHI(i32, 2, "tid.z");
    b.CreateBr(hy);
    b.SetInsertPoint(hy);
    llvm::PHINode* y = b.CreatePHI(i32, 2, "tid.y");
    b.CreateBr(l.body);
    b.SetInsertPoint(l.body);
    llvm::PHINode* x = b.CreatePHI(i32, 2, "tid.x");
    llvm::Value* x64 = b.CreateZExt(x, b.getInt64Ty());
    llvm::Value* y64 = b.CreateZExt(y, b.getInt64Ty());
    llvm::Value* z64 = b.CreateZExt(z, b.getInt64Ty());
    llvm::Value* nx = b.CreateZExt(dims_[0], b.getInt64Ty());
    llvm::Value* ny = b.CreateZExt(dims_[1], b.getInt64Ty());
    l.linear = b.CreateAdd(x64, b.CreateMul(nx, b.CreateAdd(y64, b.CreateMul(ny, z64))), "tid.linear");
    b.CreateBr(starts_[region]);

    auto step = [&](llvm::BasicBlock* latch, llvm::PHINode* counter, llvm::BasicBlock* header, llvm::BasicBlock* out,
                    llvm::Value* limit) {
        b.SetInsertPoint(latch);
        llvm::Value* next = b.CreateAdd(counter, b.getInt32(1), "", /*HasNUW=*/true, /*HasNSW=*/true);
        counter->addIncoming(next, latch);
        b.CreateCondBr(b.CreateICmpULT(next, limit), header, out);
    };
    z->addIncoming(b.getInt32(0), l.preheader);
    y->addIncoming(b.getInt32(0), hz);
    x->addIncoming(b.getInt32(0), hy);
    step(l.latch, x, l.body, ly, dims_[0]);
    step(ly, y, hy, lz, dims_[1]);
    step(lz, z, hz, l.exit, dims_[2]);
    l.index[0] = x;
    l.index[1] = y;
    l.index[2] = z;
    return l;
}

bool BlockFunctionBuilder::make_thread_loops() {
    int regions = int(starts_.size());
    for (int r = 0; r < regions; ++r) loops_.push_back(thread_loop(r));
    // Into the first loop, from each loop's exit into the next, and out after the last.
    entry_->getTerminator()->setSuccessor(0, loops_[0].preheader);
    for (int r = 0; r + 1 < regions; ++r) {
        llvm::BranchInst::Create(loops_[r + 1].preheader, loops_[r].exit);
        cuts_[r]->getTerminator()->setSuccessor(0, loops_[r].latch);
    }
    llvm::ReturnInst::Create(ctx_, loops_.back().exit);
    std::vector<llvm::ReturnInst*> returns;
    for (auto& [bb, r] : region_)
        if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(bb->getTerminator())) {
            if (r + 1 != regions) return false;  // a barrier on every path: cannot happen
            returns.push_back(ret);
        }
    for (llvm::ReturnInst* ret : returns) {
        llvm::BranchInst::Create(loops_.back().latch, ret->getParent());
        ret->eraseFromParent();
    }
    return true;
}

// Values a thread makes in one region and uses in a later one: per-thread slots. Allocas
// (cuda.local.array, what could not be promoted) used in several regions: one per thread.
bool BlockFunctionBuilder::carry_values_across_barriers() {
    if (starts_.size() == 1) return true;
    const llvm::DataLayout& dl = m_.getDataLayout();
    uint64_t bytes = 0;
    llvm::IRBuilder<> eb(entry_->getTerminator());
    auto slot_pointer = [&](llvm::Type* t, llvm::Value* slots, int r) {
        llvm::IRBuilder<> b(loops_[r].body->getTerminator());
        return b.CreateInBoundsGEP(t, slots, loops_[r].linear);
    };

    for (llvm::Instruction& i : llvm::make_early_inc_range(*entry_)) {
        auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i);
        if (!a) continue;
        std::set<int> users;
        for (llvm::User* u : a->users())
            if (auto* ui = llvm::dyn_cast<llvm::Instruction>(u)) users.insert(region_of(ui->getParent()));
        if (users.size() < 2 && !users.count(-1)) continue;
        if (users.count(-1) || !a->isStaticAlloca()) return false;
        bytes +=
            a->getAllocationSize(dl).value_or(llvm::TypeSize::getFixed(kMaxSlotBytesPerThread + 1)).getFixedValue();
        auto* slots = eb.CreateAlloca(a->getAllocatedType(), threads_, a->getName() + ".per_thread");
        slots->setAlignment(a->getAlign());
        for (int r : users) {
            llvm::Value* p = slot_pointer(a->getAllocatedType(), slots, r);
            a->replaceUsesWithIf(p, [&](llvm::Use& u) {
                return region_of(llvm::cast<llvm::Instruction>(u.getUser())->getParent()) == r;
            });
        }
        a->eraseFromParent();
    }

    for (auto& [bb, r] : region_) {
        for (llvm::Instruction& i : *bb) {
            std::set<int> later;
            for (llvm::User* u : i.users()) {
                int ur = region_of(llvm::cast<llvm::Instruction>(u)->getParent());
                if (ur != r) later.insert(ur);
            }
            if (later.empty()) continue;
            if (later.count(-1) || i.getType()->isTokenTy()) return false;
            llvm::Type* t = i.getType();
            bytes += dl.getTypeAllocSize(t);
            auto* slots = eb.CreateAlloca(t, threads_, i.getName() + ".carried");
            llvm::IRBuilder<> sb(i.getParent(), i.isTerminator() ? i.getIterator() : std::next(i.getIterator()));
            if (llvm::isa<llvm::PHINode>(i)) sb.SetInsertPoint(i.getParent(), i.getParent()->getFirstInsertionPt());
            sb.CreateStore(&i, sb.CreateInBoundsGEP(t, slots, loops_[r].linear));
            for (int ur : later) {
                llvm::IRBuilder<> lb(loops_[ur].body->getTerminator());
                llvm::Value* v = lb.CreateLoad(t, slot_pointer(t, slots, ur));
                i.replaceUsesWithIf(v, [&](llvm::Use& u) {
                    return region_of(llvm::cast<llvm::Instruction>(u.getUser())->getParent()) == ur;
                });
            }
        }
    }
    return bytes <= kMaxSlotBytesPerThread;
}

// threadIdx reads become the loop counters of their region; a failing bounds check first
// writes them where ujit_rt_kernel_raise reads the failing thread from.
bool BlockFunctionBuilder::replace_thread_indices() {
    std::vector<std::pair<llvm::CallBase*, int>> reads, raises;
    for (auto& [bb, r] : region_)
        for (llvm::Instruction& i : *bb) {
            if (calls(i, "ujit_rt_kernel_thread_index")) reads.push_back({llvm::cast<llvm::CallBase>(&i), r});
            if (calls(i, "ujit_rt_kernel_raise")) raises.push_back({llvm::cast<llvm::CallBase>(&i), r});
        }
    for (auto [c, r] : reads) {
        auto* d = llvm::dyn_cast<llvm::ConstantInt>(c->getArgOperand(0));
        if (!d || d->getZExtValue() > 2) return false;
        c->replaceAllUsesWith(loops_[r].index[d->getZExtValue()]);
        c->eraseFromParent();
    }
    for (auto [c, r] : raises) {
        llvm::IRBuilder<> b(c);
        for (unsigned d = 0; d < 3; ++d)
            b.CreateStore(loops_[r].index[d], b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), kernel_context_,
                                                                           offsetof(KernelContext, tid) + 4 * d));
    }
    // Anything left reading a thread index outside the regions would read a stale context.
    for (llvm::Instruction& i : *entry_)
        if (calls(i, "ujit_rt_kernel_thread_index")) return false;
    return true;
}

}  // namespace

llvm::Function* emit_block_function(llvm::Module& m, const std::string& symbol) {
    llvm::Function* packed = m.getFunction(codegen::packed_symbol(symbol));
    if (!packed || packed->isDeclaration()) return nullptr;
    llvm::LLVMContext& ctx = m.getContext();
    auto* type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {llvm::PointerType::get(ctx, 0)}, false);
    auto* f = llvm::Function::Create(type, llvm::Function::ExternalLinkage, block_symbol(symbol), m);
    f->getArg(0)->setName("args");
    if (!BlockFunctionBuilder(m, *f).build(*packed)) {
        f->eraseFromParent();
        return nullptr;
    }
    return f;
}

}  // namespace ujit::cpu
