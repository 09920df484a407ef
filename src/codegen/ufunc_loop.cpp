// lower_ufunc_loop: the element-wise loop around a scalar kernel.
//   CPU:  void <symbol>$loop(char** ptrs, i64 n, const i64* strides)  — NumPy's inner loop
//         (inputs..., output; strides in bytes). When every stride equals its itemsize (or
//         is 0 for an input) a chunked loop over typed pointers runs, which LLVM vectorizes.
//   CUDA: void <symbol>$loop(ptr in0, ..., ptr out, i64 n, i64 scalars)  — a grid-stride
//         kernel over contiguous data (the GPU runtime makes array inputs contiguous). Bit k
//         of `scalars` set: input k is one value (a broadcast scalar), read at index 0 by
//         every element, so a scalar operand costs 16 bytes of device memory (the value
//         repeated: the vector path reads a whole vector of it), not n elements.
//         When every pointer is aligned to a whole vector (checked at each launch, uniform
//         across threads), the loop moves vectors of ufunc_vector_width elements
//         (ufunc_vector.hpp: ld.global.v4.f32, v2.f64) and a scalar tail the last < width
//         elements; otherwise the scalar loop runs (a view at an odd offset).
#include "codegen/lower.hpp"

#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "codegen/ufunc_split.hpp"
#include "codegen/ufunc_vector.hpp"

#include <llvm/Analysis/CFG.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/TargetParser/Triple.h>

namespace ujit::codegen {

using types::Type;

namespace {

struct LoopIO {
    std::vector<const Type*> types;  // inputs..., output
    std::vector<llvm::Type*> storage;
};

LoopIO loop_io(llvm::LLVMContext& ctx, const types::TypedFunction& fn) {
    LoopIO io;
    for (const Type* t : fn.arg_types) io.types.push_back(t);
    io.types.push_back(fn.return_type);
    for (const Type* t : io.types) {
        if (!t->is_number() && !t->is_datetime_like())  // dt64: int64 counts, as NumPy's M8/m8 loops
            unsupported(fn.def->loc, "ufunc arguments and results must be numbers, not " + t->str());
        io.storage.push_back(storage_type(ctx, t));
    }
    return io;
}

// One element: load the inputs through `addr(k)`, call the kernel, store the output.
void element(llvm::IRBuilder<>& b, llvm::Function* impl, const LoopIO& io,
             const std::function<llvm::Value*(size_t)>& addr) {
    size_t nin = io.types.size() - 1;
    std::vector<llvm::Value*> args;
    for (size_t k = 0; k < nin; ++k) args.push_back(from_storage(b, b.CreateLoad(io.storage[k], addr(k)), io.types[k]));
    llvm::Value* r = b.CreateCall(impl, args);
    b.CreateStore(to_storage(b, r, io.types[nin]), addr(nin));
}

// for (i = start; i < n; i += step) body(i)
llvm::BranchInst* counted(llvm::IRBuilder<>& b, llvm::Function* f, llvm::Value* start, llvm::Value* n,
                          llvm::Value* step, const std::function<void(llvm::Value*)>& body, llvm::BasicBlock* exit,
                          const char* name) {
    llvm::LLVMContext& ctx = b.getContext();
    llvm::BasicBlock* pre = b.GetInsertBlock();
    llvm::BasicBlock* loop = llvm::BasicBlock::Create(ctx, name, f);
    b.CreateCondBr(b.CreateICmpSLT(start, n), loop, exit);
    b.SetInsertPoint(loop);
    llvm::PHINode* i = b.CreatePHI(b.getInt64Ty(), 2, "i");
    i->addIncoming(start, pre);
    body(i);
    llvm::Value* next = b.CreateAdd(i, step, "i.next", /*HasNUW=*/false, /*HasNSW=*/true);
    i->addIncoming(next, b.GetInsertBlock());
    return b.CreateCondBr(b.CreateICmpSLT(next, n), loop, exit);
}

// A loop that runs rarely or briefly (filling a scalar's buffer, a chunk that raises):
// left scalar and not unrolled, so that it costs LLVM no compile time.
// The check loop is a few compares per element: vectorized, not interleaved (about a
// quarter of a gaussian_pdf loop's compile time went to interleaving it).
void no_interleave(llvm::BranchInst* backedge) {
    llvm::LLVMContext& ctx = backedge->getContext();
    llvm::Metadata* one[] = {llvm::MDString::get(ctx, "llvm.loop.interleave.count"),
                             llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), 1))};
    llvm::Metadata* ops[] = {nullptr, llvm::MDNode::get(ctx, one)};
    llvm::MDNode* loop = llvm::MDNode::getDistinct(ctx, ops);
    loop->replaceOperandWith(0, loop);
    backedge->setMetadata(llvm::LLVMContext::MD_loop, loop);
}

void keep_scalar(llvm::BranchInst* backedge) {
    llvm::LLVMContext& ctx = backedge->getContext();
    llvm::Metadata* no_vec[] = {llvm::MDString::get(ctx, "llvm.loop.vectorize.enable"),
                                llvm::ConstantAsMetadata::get(llvm::ConstantInt::getFalse(ctx))};
    llvm::Metadata* no_unroll[] = {llvm::MDString::get(ctx, "llvm.loop.unroll.disable")};
    llvm::Metadata* ops[] = {nullptr, llvm::MDNode::get(ctx, no_vec), llvm::MDNode::get(ctx, no_unroll)};
    llvm::MDNode* loop = llvm::MDNode::getDistinct(ctx, ops);
    loop->replaceOperandWith(0, loop);
    backedge->setMetadata(llvm::LLVMContext::MD_loop, loop);
}

// The unit-stride loop: every operand contiguous, except inputs with stride 0 (a broadcast
// scalar, e.g. gaussian_pdf(x, 0.0, 1.0)), which are copied once into a chunk-sized stack
// buffer so that all operands are contiguous within a chunk and the loop vectorizes
// (a stride-0 load in a loop versioned on strides does not). A kernel that raises runs as
// its check over the chunk, then its value (ufunc_split.hpp); both vectorize.
constexpr int64_t kChunk = 512;

// The vector path's limit on a kernel's size (light_kernel below).
constexpr int kLightKernelInstructions = 48;

struct ChunkLoop {
    llvm::IRBuilder<>& b;
    llvm::Function* f;
    const LoopIO& io;
    std::vector<llvm::Value*> ptr;  // this chunk's operand pointers

    std::vector<llvm::Value*> load_args(llvm::Value* i) {
        std::vector<llvm::Value*> args;
        for (size_t k = 0; k + 1 < io.types.size(); ++k)
            args.push_back(
                from_storage(b, b.CreateLoad(io.storage[k], b.CreateGEP(io.storage[k], ptr[k], i)), io.types[k]));
        return args;
    }

    // for (i = 0; i < len; ++i) out[i] = kernel(in[i]...); len >= 1.
    llvm::BranchInst* values(llvm::Function* kernel, llvm::Value* len, llvm::BasicBlock* exit, const char* name) {
        size_t out = io.types.size() - 1;
        return counted(
            b, f, b.getInt64(0), len, b.getInt64(1),
            [&](llvm::Value* i) {
                llvm::Value* r = b.CreateCall(kernel, load_args(i));
                b.CreateStore(to_storage(b, r, io.types[out]), b.CreateGEP(io.storage[out], ptr[out], i));
            },
            exit, name);
    }

    // OR over i < len of check(in[i]...); len >= 1.
    llvm::Value* any_error(llvm::Function* check, llvm::Value* len) {
        llvm::BasicBlock* pre = b.GetInsertBlock();
        llvm::BasicBlock* loop = llvm::BasicBlock::Create(b.getContext(), "check.loop", f);
        llvm::BasicBlock* done = llvm::BasicBlock::Create(b.getContext(), "check.done", f);
        b.CreateBr(loop);
        b.SetInsertPoint(loop);
        llvm::PHINode* i = b.CreatePHI(b.getInt64Ty(), 2, "i");
        llvm::PHINode* err = b.CreatePHI(b.getInt1Ty(), 2, "err");
        i->addIncoming(b.getInt64(0), pre);
        err->addIncoming(b.getFalse(), pre);
        llvm::Value* e = b.CreateOr(err, b.CreateCall(check, load_args(i)));
        llvm::Value* next = b.CreateAdd(i, b.getInt64(1), "i.next", false, true);
        i->addIncoming(next, loop);
        err->addIncoming(e, loop);
        no_interleave(b.CreateCondBr(b.CreateICmpSLT(next, len), loop, done));
        b.SetInsertPoint(done);
        return e;
    }
};

// Outputs of at least this many bytes in one call are written with non-temporal stores,
// which skip reading each output line into the cache before overwriting it (a quarter of
// the memory traffic of a two-input ufunc): past any core's L2 and a slice of L3, so that
// what they evict was not going to be read from cache again anyway. NumPy and Numba write
// through the cache; on 10M float32 `add` this was about 25% faster here.
constexpr int64_t kStreamBytes = int64_t(8) << 20;
constexpr int64_t kLine = 64;  // bytes a streaming store writes: one cache line

// Whether the output's dtype can be streamed: a plain number of 1, 2, 4 or 8 bytes, on x86
// (sfence orders the streaming stores before the loop returns).
bool can_stream(const LoopIO& io, llvm::Function* f) {
    llvm::Type* t = io.storage.back();
    int size = io.types.back()->itemsize();
    return llvm::Triple(f->getParent()->getTargetTriple()).isX86() && (t->isFloatingPointTy() || t->isIntegerTy()) &&
           (size == 1 || size == 2 || size == 4 || size == 8);
}

// Copies buf[0, len) to out (64-byte aligned): whole lines by non-temporal vector stores,
// the rest by plain ones.
void stream_out(llvm::IRBuilder<>& b, llvm::Function* f, llvm::Type* elem, int itemsize, llvm::Value* buf,
                llvm::Value* out, llvm::Value* len) {
    llvm::LLVMContext& ctx = b.getContext();
    const int per_line = static_cast<int>(kLine) / itemsize;
    auto* line = llvm::FixedVectorType::get(elem, per_line);
    llvm::Value* lines = b.CreateSDiv(len, b.getInt64(per_line));
    llvm::BasicBlock* tail = llvm::BasicBlock::Create(ctx, "stream.tail", f);
    counted(
        b, f, b.getInt64(0), lines, b.getInt64(1),
        [&](llvm::Value* j) {
            llvm::Value* v = b.CreateAlignedLoad(line, b.CreateGEP(line, buf, j), llvm::Align(kLine));
            llvm::StoreInst* st = b.CreateAlignedStore(v, b.CreateGEP(line, out, j), llvm::Align(kLine));
            st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                            llvm::MDNode::get(ctx, llvm::ConstantAsMetadata::get(b.getInt32(1))));
        },
        tail, "stream.lines");
    b.SetInsertPoint(tail);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx, "stream.done", f);
    keep_scalar(counted(
        b, f, b.CreateMul(lines, b.getInt64(per_line)), len, b.getInt64(1),
        [&](llvm::Value* i) {
            b.CreateStore(b.CreateLoad(elem, b.CreateGEP(elem, buf, i)), b.CreateGEP(elem, out, i));
        },
        done, "stream.rest"));
    b.SetInsertPoint(done);
}

void unit_loop(llvm::IRBuilder<>& b, llvm::Function* f, const LoopIO& io, llvm::Function* impl,
               const KernelSplit& split, const std::vector<llvm::Value*>& base, const std::vector<llvm::Value*>& stride,
               const std::vector<llvm::AllocaInst*>& buffer, llvm::Value* n, llvm::BasicBlock* exit) {
    llvm::LLVMContext& ctx = b.getContext();
    const size_t nin = io.types.size() - 1;
    llvm::BasicBlock* start = llvm::BasicBlock::Create(ctx, "chunks", f);
    b.CreateCondBr(b.CreateICmpSGT(n, b.getInt64(0)), start, exit);
    b.SetInsertPoint(start);
    std::vector<llvm::Value*> scalar(nin);
    for (size_t k = 0; k < nin; ++k) {
        scalar[k] = b.CreateICmpEQ(stride[k], b.getInt64(0));
        llvm::BasicBlock* fill = llvm::BasicBlock::Create(ctx, "fill", f);
        llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx, "filled", f);
        b.CreateCondBr(scalar[k], fill, next);
        b.SetInsertPoint(fill);
        llvm::Value* v = b.CreateLoad(io.storage[k], base[k]);
        keep_scalar(counted(
            b, f, b.getInt64(0), b.getInt64(kChunk), b.getInt64(1),
            [&](llvm::Value* i) { b.CreateStore(v, b.CreateGEP(io.storage[k], buffer[k], i)); }, next, "fill.loop"));
        b.SetInsertPoint(next);
    }
    // The chunks from `first` on; with `stream`, each clean chunk's values go to `out_buffer`
    // and from there to the output by streaming stores (the output then 64-byte aligned at
    // `first`), then an sfence.
    auto chunks = [&](llvm::Value* first, llvm::AllocaInst* out_buffer, llvm::BasicBlock* after) {
        llvm::BasicBlock* pre = b.GetInsertBlock();
        llvm::BasicBlock* head = llvm::BasicBlock::Create(ctx, "chunk", f);
        llvm::BasicBlock* latch = llvm::BasicBlock::Create(ctx, "chunk.next", f);
        b.CreateCondBr(b.CreateICmpSLT(first, n), head, after);
        b.SetInsertPoint(head);
        llvm::PHINode* c = b.CreatePHI(b.getInt64Ty(), 2, "c");
        c->addIncoming(first, pre);
        llvm::Value* left = b.CreateSub(n, c);
        llvm::Value* len = b.CreateSelect(b.CreateICmpSLT(left, b.getInt64(kChunk)), left, b.getInt64(kChunk), "len");
        ChunkLoop loop{b, f, io, {}};
        for (size_t k = 0; k <= nin; ++k) {
            llvm::Value* p = b.CreateGEP(io.storage[k], base[k], c);
            loop.ptr.push_back(k < nin ? b.CreateSelect(scalar[k], buffer[k], p) : p);
        }
        if (split.check) {
            llvm::BasicBlock* slow = llvm::BasicBlock::Create(ctx, "chunk.raises", f);
            llvm::BasicBlock* fast = llvm::BasicBlock::Create(ctx, "chunk.clean", f);
            b.CreateCondBr(loop.any_error(split.check, len), slow, fast,
                           llvm::MDBuilder(ctx).createUnlikelyBranchWeights());
            b.SetInsertPoint(slow);
            keep_scalar(loop.values(impl, len, latch, "raising.loop"));
            b.SetInsertPoint(fast);
        }
        if (out_buffer) {
            llvm::Value* out = loop.ptr[nin];
            loop.ptr[nin] = out_buffer;
            llvm::BasicBlock* computed = llvm::BasicBlock::Create(ctx, "chunk.computed", f);
            loop.values(split.nocheck, len, computed, "contiguous.loop");
            b.SetInsertPoint(computed);
            stream_out(b, f, io.storage[nin], io.types[nin]->itemsize(), out_buffer, out, len);
            b.CreateBr(latch);
        } else {
            loop.values(split.nocheck, len, latch, "contiguous.loop");
        }
        b.SetInsertPoint(latch);
        llvm::Value* next = b.CreateAdd(c, b.getInt64(kChunk), "c.next", false, true);
        c->addIncoming(next, latch);
        b.CreateCondBr(b.CreateICmpSLT(next, n), head, after);
    };
    if (!can_stream(io, f)) return chunks(b.getInt64(0), nullptr, exit);
    // A large output whose address is a multiple of its itemsize streams: the elements before
    // its first 64-byte boundary run one by one, the chunks from there.
    const int64_t size = io.types[nin]->itemsize();
    llvm::Value* addr = b.CreatePtrToInt(base[nin], b.getInt64Ty());
    llvm::Value* large = b.CreateICmpSGE(n, b.getInt64(kStreamBytes / size));
    llvm::Value* aligned = b.CreateICmpEQ(b.CreateAnd(addr, b.getInt64(size - 1)), b.getInt64(0));
    llvm::BasicBlock* stream = llvm::BasicBlock::Create(ctx, "stream", f);
    llvm::BasicBlock* cached = llvm::BasicBlock::Create(ctx, "cached", f);
    // A chunk's values are all computed before any is stored: an input that the output
    // overlaps other than in place (out[i] = f(out[i - 1]), NumPy's accumulate) must see
    // each store before its next read, as the plain loop's run-time alias checks arrange.
    llvm::Value* apart = b.getTrue();
    llvm::Value* out_end = b.CreateAdd(addr, b.CreateMul(n, b.getInt64(size)));
    for (size_t k = 0; k < nin; ++k) {
        llvm::Value* in = b.CreatePtrToInt(base[k], b.getInt64Ty());
        llvm::Value* in_end = b.CreateAdd(in, b.CreateMul(n, b.getInt64(io.types[k]->itemsize())));
        llvm::Value* ok = b.CreateOr(b.CreateICmpEQ(in, addr),
                                     b.CreateOr(b.CreateICmpULE(out_end, in), b.CreateICmpULE(in_end, addr)));
        apart = b.CreateAnd(apart, b.CreateOr(scalar[k], ok));
    }
    b.CreateCondBr(b.CreateAnd(b.CreateAnd(large, aligned), apart), stream, cached);
    b.SetInsertPoint(cached);
    chunks(b.getInt64(0), nullptr, exit);
    b.SetInsertPoint(stream);
    llvm::AllocaInst* out_buffer =
        new llvm::AllocaInst(llvm::ArrayType::get(io.storage[nin], kChunk), 0, nullptr, llvm::Align(kLine),
                             "stream.buf", f->getEntryBlock().getFirstInsertionPt());
    llvm::Value* peel = b.CreateUDiv(b.CreateAnd(b.CreateNeg(addr), b.getInt64(kLine - 1)), b.getInt64(size));
    llvm::BasicBlock* peeled = llvm::BasicBlock::Create(ctx, "peeled", f);
    keep_scalar(counted(
        b, f, b.getInt64(0), peel, b.getInt64(1),
        [&](llvm::Value* i) {
            element(b, impl, io, [&](size_t k) {
                llvm::Value* at = k < nin ? b.CreateSelect(scalar[k], b.getInt64(0), i) : i;
                return b.CreateGEP(io.storage[k], base[k], at);
            });
        },
        peeled, "peel.loop"));
    b.SetInsertPoint(peeled);
    llvm::BasicBlock* fence = llvm::BasicBlock::Create(ctx, "stream.fence", f);
    chunks(peel, out_buffer, fence);
    b.SetInsertPoint(fence);
    b.CreateCall(llvm::Intrinsic::getDeclaration(f->getParent(), llvm::Intrinsic::x86_sse_sfence));
    b.CreateBr(exit);
}

void cpu_loop(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* impl) {
    llvm::LLVMContext& ctx = mod.ctx;
    LoopIO io = loop_io(ctx, fn);
    llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
    llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
    auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, i64, ptr}, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, loop_symbol(fn.symbol), mod.m);
    llvm::Value* ptrs = f->getArg(0);
    llvm::Value* n = f->getArg(1);
    llvm::Value* strides = f->getArg(2);
    ptrs->setName("ptrs");
    n->setName("n");
    strides->setName("strides");

    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
    const size_t nin = io.types.size() - 1;
    KernelSplit split = split_kernel(*impl);
    std::vector<llvm::Value*> base, stride;
    std::vector<llvm::AllocaInst*> buffer;
    llvm::Value* unit = b.getTrue();
    for (size_t k = 0; k < io.types.size(); ++k) {
        base.push_back(b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, ptrs, k), "p" + llvm::Twine(k)));
        stride.push_back(b.CreateLoad(i64, b.CreateConstGEP1_64(i64, strides, k), "s" + llvm::Twine(k)));
        llvm::Value* ok = b.CreateICmpEQ(stride[k], b.getInt64(io.types[k]->itemsize()));
        if (k < nin) {
            ok = b.CreateOr(ok, b.CreateICmpEQ(stride[k], b.getInt64(0)));
            buffer.push_back(b.CreateAlloca(llvm::ArrayType::get(io.storage[k], kChunk), nullptr, "scalar.buf"));
        }
        unit = b.CreateAnd(unit, ok);
    }
    llvm::BasicBlock* fast = llvm::BasicBlock::Create(ctx, "contiguous", f);
    llvm::BasicBlock* strided = llvm::BasicBlock::Create(ctx, "strided", f);
    llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx, "exit", f);
    b.CreateCondBr(unit, fast, strided);

    b.SetInsertPoint(fast);
    unit_loop(b, f, io, impl, split, base, stride, buffer, n, exit);

    b.SetInsertPoint(strided);
    counted(
        b, f, b.getInt64(0), n, b.getInt64(1),
        [&](llvm::Value* i) {
            element(b, impl, io,
                    [&](size_t k) { return b.CreateGEP(b.getInt8Ty(), base[k], b.CreateMul(i, stride[k])); });
        },
        exit, "strided.loop");

    b.SetInsertPoint(exit);
    b.CreateRetVoid();
    mod.target.mark_entry(*f, types::FunctionRole::Scalar);
}

// Whether `f`, with the functions it calls, is a light kernel: a few dozen instructions
// without loops, divisions by a variable or calls of anything but cheap intrinsics. The vector path repeats the
// kernel once per lane next to the scalar loop's copy, which for a kernel like gaussian_pdf
// (exp and a division in float64, inlined from libdevice) made 3x the PTX and 2.5x the
// ptxas time of a cold compile; such a kernel is also compute-bound enough that its scalar
// loads keep pace (it runs at the hand-written scalar kernel's speed).
bool light_kernel(const llvm::Function& f, int& budget, int depth = 0) {
    if (depth > 4) return false;
    llvm::SmallVector<std::pair<const llvm::BasicBlock*, const llvm::BasicBlock*>, 4> back_edges;
    llvm::FindFunctionBackedges(f, back_edges);
    if (!back_edges.empty()) return false;
    for (const llvm::BasicBlock& bb : f) {
        for (const llvm::Instruction& inst : bb) {
            if (--budget < 0) return false;
            // A division by a variable: ptxas expands each (div.rn, 64-bit div/rem) into a
            // long sequence that takes milliseconds to compile, once per lane.
            if (inst.isIntDivRem() || inst.getOpcode() == llvm::Instruction::FDiv ||
                inst.getOpcode() == llvm::Instruction::FRem)
                if (!llvm::isa<llvm::Constant>(inst.getOperand(1))) return false;
            const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst);
            if (!call) continue;
            const llvm::Function* g = call->getCalledFunction();
            if (!g) return false;
            if (!g->isDeclaration()) {
                if (!light_kernel(*g, budget, depth + 1)) return false;
                continue;
            }
            switch (g->getIntrinsicID()) {
            case llvm::Intrinsic::fabs:
            case llvm::Intrinsic::copysign:
            case llvm::Intrinsic::fma:
            case llvm::Intrinsic::fmuladd:
            case llvm::Intrinsic::minnum:
            case llvm::Intrinsic::maxnum:
            case llvm::Intrinsic::minimum:
            case llvm::Intrinsic::maximum:
            case llvm::Intrinsic::smin:
            case llvm::Intrinsic::smax:
            case llvm::Intrinsic::umin:
            case llvm::Intrinsic::umax:
            case llvm::Intrinsic::abs:
            case llvm::Intrinsic::floor:
            case llvm::Intrinsic::ceil:
            case llvm::Intrinsic::trunc:
            case llvm::Intrinsic::rint:
            case llvm::Intrinsic::nearbyint: continue;
            default: return false;
            }
        }
    }
    return true;
}

int64_t gpu_vector_width(const LoopIO& io, const llvm::Function& impl) {
    int budget = kLightKernelInstructions;
    if (!light_kernel(impl, budget)) return 1;
    std::vector<int> sizes;
    bool plain = true;
    for (size_t k = 0; k < io.types.size(); ++k) {
        sizes.push_back(io.types[k]->itemsize());
        plain &= io.storage[k]->isIntegerTy() || io.storage[k]->isFloatingPointTy();
    }
    return ufunc_vector_width(sizes, plain);
}

// The vector path: when every operand's address is a multiple of its vector's size, vector
// j = start, start + step, ... < n / width of every operand is loaded whole, the kernel runs
// on its lanes and the output's vector is stored whole. A scalar input's buffer holds the
// value 16 bytes over, read as vector 0. Returns where the scalar loop starts: the first
// tail element of this thread after the vectors, or `start` when the pointers don't align.
llvm::Value* gpu_vector_loop(llvm::IRBuilder<>& b, llvm::Function* f, const LoopIO& io, llvm::Function* impl,
                             const std::vector<llvm::Value*>& operand, const std::vector<llvm::Value*>& is_scalar,
                             int64_t width, llvm::Value* start, llvm::Value* step, llvm::Value* n) {
    llvm::LLVMContext& ctx = b.getContext();
    const size_t inputs = io.types.size() - 1;
    std::vector<llvm::Type*> vty;
    std::vector<llvm::Align> align;
    llvm::Value* misaligned = b.getInt64(0);
    for (size_t k = 0; k <= inputs; ++k) {
        vty.push_back(llvm::FixedVectorType::get(io.storage[k], unsigned(width)));
        align.push_back(llvm::Align(uint64_t(width * io.types[k]->itemsize())));
        llvm::Value* address = b.CreatePtrToInt(operand[k], b.getInt64Ty());
        misaligned = b.CreateOr(misaligned, b.CreateAnd(address, b.getInt64(int64_t(align.back().value()) - 1)));
    }
    llvm::BasicBlock* pre = b.GetInsertBlock();
    llvm::BasicBlock* vectors = llvm::BasicBlock::Create(ctx, "vectors", f);
    llvm::BasicBlock* tail = llvm::BasicBlock::Create(ctx, "tail", f);
    b.CreateCondBr(b.CreateICmpEQ(misaligned, b.getInt64(0)), vectors, tail);
    b.SetInsertPoint(vectors);
    llvm::Value* whole = b.CreateSDiv(n, b.getInt64(width), "whole");  // n >= 0: a shift
    llvm::Value* rest = b.CreateAdd(b.CreateMul(whole, b.getInt64(width)), start, "rest.start", false, true);
    counted(
        b, f, start, whole, step,
        [&](llvm::Value* j) {
            std::vector<llvm::Value*> in(inputs);
            for (size_t k = 0; k < inputs; ++k) {
                llvm::Value* index = b.CreateSelect(is_scalar[k], b.getInt64(0), j);
                in[k] = b.CreateAlignedLoad(vty[k], b.CreateGEP(vty[k], operand[k], index), align[k]);
            }
            llvm::Value* out = llvm::PoisonValue::get(vty[inputs]);
            for (int64_t lane = 0; lane < width; ++lane) {
                std::vector<llvm::Value*> args;
                for (size_t k = 0; k < inputs; ++k)
                    args.push_back(from_storage(b, b.CreateExtractElement(in[k], uint64_t(lane)), io.types[k]));
                llvm::Value* r = to_storage(b, b.CreateCall(impl, args), io.types[inputs]);
                out = b.CreateInsertElement(out, r, uint64_t(lane));
            }
            b.CreateAlignedStore(out, b.CreateGEP(vty[inputs], operand[inputs], j), align[inputs]);
        },
        tail, "vector.loop");
    b.SetInsertPoint(tail);
    llvm::PHINode* first = b.CreatePHI(b.getInt64Ty(), 0, "first");
    for (llvm::BasicBlock* p : llvm::predecessors(tail)) first->addIncoming(p == pre ? start : rest, p);
    return first;
}

// The loop kernel compiled for the CPU (the host device, pipeline/api_cuda_cpu.cpp): work-item
// `start` of `step` takes the start-th of `step` contiguous parts of [0, n), whole cache
// lines each (so each part's operands are aligned as the whole's), and runs the loops below
// over it from 0 by 1. (Strided by the grid as on the GPU, every work-item touched every
// cache line: twice the CPU time of a 10M add.) Any split of the elements among the
// work-items is the GPU loop's meaning: each element is independent. Narrows `operand` (a
// scalar input stays at its one value) and returns the part's length.
llvm::Value* cpu_part(llvm::IRBuilder<>& b, const LoopIO& io, std::vector<llvm::Value*>& operand,
                      const std::vector<llvm::Value*>& is_scalar, llvm::Value* start, llvm::Value* step,
                      llvm::Value* n) {
    llvm::Value* per = b.CreateSDiv(b.CreateSub(b.CreateAdd(n, step), b.getInt64(1)), step);
    per = b.CreateAnd(b.CreateAdd(per, b.getInt64(63)), b.getInt64(-64), "per");  // 64 elements: whole lines
    llvm::Value* first = b.CreateMul(start, per, "first", false, true);
    llvm::Value* left = b.CreateSub(n, first);
    llvm::Value* len = b.CreateSelect(b.CreateICmpSLT(left, per), left, per, "part.len");  // < 0: none
    for (size_t k = 0; k < operand.size(); ++k) {
        llvm::Value* part = b.CreateGEP(io.storage[k], operand[k], first);
        operand[k] = k < is_scalar.size() ? b.CreateSelect(is_scalar[k], operand[k], part) : part;
    }
    return len;
}

void gpu_loop(ModuleLowering& mod, const types::TypedFunction& fn, llvm::Function* impl) {
    llvm::LLVMContext& ctx = mod.ctx;
    LoopIO io = loop_io(ctx, fn);
    llvm::Type* ptr = llvm::PointerType::get(ctx, mod.target.global_address_space());
    std::vector<llvm::Type*> params(io.types.size(), ptr);
    params.push_back(llvm::Type::getInt64Ty(ctx));  // n
    params.push_back(llvm::Type::getInt64Ty(ctx));  // scalars: the inputs read at index 0
    auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), params, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, loop_symbol(fn.symbol), mod.m);
    llvm::Value* n = f->getArg(io.types.size());
    n->setName("n");
    llvm::Value* scalars = f->getArg(io.types.size() + 1);
    scalars->setName("scalars");

    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
    const Type* i64t = types::int64();
    llvm::Value* one = b.getInt64(1);
    llvm::Value* start = mod.target.emit_cuda_builtin(b, types::BuiltinId::CudaGrid, {one}, {i64t}, i64t);
    llvm::Value* step = mod.target.emit_cuda_builtin(b, types::BuiltinId::CudaGridsize, {one}, {i64t}, i64t);
    if (!start || !step) unsupported(fn.def->loc, "this target has no thread indices for a ufunc kernel");
    // Whether each input is a scalar, decided once before the loop (uniform across threads).
    const size_t inputs = io.types.size() - 1;
    if (inputs > 63) unsupported(fn.def->loc, "a GPU ufunc takes at most 63 inputs");
    std::vector<llvm::Value*> is_scalar(inputs);
    for (size_t k = 0; k < inputs; ++k)
        is_scalar[k] = b.CreateICmpNE(b.CreateAnd(scalars, b.getInt64(uint64_t(1) << k)), b.getInt64(0));
    llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx, "exit", f);
    std::vector<llvm::Value*> operand;
    for (size_t k = 0; k <= inputs; ++k) operand.push_back(f->getArg(unsigned(k)));
    if (mod.target.runs_grid_stride_loops_block_wide()) {
        n = cpu_part(b, io, operand, is_scalar, start, step, n);
        start = b.getInt64(0);
        step = b.getInt64(1);
    }
    llvm::Value* first = start;  // the scalar loop's first element; after the vectors, the tail's
    if (int64_t width = gpu_vector_width(io, *impl); width > 1)
        first = gpu_vector_loop(b, f, io, impl, operand, is_scalar, width, start, step, n);
    counted(
        b, f, first, n, step,
        [&](llvm::Value* i) {
            element(b, impl, io, [&](size_t k) {
                llvm::Value* index = k < inputs ? b.CreateSelect(is_scalar[k], b.getInt64(0), i) : i;
                return b.CreateGEP(io.storage[k], operand[k], index);
            });
        },
        exit, "grid.loop");
    b.SetInsertPoint(exit);
    b.CreateRetVoid();
    mod.target.mark_entry(*f, types::FunctionRole::Kernel);
}

}  // namespace

std::unique_ptr<llvm::Module> lower_ufunc_loop(llvm::LLVMContext& ctx, Target& target, const syntax::Module& source,
                                               const types::TypedFunction& fn) {
    auto m = std::make_unique<llvm::Module>(loop_symbol(fn.symbol), ctx);
    target.configure_module(*m);
    ModuleLowering mod(*m, target, source);
    llvm::Function* impl = mod.internal_function(fn);
    // The loop's shape is the one entry-level difference between the targets.
    if (target.kind() == types::TargetKind::CUDA)
        gpu_loop(mod, fn, impl);
    else
        cpu_loop(mod, fn, impl);
    return m;
}

}  // namespace ujit::codegen
