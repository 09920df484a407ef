// try/except/else/finally as Numba compiles it: one handler that catches every exception
// (the parser refuses the other forms). A raise inside the block, in this function or in a
// function it calls, reaches the handler through the target's try frame (CPU: a setjmp
// buffer on the thread's guard stack, cpu/helper_errors.hpp); code outside try blocks is
// unchanged.
//
// What the jump skips: the raising frames' decrefs (the landing frees what was allocated
// since the block began: the allocation log; the raising function itself releases its
// references before it jumps, leave_by_raise) and this function's stores to registers. So
// the variables the statement assigns live in memory (volatile) in a function with a try,
// and none that the frame covers may hold arrays (what the block allocated is freed by the
// landing).
#include "codegen/ast_walk.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

void assigned_names(const Expr* target, std::vector<const Name*>& out) {
    if (auto* n = dyn_cast<Name>(target)) out.push_back(n);
    if (auto* t = dyn_cast<Tuple>(target))
        for (const Expr* e : t->elts) assigned_names(e, out);
}

void assigned_names(const Block& block, std::vector<const Name*>& out) {
    for (const Stmt* s : block) {
        if (auto* a = dyn_cast<Assign>(s))
            for (const Expr* t : a->targets) assigned_names(t, out);
        if (auto* a = dyn_cast<AugAssign>(s)) assigned_names(a->target, out);
        if (auto* f = dyn_cast<For>(s)) assigned_names(f->target, out);
        for (const Block* nested : nested_blocks(s)) assigned_names(*nested, out);
    }
}

// The loads and stores of `v` (a variable's slot, or an address inside it) as volatile.
void make_volatile(llvm::Value* v) {
    for (llvm::User* u : v->users()) {
        if (auto* load = llvm::dyn_cast<llvm::LoadInst>(u)) load->setVolatile(true);
        if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u); store && store->getPointerOperand() == v)
            store->setVolatile(true);
        if (llvm::isa<llvm::GetElementPtrInst>(u)) make_volatile(u);
    }
}

}  // namespace

void FunctionLowering::try_stmt(const Try* s) {
    if (fn.def->is_generator)  // gen: a try frame's setjmp cannot live across a coroutine's suspends
        unsupported(s->loc, fmt::format("try statements in generator '{}' are not supported by ujit", fn.def->name));
    // What a landing frees was made inside the try frame: the body, and with a finally block
    // the handler and the else block too (they run inside the finally's frame). Without one
    // they run after the frame is left, as the finally block always does, so they may
    // assign counted values (`skipped += ch` in the handler).
    std::vector<const Name*> names, framed;
    for (const Block* part : {&s->body, &s->handler, &s->orelse, &s->finalbody}) assigned_names(*part, names);
    assigned_names(s->body, framed);
    if (!s->finalbody.empty()) assigned_names(s->handler, framed), assigned_names(s->orelse, framed);
    for (const Name* n : names) {
        const bool in_frame = std::find(framed.begin(), framed.end(), n) != framed.end();
        const types::Variable* v = nullptr;
        for (const types::Variable& x : fn.variables)
            if (x.name == n->id) v = &x;
        if (v && in_frame && counts_references(v->type))
            unsupported(n->loc, fmt::format("ujit cannot assign '{}' ({}) inside a 'try' statement: a raise there "
                                            "frees the arrays made since the 'try'",
                                            n->id, v->type->str()));
        try_variables_.insert(n->id);
    }
    auto except_part = [&] {
        if (!s->has_handler) return block(s->body);
        guarded(
            s, /*has_finally=*/false, [&] { block(s->body); }, [&] { block(s->orelse); },
            [&](llvm::Value*) { block(s->handler); });
    };
    if (s->finalbody.empty()) return except_part();
    // try/finally: the finally block runs after the rest, and on a raise in it before the
    // exception goes on to the next handler.
    guarded(
        s, /*has_finally=*/true, except_part, [&] { block(s->finalbody); },
        [&](llvm::Value* frame) {
            block(s->finalbody);
            if (!b.GetInsertBlock()->getTerminator()) mod.target.emit_try_exit(b, Target::TryExit::Reraise, frame);
        });
}

void FunctionLowering::guarded(const Try* s, bool has_finally, const std::function<void()>& body,
                               const std::function<void()>& after, const std::function<void(llvm::Value*)>& landing) {
    llvm::Value* frame = nullptr;
    llvm::Value* raised = mod.target.emit_try_begin(b, frame);
    if (!raised) unsupported(s->loc, "'try' statements are not supported in CUDA kernels and device functions");
    llvm::BasicBlock* run = new_block("try.body");
    llvm::BasicBlock* land = new_block("try.landing");
    llvm::BasicBlock* done = new_block("try.done");
    b.CreateCondBr(raised, land, run);

    b.SetInsertPoint(run);
    try_frames_.push_back({frame, loops_.size(), has_finally});
    body();
    try_frames_.pop_back();
    if (!b.GetInsertBlock()->getTerminator()) {
        mod.target.emit_try_exit(b, Target::TryExit::Leave, frame);
        after();
        if (!b.GetInsertBlock()->getTerminator()) b.CreateBr(done);
    }

    b.SetInsertPoint(land);
    mod.target.emit_try_exit(b, Target::TryExit::Caught, frame);
    landing(frame);
    if (!b.GetInsertBlock()->getTerminator()) b.CreateBr(done);
    b.SetInsertPoint(done);
}

// A return leaves every try block of the function; a break or continue those entered inside
// its loop. Python runs a finally block on the way out; that ujit does not do.
void FunctionLowering::leave_try_frames(const Stmt* s, size_t loops_kept) {
    for (size_t k = try_frames_.size(); k-- > 0;) {
        const TryFrame& t = try_frames_[k];
        if (t.loops_at_entry < loops_kept) break;
        if (t.has_finally)
            unsupported(s->loc, "ujit does not support leaving a 'try' statement that has a 'finally' block "
                                "with 'return', 'break' or 'continue'");
        mod.target.emit_try_exit(b, Target::TryExit::Leave, t.frame);
    }
}

void FunctionLowering::make_try_variables_volatile() {
    for (const std::string& name : try_variables_)
        if (auto it = vars_.find(name); it != vars_.end()) make_volatile(it->second);
}

// The raising function's own references: the jump skips its returns, and the allocation
// log frees only what was made since the catching try began, so a reference this frame took
// to an older array (`b = a` of an argument) would keep that array alive forever. Inside a
// try of this function the landing goes on here with the variables as they are: kept.
void FunctionLowering::leave_by_raise(llvm::Value* cond, const std::function<void(llvm::Value*)>& raise) {
    auto* k = llvm::dyn_cast<llvm::ConstantInt>(cond);
    if (!mod.target.counts_references() || in_prange_ || !try_frames_.empty() || (k && k->isZero())) return raise(cond);
    llvm::BasicBlock* release = new_block("raise.release");
    llvm::BasicBlock* after = new_block("raise.after");
    b.CreateCondBr(cond, release, after, llvm::MDBuilder(mod.ctx).createUnlikelyBranchWeights());
    b.SetInsertPoint(release);
    release_temporaries(0, /*forget=*/false);
    release_locals();
    raise(b.getTrue());
    b.CreateBr(after);  // the target's check leaves the builder in its (dead) "no error" block
    b.SetInsertPoint(after);
}

}  // namespace ujit::codegen
