#include "cpu/kernel_target.hpp"

#include "codegen/abi.hpp"
#include "codegen/cuda_grid.hpp"
#include "codegen/llvm_types.hpp"
#include "cpu/kernel_runtime.hpp"
#include "cpu/kernel_warp.hpp"
#include "cuda/cuda_atomics.hpp"
#include "types/builtins.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Metadata.h>

#include <cstddef>

namespace ujit::cpu {

namespace {

using types::BuiltinId;

// Offsets of KernelContext's fields, as generated code reads them.
constexpr unsigned kCtxTid = offsetof(KernelContext, tid);
constexpr unsigned kCtxCtaid = offsetof(KernelContext, ctaid);
constexpr unsigned kCtxNtid = offsetof(KernelContext, ntid);
constexpr unsigned kCtxNctaid = offsetof(KernelContext, nctaid);
constexpr unsigned kCtxShared = offsetof(KernelContext, shared);
constexpr unsigned kCtxDynamicShared = offsetof(KernelContext, dynamic_shared);
constexpr unsigned kCtxDynamicSharedBytes = offsetof(KernelContext, dynamic_shared_bytes);
constexpr uint64_t kWarpSize = 32;

llvm::Module& module_of(llvm::IRBuilder<>& b) { return *b.GetInsertBlock()->getModule(); }

llvm::FunctionCallee runtime_function(llvm::IRBuilder<>& b, const char* name, llvm::FunctionType* type) {
    llvm::FunctionCallee callee = module_of(b).getOrInsertFunction(name, type);
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) f->setDoesNotThrow();
    return callee;
}

// The running work-item's context. The call returns the same pointer for the whole run of
// one work-item (a fiber sees its own context across barriers), so it is marked as not
// touching memory: LLVM keeps one call per function and hoists it out of loops.
llvm::Value* context(llvm::IRBuilder<>& b) {
    llvm::FunctionCallee callee =
        runtime_function(b, "ujit_rt_kernel_context", llvm::FunctionType::get(b.getPtrTy(), false));
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        f->setDoesNotAccessMemory();
        f->setWillReturn();
        f->addRetAttr(llvm::Attribute::NonNull);
    }
    return b.CreateCall(callee);
}

// A field of the context; constant while the work-item runs, hence invariant.
llvm::Value* load_field(llvm::IRBuilder<>& b, llvm::Type* t, unsigned offset) {
    llvm::Value* p = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), context(b), offset);
    llvm::LoadInst* v = b.CreateLoad(t, p);
    v->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(b.getContext(), {}));
    return v;
}

// threadIdx.{x,y,z}: a call the block function (cpu/kernel_block.cpp) replaces with its
// loop counters; where the kernel runs per work-item, the runtime answers from the context.
// Fixed for one work-item's run, like the context itself.
llvm::Value* thread_index(llvm::IRBuilder<>& b, unsigned dim) {
    auto* type = llvm::FunctionType::get(b.getInt32Ty(), {b.getInt32Ty()}, false);
    llvm::FunctionCallee callee = runtime_function(b, "ujit_rt_kernel_thread_index", type);
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        f->setDoesNotAccessMemory();
        f->setWillReturn();
    }
    return b.CreateCall(callee, {b.getInt32(dim)});
}

llvm::Value* index32(llvm::IRBuilder<>& b, unsigned field, unsigned dim) {
    if (field == kCtxTid) return thread_index(b, dim);
    return load_field(b, b.getInt32Ty(), field + 4 * dim);
}

llvm::Value* index64(llvm::IRBuilder<>& b, unsigned field, unsigned dim) {
    return b.CreateZExt(index32(b, field, dim), b.getInt64Ty());
}

llvm::Value* grid_index64(llvm::IRBuilder<>& b, codegen::GridIndex which, unsigned d) {
    static constexpr unsigned fields[] = {kCtxTid, kCtxCtaid, kCtxNtid, kCtxNctaid};
    return index64(b, fields[static_cast<int>(which)], d);
}

// The linear thread index within the block, x fastest (what laneid is taken from).
llvm::Value* linear_tid(llvm::IRBuilder<>& b) {
    llvm::Value* x = index32(b, kCtxTid, 0);
    llvm::Value* y = index32(b, kCtxTid, 1);
    llvm::Value* z = index32(b, kCtxTid, 2);
    llvm::Value* nx = index32(b, kCtxNtid, 0);
    llvm::Value* ny = index32(b, kCtxNtid, 1);
    return b.CreateAdd(x, b.CreateMul(nx, b.CreateAdd(y, b.CreateMul(ny, z))));
}

llvm::Value* barrier(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args) {
    if (id == BuiltinId::CudaSyncthreads)
        return b.CreateCall(
            runtime_function(b, "ujit_rt_kernel_barrier", llvm::FunctionType::get(b.getVoidTy(), false)));
    if (args.size() != 1 || !args[0]->getType()->isIntegerTy()) return nullptr;
    int op = id == BuiltinId::CudaSyncthreadsCount ? 0 : id == BuiltinId::CudaSyncthreadsAnd ? 1 : 2;
    llvm::Value* nonzero = b.CreateICmpNE(args[0], llvm::ConstantInt::get(args[0]->getType(), 0));
    auto* type = llvm::FunctionType::get(b.getInt32Ty(), {b.getInt32Ty(), b.getInt32Ty()}, false);
    return b.CreateCall(runtime_function(b, "ujit_rt_kernel_barrier_op", type),
                        {b.CreateZExt(nonzero, b.getInt32Ty()), b.getInt32(op)});
}

// A warp function (cuda.shfl_sync, votes, match_*, syncwarp, activemask): the value's bits
// go to ujit_rt_kernel_warp_op (cpu/kernel_warp.hpp), and the result comes back in the
// function's type.
llvm::Value* warp_op(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                     const types::Type* result_type, int32_t site) {
    using cpu::WarpOp;
    WarpOp op;
    switch (id) {
    case BuiltinId::CudaSyncwarp: op = WarpOp::Sync; break;
    case BuiltinId::CudaShflSync: op = WarpOp::ShflIdx; break;
    case BuiltinId::CudaShflUpSync: op = WarpOp::ShflUp; break;
    case BuiltinId::CudaShflDownSync: op = WarpOp::ShflDown; break;
    case BuiltinId::CudaShflXorSync: op = WarpOp::ShflXor; break;
    case BuiltinId::CudaAllSync: op = WarpOp::All; break;
    case BuiltinId::CudaAnySync: op = WarpOp::Any; break;
    case BuiltinId::CudaEqSync: op = WarpOp::Eq; break;
    case BuiltinId::CudaBallotSync: op = WarpOp::Ballot; break;
    case BuiltinId::CudaMatchAnySync: op = WarpOp::MatchAny; break;
    case BuiltinId::CudaMatchAllSync: op = WarpOp::MatchAll; break;
    default: op = WarpOp::Activemask; break;
    }
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Value* mask = args.empty() ? b.getInt32(-1) : args[0];
    llvm::Value* value = b.getInt64(0);
    llvm::Type* value_type = args.size() > 1 ? args[1]->getType() : nullptr;
    if (value_type) {
        unsigned bits = value_type->getPrimitiveSizeInBits();
        value = b.CreateZExt(b.CreateBitCast(args[1], b.getIntNTy(bits)), i64);
    }
    llvm::Value* operand = args.size() > 2 ? args[2] : b.getInt32(op == WarpOp::Activemask ? site : 0);
    auto* type = llvm::FunctionType::get(i64, {b.getInt32Ty(), b.getInt32Ty(), i64, b.getInt32Ty()}, false);
    llvm::FunctionCallee callee = runtime_function(b, "ujit_rt_kernel_warp_op", type);
    // Convergent, as the GPU's warp intrinsics: LLVM must not merge the calls of two branches
    // (activemask tells them apart) or move one across control flow.
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) f->setConvergent();
    llvm::Value* r = b.CreateCall(callee, {b.getInt32(int32_t(op)), mask, value, operand});
    switch (op) {
    case WarpOp::Sync: return r;
    case WarpOp::ShflIdx:
    case WarpOp::ShflUp:
    case WarpOp::ShflDown:
    case WarpOp::ShflXor:
        return b.CreateBitCast(b.CreateTrunc(r, b.getIntNTy(value_type->getPrimitiveSizeInBits())), value_type);
    case WarpOp::All:
    case WarpOp::Any:
    case WarpOp::Eq: return b.CreateTrunc(r, b.getInt1Ty());
    case WarpOp::MatchAll: {
        llvm::Value* pair = llvm::UndefValue::get(codegen::value_type(b.getContext(), result_type));
        pair = b.CreateInsertValue(pair, b.CreateTrunc(r, b.getInt32Ty()), 0);
        return b.CreateInsertValue(pair, b.CreateTrunc(b.CreateLShr(r, 32), b.getInt1Ty()), 1);
    }
    default: return b.CreateTrunc(r, b.getInt32Ty());  // ballot, match_any, activemask
    }
}

class KernelTarget final : public codegen::Target {
public:
    // Types are the GPU's (the lowering asks kind() only for ufunc loops' form).
    types::TargetKind kind() const override { return types::TargetKind::CUDA; }

    void configure_module(llvm::Module& m) override { cpu_->configure_module(m); }

    llvm::Value* emit_math(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                           const types::Type* ty) override {
        return cpu_->emit_math(b, id, args, ty);
    }

    KernelTarget(bool boundscheck, bool block_wide, bool debug)
        : boundscheck_(boundscheck), block_wide_(block_wide), debug_(debug) {}

    bool bounds_check() const override { return boundscheck_; }
    bool prints_floats_as_cuda() const override { return true; }
    bool float_min_max_is_fmax() const override { return true; }

    // Not when checking bounds: an IndexError names the thread that indexed, and block-wide
    // every lane runs on thread x == 0.
    bool runs_grid_stride_loops_block_wide() const override { return !boundscheck_ && block_wide_; }
    // The reference path (no block-wide forms) runs a grid-stride loop thread by thread, as
    // the GPU does: with the GPU's vector version, so the host device tests it.
    bool vectorizes_grid_stride_loops() const override { return !boundscheck_ && !block_wide_; }

    // CUDA's error model, as on the GPU (the lowering already makes x // 0 and x % 0 zero),
    // except for the index checks asked for: those end the launch with an IndexError. A
    // `raise` ends its work-item, as on the GPU; with debug=True every other check does too,
    // and the first of the launch is recorded (codegen/kernel_raise.hpp).
    void emit_error_check(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where) override;

    void emit_print(llvm::IRBuilder<>& b, const std::string& format, const std::vector<llvm::Value*>& args) override {
        cpu_->emit_print(b, format, args);
    }

    llvm::Value* emit_cuda_builtin(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                                   const std::vector<const types::Type*>& arg_types,
                                   const types::Type* result_type) override;

    llvm::Value* emit_array_storage(llvm::IRBuilder<>& b, bool shared, llvm::Type* elem, uint64_t count,
                                    uint64_t align) override;
    llvm::Value* emit_dynamic_shared_bytes(llvm::IRBuilder<>& b) override {
        return load_field(b, b.getInt64Ty(), kCtxDynamicSharedBytes);
    }

    void mark_entry(llvm::Function& f, types::FunctionRole role) override;

    bool wants_packed_wrapper() const override { return true; }

    llvm::Value* emit_random(llvm::IRBuilder<>&, BuiltinId, const std::vector<llvm::Value*>&) override {
        return nullptr;
    }

private:
    bool boundscheck_ = false;
    bool block_wide_ = true;
    bool debug_ = false;
    std::unique_ptr<codegen::Target> cpu_ = codegen::make_cpu_target();
    uint64_t static_shared_ = 0;
    uint64_t local_array_bytes_ = 0;
    bool uses_barrier_ = false;
    int32_t warp_sites_ = 0;  // numbers the warp function calls (activemask tells them apart)
};

llvm::Value* KernelTarget::emit_cuda_builtin(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                                             const std::vector<const types::Type*>& arg_types,
                                             const types::Type* result_type) {
    if (types::is_atomic(id)) {
        const types::Type* t = result_type;
        if ((!t || !t->is_int()) && !arg_types.empty() && arg_types[0] && arg_types[0]->is_array())
            t = arg_types[0]->dtype();
        bool is_signed = !(t && t->is_int() && !t->is_signed());
        // Unsigned inc/dec are LLVM's uinc_wrap/udec_wrap exactly (the GPU side uses NVVM
        // intrinsics for uint32); the rest of cuda_atomics is target-neutral IR.
        if (!is_signed && (id == BuiltinId::CudaAtomicInc || id == BuiltinId::CudaAtomicDec) && args.size() == 2) {
            auto op = id == BuiltinId::CudaAtomicInc ? llvm::AtomicRMWInst::UIncWrap : llvm::AtomicRMWInst::UDecWrap;
            return b.CreateAtomicRMW(op, args[0], args[1], llvm::MaybeAlign(),
                                     llvm::AtomicOrdering::SequentiallyConsistent);
        }
        return cuda::emit_atomic(b, id, args, is_signed);
    }
    if (types::is_warp_sync(id)) {
        uses_barrier_ = true;  // its block's work-items run as fibers, to meet
        return warp_op(b, id, args, result_type, ++warp_sites_);
    }
    switch (id) {
    case BuiltinId::CudaThreadIdxX: return index32(b, kCtxTid, 0);
    case BuiltinId::CudaThreadIdxY: return index32(b, kCtxTid, 1);
    case BuiltinId::CudaThreadIdxZ: return index32(b, kCtxTid, 2);
    case BuiltinId::CudaBlockIdxX: return index32(b, kCtxCtaid, 0);
    case BuiltinId::CudaBlockIdxY: return index32(b, kCtxCtaid, 1);
    case BuiltinId::CudaBlockIdxZ: return index32(b, kCtxCtaid, 2);
    case BuiltinId::CudaBlockDimX: return index32(b, kCtxNtid, 0);
    case BuiltinId::CudaBlockDimY: return index32(b, kCtxNtid, 1);
    case BuiltinId::CudaBlockDimZ: return index32(b, kCtxNtid, 2);
    case BuiltinId::CudaGridDimX: return index32(b, kCtxNctaid, 0);
    case BuiltinId::CudaGridDimY: return index32(b, kCtxNctaid, 1);
    case BuiltinId::CudaGridDimZ: return index32(b, kCtxNctaid, 2);
    case BuiltinId::CudaWarpSize: return b.getInt32(kWarpSize);
    case BuiltinId::CudaLaneId: return b.CreateURem(linear_tid(b), b.getInt32(kWarpSize));
    case BuiltinId::CudaLanemaskLt:  // the lanes below this one
        return b.CreateSub(b.CreateShl(b.getInt32(1), b.CreateURem(linear_tid(b), b.getInt32(kWarpSize))),
                           b.getInt32(1));
    case BuiltinId::CudaGrid:
    case BuiltinId::CudaGridsize: {
        int dims = codegen::grid_dims(args, result_type);
        if (dims < 1 || dims > 3) return nullptr;
        return codegen::emit_grid(b, id == BuiltinId::CudaGridsize, dims,
                                  [&](codegen::GridIndex w, unsigned d) { return grid_index64(b, w, d); });
    }
    case BuiltinId::CudaSyncthreads:
    case BuiltinId::CudaSyncthreadsCount:
    case BuiltinId::CudaSyncthreadsAnd:
    case BuiltinId::CudaSyncthreadsOr: uses_barrier_ = true; return barrier(b, id, args);
    case BuiltinId::CudaThreadfence:
    case BuiltinId::CudaThreadfenceBlock:
    case BuiltinId::CudaThreadfenceSystem: return b.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent);
    // coop: the grid's handle, which only g.sync() would use, and the CPU refuses g.sync() (it has
    // no grid-wide barrier): this_grid() alone changes nothing, as on the GPU.
    case BuiltinId::CudaCgThisGrid: return b.getInt64(0);
    // CUDA sleeps "approximately" the time given, anywhere in [0, 2t]: the CPU sleeps 0.
    // Nothing to emit; the call's type is none, so the value returned is never used.
    case BuiltinId::CudaNanosleep: return args.at(0);
    default: return nullptr;
    }
}

void KernelTarget::emit_error_check(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where) {
    const bool index_check = boundscheck_ && code == int(codegen::RuntimeError::IndexOutOfBounds);
    const bool ends_thread = code == int(codegen::RuntimeError::Raised) || debug_;
    if (!index_check && !ends_thread) return;
    llvm::LLVMContext& ctx = b.getContext();
    llvm::Function* fn = b.GetInsertBlock()->getParent();
    llvm::BasicBlock* raise = llvm::BasicBlock::Create(ctx, "kernel_error", fn);
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx, "kernel_ok", fn);
    b.CreateCondBr(cond, raise, ok, llvm::MDBuilder(ctx).createUnlikelyBranchWeights());
    b.SetInsertPoint(raise);
    auto* type = llvm::FunctionType::get(b.getVoidTy(), {b.getInt32Ty(), b.getPtrTy()}, false);
    // ujit_rt_kernel_raise ends the launch; ujit_rt_kernel_exit the work-item (a null `where`:
    // silently).
    llvm::FunctionCallee callee = runtime_function(b, index_check ? "ujit_rt_kernel_raise" : kKernelExitSymbol, type);
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        f->setDoesNotReturn();
        f->addFnAttr(llvm::Attribute::Cold);
    }
    llvm::Value* at = llvm::ConstantPointerNull::get(b.getPtrTy());
    if (index_check || debug_) at = b.CreateGlobalString(where, "ujit.where");
    llvm::CallInst* call = b.CreateCall(callee, {b.getInt32(code), at});
    call->setDoesNotReturn();
    b.CreateUnreachable();
    b.SetInsertPoint(ok);
}

llvm::Value* KernelTarget::emit_array_storage(llvm::IRBuilder<>& b, bool shared, llvm::Type* elem, uint64_t count,
                                              uint64_t align) {
    if (!shared) {
        local_array_bytes_ += module_of(b).getDataLayout().getTypeAllocSize(elem) * count;
        llvm::Function* f = b.GetInsertBlock()->getParent();
        llvm::IRBuilder<> eb(&f->getEntryBlock(), f->getEntryBlock().getFirstInsertionPt());
        llvm::AllocaInst* a = eb.CreateAlloca(llvm::ArrayType::get(elem, count), nullptr, "local_array");
        a->setAlignment(llvm::Align(std::max<uint64_t>(align, 16)));
        if (align > 16) local_array_bytes_ += align;  // the frame's realignment, at worst
        return a;
    }
    // The block's buffer is 16-byte aligned: a larger alignment= rounds the address up at
    // run time, in a slot with room for it.
    auto round_up = [&](llvm::Value* p) {
        if (align <= 16) return p;
        llvm::Value* at = b.CreatePtrToInt(p, b.getInt64Ty());
        llvm::Value* up = b.CreateAnd(b.CreateAdd(at, b.getInt64(align - 1)), b.getInt64(~(align - 1)));
        return b.CreateGEP(b.getInt8Ty(), p, b.CreateSub(up, at));
    };
    if (count == 0) return round_up(load_field(b, b.getPtrTy(), kCtxDynamicShared));
    // One slot per array (per lowering site, as each is one __shared__ variable on the GPU).
    uint64_t offset = (static_shared_ + 15) / 16 * 16;
    static_shared_ = offset + module_of(b).getDataLayout().getTypeAllocSize(elem) * count + (align > 16 ? align : 0);
    return round_up(b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), load_field(b, b.getPtrTy(), kCtxShared), offset));
}

void KernelTarget::mark_entry(llvm::Function& f, types::FunctionRole role) {
    cpu_->mark_entry(f, role);
    if (role != types::FunctionRole::Kernel) return;
    // Called after the kernel and its callees are lowered (lower_function), so both facts
    // are final here.
    llvm::LLVMContext& ctx = f.getContext();
    llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
    llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
    auto* type = llvm::StructType::get(ctx, {i64, i64, ptr, i64});
    llvm::Constant* init = llvm::ConstantStruct::get(
        type, {llvm::ConstantInt::get(i64, static_shared_), llvm::ConstantInt::get(i64, uses_barrier_ ? 1 : 0),
               llvm::ConstantPointerNull::get(llvm::PointerType::get(ctx, 0)),
               llvm::ConstantInt::get(i64, local_array_bytes_)});
    new llvm::GlobalVariable(*f.getParent(), type, /*isConstant=*/true, llvm::GlobalValue::ExternalLinkage, init,
                             kernel_info_symbol(f.getName().str()));
}

}  // namespace

void set_block_function(llvm::Module& m, const std::string& symbol, llvm::Function* block) {
    llvm::GlobalVariable* info = m.getGlobalVariable(kernel_info_symbol(symbol));
    if (!info || !block) return;
    llvm::Constant* old = info->getInitializer();  // all zero folds to a ConstantAggregateZero
    info->setInitializer(llvm::ConstantStruct::get(
        llvm::cast<llvm::StructType>(old->getType()),
        {old->getAggregateElement(0u), old->getAggregateElement(1u), block, old->getAggregateElement(3u)}));
}

void probe_stack_frames(llvm::Module& m) {
    for (llvm::Function& f : m)
        if (!f.isDeclaration()) f.addFnAttr("probe-stack", "inline-asm");
}

std::unique_ptr<codegen::Target> make_kernel_target(bool boundscheck, bool block_wide, bool debug) {
    return std::make_unique<KernelTarget>(boundscheck, block_wide, debug);
}

}  // namespace ujit::cpu
