// Generators (types/infer_generators.cpp), lowered as LLVM coroutines (switched-resume:
// llvm.org/docs/Coroutines.html). Numba lowers a generator to a state struct (the live
// locals and a resume index) and a "next" function that switches on the index
// (numba/core/generators.py); LLVM's CoroSplit builds exactly that from one function: the
// frame holds what lives across a yield, and the resume function switches on the index.
//
// A generator object is {meminfo, handle}: one NRT block (so it is counted, passed and
// released like any owned value) holding a header and then the coroutine frame:
//     data + 0               i64 running: 1 while a consumer has resumed it
//     data + 8 (aligned)     the last yielded value (the consumer takes its reference)
//     data + frame_offset    the coroutine frame: the handle
// Consumers reach the header from the handle that llvm.coro.begin returned, never from the
// block's data pointer: LLVM takes coro.begin's result for an object of its own (noalias),
// so loads through a pointer it was not derived from may be assumed not to see the frame's
// stores. For the same reason the ramp is never inlined (inlined, LLVM 19 at O3 folded the
// consumer's reads of the header to stale values).
// Calling the generator function (the ramp) allocates the block, stores the arguments and
// stops at the initial suspend point: nothing of the body runs before the first next().
// Each `yield v` stores v in the header and suspends; `return` or the end of the body
// releases the locals and reaches the final suspend (coro.done). The block's destructor
// destroys a suspended frame, which releases what it held at that yield (a raise from
// inside the body released that already, and leaves `running` set: nothing is destroyed).
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/ast_walk.hpp"
#include "codegen/entry_abi.hpp"
#include "codegen/llvm_types.hpp"

#include <llvm/IR/CFG.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/Support/MathExtras.h>

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

namespace {

// The header before the frame, for the body, its consumers and `$next`.
struct HeaderLayout {
    llvm::StructType* header;
    uint64_t frame_offset;
};

HeaderLayout layout_of(llvm::Module& m, const Type* gt) {
    llvm::LLVMContext& ctx = m.getContext();
    llvm::StructType* header =
        llvm::StructType::get(ctx, {llvm::Type::getInt64Ty(ctx), value_type(ctx, gt->yield_type())});
    uint64_t size = m.getDataLayout().getTypeAllocSize(header);
    return {header, llvm::alignTo(size, 16)};
}

}  // namespace

FunctionLowering::GeneratorLayout FunctionLowering::generator_layout(const Type* gt) {
    HeaderLayout l = layout_of(mod.m, gt);
    return {l.header, l.frame_offset};
}

// ---- the consumer side: any function holding a generator value

llvm::Value* FunctionLowering::generator_handle(llvm::Value* gen, const GeneratorLayout&) {
    return b.CreateExtractValue(gen, 1, "gen.handle");
}

llvm::Value* FunctionLowering::generator_header(llvm::Value* gen, const GeneratorLayout& layout) {
    int64_t back = -static_cast<int64_t>(layout.frame_offset);
    return b.CreateConstGEP1_64(b.getInt8Ty(), generator_handle(gen, layout), back, "gen.header");
}

// Finished: at its final suspend, or left running by a raise (that a try caught): as in
// Python, a generator that raised gives no more items.
llvm::Value* FunctionLowering::generator_finished(llvm::Value* gen, const GeneratorLayout& layout) {
    llvm::Value* running = b.CreateLoad(b.getInt64Ty(), generator_header(gen, layout));
    llvm::Value* done = b.CreateIntrinsic(llvm::Intrinsic::coro_done, {}, {generator_handle(gen, layout)});
    return b.CreateOr(done, b.CreateICmpNE(running, b.getInt64(0)));
}

// Resumes the generator unless it has finished; i1: it yielded a new item.
llvm::Value* FunctionLowering::generator_advance(llvm::Value* gen, const Type* gt) {
    GeneratorLayout layout = generator_layout(gt);
    llvm::Value* data = generator_header(gen, layout);
    llvm::BasicBlock* resume = new_block("gen.resume");
    llvm::BasicBlock* after = new_block("gen.resumed");
    b.CreateCondBr(generator_finished(gen, layout), after, resume);
    b.SetInsertPoint(resume);
    b.CreateStore(b.getInt64(1), data);
    b.CreateIntrinsic(llvm::Intrinsic::coro_resume, {}, {generator_handle(gen, layout)});
    b.CreateStore(b.getInt64(0), data);
    b.CreateBr(after);
    b.SetInsertPoint(after);
    return b.CreateNot(generator_finished(gen, layout), "gen.has_item");
}

// The item the last advance yielded: a new reference, a temporary of the statement.
llvm::Value* FunctionLowering::generator_item(llvm::Value* gen, const Type* gt) {
    GeneratorLayout layout = generator_layout(gt);
    llvm::Value* slot = b.CreateStructGEP(layout.header, generator_header(gen, layout), 1);
    llvm::Value* item = b.CreateLoad(value_type(mod.ctx, gt->yield_type()), slot, "gen.item");
    own_temporary(item, gt->yield_type());
    return item;
}

// body(item) for each item the generator `e` yields; `loop` (a for statement: its break,
// continue and else) or none.
void FunctionLowering::each_generator_item(const Expr* e, const For* loop,
                                           const std::function<void(llvm::Value*)>& body) {
    const Type* gt = type_of(e);
    llvm::Value* gen = expr(e);
    if (loop) {  // `for v in g: g = other(...)`: the loop's own reference (lower_iter.cpp says when)
        RebindTest rebound = loop_rebinds(loop);
        hold_iterable(e, gen, &rebound);
    }
    llvm::BasicBlock* header = new_block("gen.next");
    llvm::BasicBlock* body_bb = new_block("gen.body");
    llvm::BasicBlock* else_bb = loop && !loop->orelse.empty() ? new_block("gen.else") : nullptr;
    llvm::BasicBlock* done = new_block("gen.end");
    b.CreateBr(header);
    b.SetInsertPoint(header);
    b.CreateCondBr(generator_advance(gen, gt), body_bb, else_bb ? else_bb : done);
    b.SetInsertPoint(body_bb);
    size_t mark = temporaries_mark();
    body(generator_item(gen, gt));
    if (loop) {
        release_temporaries(mark);
        loops_.push_back({header, done});
        block(loop->body);
        loops_.pop_back();
    } else {
        release_temporaries(mark);
    }
    b.CreateBr(header);
    if (loop) return else_then_continue(else_bb, loop->orelse, done);
    b.SetInsertPoint(done);
}

void FunctionLowering::for_generator(const For* s) {
    const Type* yt = type_of(s->iter)->yield_type();
    each_generator_item(s->iter, s, [&](llvm::Value* item) { assign_to(s->target, item, yt); });
}

// next(g): StopIteration when the generator has finished, as Python's next().
llvm::Value* FunctionLowering::generator_next(const Call* e) {
    const Type* gt = type_of(e->args[0]);
    llvm::Value* gen = expr(e->args[0]);
    llvm::Value* has = generator_advance(gen, gt);
    raise_if(b.CreateNot(has), "StopIteration", "", e->loc);
    return generator_item(gen, gt);
}

// ---- the generator function itself: the ramp, made a coroutine by CoroSplit

void FunctionLowering::lower_generator_body() {
    const Type* gt = fn.return_type;
    GeneratorLayout layout = generator_layout(gt);
    llvm::PointerType* ptr = b.getPtrTy();
    llvm::BasicBlock* start = new_block("gen.start");
    b.SetInsertPoint(start);
    llvm::Value* none = llvm::ConstantPointerNull::get(ptr);
    llvm::Value* id = b.CreateIntrinsic(llvm::Intrinsic::coro_id, {}, {b.getInt32(16), none, none, none});
    llvm::Value* size = b.CreateIntrinsic(llvm::Intrinsic::coro_size, {b.getInt64Ty()}, {});
    llvm::FunctionCallee allocate = runtime_call("ujit_nrt_allocate_finalized", ptr, {b.getInt64Ty(), ptr});
    llvm::Value* mi = b.CreateCall(
        allocate, {b.CreateAdd(size, b.getInt64(layout.frame_offset)), generator_destructor(layout)}, "gen.meminfo");
    check_error(b.CreateIsNull(mi), int(RuntimeError::AllocationFailed), fn.def->name_loc);
    llvm::Value* data = b.CreateCall(runtime_call("ujit_nrt_data", ptr, {ptr}), {mi}, "gen.data");
    b.CreateStore(b.getInt64(0), data);
    llvm::Value* frame = b.CreateConstGEP1_64(b.getInt8Ty(), data, layout.frame_offset);
    gen_handle_ = b.CreateIntrinsic(llvm::Intrinsic::coro_begin, {}, {id, frame}, nullptr, "gen.handle");
    gen_yield_slot_ = b.CreateStructGEP(layout.header, data, 1);
    gen_suspend_ = new_block("gen.suspend");
    gen_final_ = new_block("gen.final");

    llvm::BasicBlock* body = new_block("body");
    suspend_then(body);  // the initial suspend: the body runs at the first next()
    b.SetInsertPoint(body);
    block(fn.def->body);

    // The final suspend; destroying the frame there releases nothing (the end released all).
    b.SetInsertPoint(gen_final_);
    llvm::Value* s =
        b.CreateIntrinsic(llvm::Intrinsic::coro_suspend, {}, {llvm::ConstantTokenNone::get(mod.ctx), b.getTrue()});
    llvm::BasicBlock* never = new_block("gen.resumed_after_end");
    llvm::SwitchInst* sw = b.CreateSwitch(s, gen_suspend_, 2);
    sw->addCase(b.getInt8(0), never);
    sw->addCase(b.getInt8(1), gen_suspend_);
    b.SetInsertPoint(never);
    b.CreateUnreachable();

    b.SetInsertPoint(gen_suspend_);
    b.CreateIntrinsic(llvm::Intrinsic::coro_end, {},
                      {gen_handle_, b.getFalse(), llvm::ConstantTokenNone::get(mod.ctx)});
    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, gt));
    out = b.CreateInsertValue(out, mi, 0);
    b.CreateRet(b.CreateInsertValue(out, gen_handle_, 1));

    // What falls off the end of the body ends the generator.
    for (llvm::BasicBlock& bb : *f) {
        if (bb.getTerminator() || &bb == alloca_block_) continue;
        b.SetInsertPoint(&bb);
        if (&bb != body && llvm::pred_empty(&bb)) {
            b.CreateUnreachable();
            continue;
        }
        end_generator();
    }
    b.SetInsertPoint(alloca_block_);
    b.CreateBr(start);
}

// Suspends here; resumed, continues at `resume`; destroyed, releases what the body holds
// (the variables and the temporaries of the statements around this point).
void FunctionLowering::suspend_then(llvm::BasicBlock* resume) {
    llvm::Value* s =
        b.CreateIntrinsic(llvm::Intrinsic::coro_suspend, {}, {llvm::ConstantTokenNone::get(mod.ctx), b.getFalse()});
    llvm::BasicBlock* cleanup = new_block("gen.cleanup");
    llvm::SwitchInst* sw = b.CreateSwitch(s, gen_suspend_, 2);
    sw->addCase(b.getInt8(0), resume);
    sw->addCase(b.getInt8(1), cleanup);
    b.SetInsertPoint(cleanup);
    release_temporaries(0, /*forget=*/false);
    release_locals();
    b.CreateBr(gen_suspend_);
}

void FunctionLowering::end_generator() {
    release_temporaries(0, /*forget=*/false);
    release_locals();
    b.CreateBr(gen_final_);
}

// `yield v`: the consumer gets one reference to v (as a caller gets the returned value).
void FunctionLowering::yield_stmt(const Return* s) {
    if (!try_frames_.empty()) unsupported(s->loc, "'yield' inside a try statement is not supported by ujit");
    if (in_prange_) unsupported(s->loc, "'yield' inside a prange loop is not supported by ujit");
    const Type* yt = fn.return_type->yield_type();
    size_t mark = temporaries_mark();
    llvm::Value* v = expr_as(s->value, yt);
    if (!take_temporary(v)) count_update(true, v, yt);
    release_temporaries(mark);
    b.CreateStore(v, gen_yield_slot_);
    llvm::BasicBlock* resume = new_block("gen.after_yield");
    suspend_then(resume);
    b.SetInsertPoint(resume);
}

void FunctionLowering::generator_return(const Return* s) {
    if (s->yields) return yield_stmt(s);
    if (s->value && !isa<NoneLit>(s->value)) expr(s->value);
    leave_try_frames(s, 0);
    end_generator();
    start_dead_block();
}

// The block's destructor: destroys the frame unless a raise left it running.
llvm::Function* FunctionLowering::generator_destructor(const GeneratorLayout& layout) {
    llvm::Type* ptr = b.getPtrTy();
    auto* fty = llvm::FunctionType::get(b.getVoidTy(), {ptr, ptr}, false);
    std::string name = fn.symbol + ".gen.drop";
    if (llvm::Function* existing = mod.m.getFunction(name)) return existing;
    auto* d = llvm::Function::Create(fty, llvm::Function::InternalLinkage, name, mod.m);
    llvm::IRBuilder<> db(llvm::BasicBlock::Create(mod.ctx, "entry", d));
    llvm::BasicBlock* destroy = llvm::BasicBlock::Create(mod.ctx, "destroy", d);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(mod.ctx, "done", d);
    llvm::Value* running = db.CreateLoad(db.getInt64Ty(), d->getArg(0));
    db.CreateCondBr(db.CreateICmpEQ(running, db.getInt64(0)), destroy, done);
    db.SetInsertPoint(destroy);
    llvm::Value* hdl = db.CreateConstGEP1_64(db.getInt8Ty(), d->getArg(0), layout.frame_offset);
    db.CreateIntrinsic(llvm::Intrinsic::coro_destroy, {}, {hdl});
    db.CreateBr(done);
    db.SetInsertPoint(done);
    db.CreateRetVoid();
    return d;
}

// ---- the host's consumer: `<symbol>$next` (entry_abi.hpp), the steps of generator_advance and
// generator_item over the generator result the packed wrapper wrote

llvm::Function* emit_generator_next(ModuleLowering& mod, const types::TypedFunction& fn) {
    const Type* gt = fn.return_type;
    HeaderLayout layout = layout_of(mod.m, gt);
    llvm::LLVMContext& ctx = mod.ctx;
    llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
    auto* fty = llvm::FunctionType::get(llvm::Type::getInt8Ty(ctx), {ptr, ptr}, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, generator_next_symbol(fn.symbol), mod.m);
    f->getArg(0)->setName("gen");
    f->getArg(1)->setName("item");
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
    llvm::BasicBlock* resume = llvm::BasicBlock::Create(ctx, "resume", f);
    llvm::BasicBlock* yielded = llvm::BasicBlock::Create(ctx, "yielded", f);
    llvm::BasicBlock* finished = llvm::BasicBlock::Create(ctx, "finished", f);
    llvm::Value* handle = b.CreateLoad(ptr, b.CreateConstGEP1_64(b.getInt8Ty(), f->getArg(0), 8), "gen.handle");
    llvm::Value* header = b.CreateConstGEP1_64(b.getInt8Ty(), handle, -static_cast<int64_t>(layout.frame_offset));
    llvm::Value* running = b.CreateLoad(b.getInt64Ty(), header);
    llvm::Value* done = b.CreateIntrinsic(llvm::Intrinsic::coro_done, {}, {handle});
    b.CreateCondBr(b.CreateOr(done, b.CreateICmpNE(running, b.getInt64(0))), finished, resume);
    b.SetInsertPoint(resume);  // `running` stays 1 when the body raises: finished, as in Python
    b.CreateStore(b.getInt64(1), header);
    b.CreateIntrinsic(llvm::Intrinsic::coro_resume, {}, {handle});
    b.CreateStore(b.getInt64(0), header);
    b.CreateCondBr(b.CreateIntrinsic(llvm::Intrinsic::coro_done, {}, {handle}), finished, yielded);
    b.SetInsertPoint(yielded);  // the item's references go to the caller with it
    const Type* yt = gt->yield_type();
    llvm::Value* item = b.CreateLoad(value_type(ctx, yt), b.CreateStructGEP(layout.header, header, 1), "gen.item");
    b.CreateStore(to_storage(b, item, yt), f->getArg(1));
    b.CreateRet(b.getInt8(1));
    b.SetInsertPoint(finished);
    b.CreateRet(b.getInt8(0));
    mod.target.mark_entry(*f, types::FunctionRole::Scalar);
    return f;
}

}  // namespace ujit::codegen
