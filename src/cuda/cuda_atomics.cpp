#include "cuda/cuda_atomics.hpp"

#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

#include <functional>

namespace ujit::cuda {

using types::BuiltinId;
using Rmw = llvm::AtomicRMWInst::BinOp;

namespace {

// Numba's atomics are relaxed ("monotonic"), at the default (system) scope.
constexpr auto kOrder = llvm::AtomicOrdering::Monotonic;

llvm::Value* rmw(llvm::IRBuilder<>& b, Rmw op, llvm::Value* ptr, llvm::Value* val) {
    return b.CreateAtomicRMW(op, ptr, val, llvm::MaybeAlign(), kOrder);
}

llvm::Type* bits_type(llvm::IRBuilder<>& b, llvm::Type* t) {
    return b.getIntNTy(t->getPrimitiveSizeInBits().getFixedValue());
}

// cmpxchg on the element's bits; returns the old value as the element type.
llvm::Value* cas(llvm::IRBuilder<>& b, llvm::Value* ptr, llvm::Value* expected, llvm::Value* desired,
                 llvm::Value** success = nullptr) {
    llvm::Type* t = expected->getType();
    llvm::Type* it = bits_type(b, t);
    auto* x = b.CreateAtomicCmpXchg(ptr, b.CreateBitCast(expected, it), b.CreateBitCast(desired, it),
                                    llvm::MaybeAlign(), kOrder, kOrder);
    if (success) *success = b.CreateExtractValue(x, 1);
    return b.CreateBitCast(b.CreateExtractValue(x, 0), t);
}

// A compare-and-swap loop for the updates the hardware has no instruction for:
//   old = load; while (wants_store(old)) { if cas(old → next(old)) succeeded: break; old = what cas saw }
// Returns `old`. Leaves the builder at the end of the loop's exit block.
llvm::Value* cas_loop(llvm::IRBuilder<>& b, llvm::Value* ptr, llvm::Type* t,
                      const std::function<llvm::Value*(llvm::Value*)>& wants_store,
                      const std::function<llvm::Value*(llvm::Value*)>& next) {
    llvm::Function* f = b.GetInsertBlock()->getParent();
    llvm::LLVMContext& ctx = b.getContext();
    llvm::BasicBlock* entry = b.GetInsertBlock();

    // Anything after the insertion point moves to the exit block.
    llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx, "atomic.done", f);
    if (b.GetInsertPoint() != entry->end()) {
        if (entry->getTerminator()) {
            done->eraseFromParent();
            done = entry->splitBasicBlock(b.GetInsertPoint(), "atomic.done");
            entry->getTerminator()->eraseFromParent();
        } else {
            done->splice(done->end(), entry, b.GetInsertPoint(), entry->end());
        }
    }
    llvm::BasicBlock* check = llvm::BasicBlock::Create(ctx, "atomic.check", f, done);
    llvm::BasicBlock* attempt = llvm::BasicBlock::Create(ctx, "atomic.attempt", f, done);

    b.SetInsertPoint(entry);
    auto* first = b.CreateLoad(t, ptr, "atomic.first");
    first->setAtomic(kOrder);
    first->setAlignment(llvm::Align(t->getPrimitiveSizeInBits().getFixedValue() / 8));
    b.CreateBr(check);

    b.SetInsertPoint(check);
    llvm::PHINode* old = b.CreatePHI(t, 2, "atomic.old");
    old->addIncoming(first, entry);
    b.CreateCondBr(wants_store(old), attempt, done);

    b.SetInsertPoint(attempt);
    llvm::Value* ok = nullptr;
    llvm::Value* seen = cas(b, ptr, old, next(old), &ok);
    old->addIncoming(seen, attempt);
    b.CreateCondBr(ok, done, check);

    if (done->empty()) {
        b.SetInsertPoint(done);
    } else {
        b.SetInsertPoint(done, done->begin());
    }
    // `check` dominates `done`; on a successful cas the element held exactly `old`.
    return old;
}

llvm::Value* float_minmax(llvm::IRBuilder<>& b, BuiltinId id, llvm::Value* ptr, llvm::Value* val) {
    bool is_max = id == BuiltinId::CudaAtomicMax || id == BuiltinId::CudaAtomicNanmax;
    bool nan_is_missing = id == BuiltinId::CudaAtomicNanmax || id == BuiltinId::CudaAtomicNanmin;
    auto wants_store = [&](llvm::Value* old) -> llvm::Value* {
        if (!nan_is_missing)  // ordered compare: false when either is NaN
            return is_max ? b.CreateFCmpOLT(old, val) : b.CreateFCmpOGT(old, val);
        llvm::Value* better = is_max ? b.CreateFCmpULT(old, val) : b.CreateFCmpUGT(old, val);
        return b.CreateAnd(b.CreateFCmpORD(val, val), better);
    };
    return cas_loop(b, ptr, val->getType(), wants_store, [&](llvm::Value*) { return val; });
}

// Signed inc/dec (CUDA's atomicInc/atomicDec compare unsigned; Numba's templates compare in
// the element's signedness).
llvm::Value* signed_inc_dec(llvm::IRBuilder<>& b, bool inc, llvm::Value* ptr, llvm::Value* val) {
    llvm::Type* t = val->getType();
    auto always = [&](llvm::Value*) -> llvm::Value* { return b.getTrue(); };
    auto next = [&](llvm::Value* old) -> llvm::Value* {
        if (inc)
            return b.CreateSelect(b.CreateICmpSGE(old, val), llvm::ConstantInt::get(t, 0),
                                  b.CreateAdd(old, llvm::ConstantInt::get(t, 1)));
        llvm::Value* reset = b.CreateOr(b.CreateICmpEQ(old, llvm::ConstantInt::get(t, 0)), b.CreateICmpSGT(old, val));
        return b.CreateSelect(reset, val, b.CreateSub(old, llvm::ConstantInt::get(t, 1)));
    };
    return cas_loop(b, ptr, t, always, next);
}

}  // namespace

llvm::Value* emit_atomic(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args, bool is_signed) {
    size_t want = id == BuiltinId::CudaAtomicCas ? 3 : 2;
    if (args.size() != want || !args[0]->getType()->isPointerTy()) return nullptr;
    llvm::Value* ptr = args[0];
    llvm::Value* val = args[1];
    llvm::Type* t = val->getType();
    bool is_float = t->isFloatTy() || t->isDoubleTy();
    bool is_int = t->isIntegerTy(32) || t->isIntegerTy(64);
    if (!is_float && !is_int) return nullptr;

    switch (id) {
    case BuiltinId::CudaAtomicAdd: return rmw(b, is_float ? Rmw::FAdd : Rmw::Add, ptr, val);
    case BuiltinId::CudaAtomicSub:
        return is_float ? rmw(b, Rmw::FAdd, ptr, b.CreateFNeg(val)) : rmw(b, Rmw::Sub, ptr, val);
    case BuiltinId::CudaAtomicMax:
    case BuiltinId::CudaAtomicNanmax:
        if (is_float) return float_minmax(b, id, ptr, val);
        return rmw(b, is_signed ? Rmw::Max : Rmw::UMax, ptr, val);
    case BuiltinId::CudaAtomicMin:
    case BuiltinId::CudaAtomicNanmin:
        if (is_float) return float_minmax(b, id, ptr, val);
        return rmw(b, is_signed ? Rmw::Min : Rmw::UMin, ptr, val);
    case BuiltinId::CudaAtomicExch: return rmw(b, Rmw::Xchg, ptr, val);
    case BuiltinId::CudaAtomicAnd: return is_int ? rmw(b, Rmw::And, ptr, val) : nullptr;
    case BuiltinId::CudaAtomicOr: return is_int ? rmw(b, Rmw::Or, ptr, val) : nullptr;
    case BuiltinId::CudaAtomicXor: return is_int ? rmw(b, Rmw::Xor, ptr, val) : nullptr;
    case BuiltinId::CudaAtomicInc:
    case BuiltinId::CudaAtomicDec: {
        if (!is_int) return nullptr;
        bool inc = id == BuiltinId::CudaAtomicInc;
        if (is_signed) return signed_inc_dec(b, inc, ptr, val);
        if (t->isIntegerTy(32)) {
            // atom.inc/dec.u32 (LLVM 19 would expand atomicrmw uinc_wrap into a cas loop).
            auto id32 = inc ? llvm::Intrinsic::nvvm_atomic_load_inc_32 : llvm::Intrinsic::nvvm_atomic_load_dec_32;
            return b.CreateIntrinsic(id32, {ptr->getType()}, {ptr, val});
        }
        return rmw(b, inc ? Rmw::UIncWrap : Rmw::UDecWrap, ptr, val);
    }
    case BuiltinId::CudaAtomicCas:
        if (args[2]->getType() != t) return nullptr;
        return cas(b, ptr, val, args[2]);
    default: return nullptr;
    }
}

}  // namespace ujit::cuda
