// The CPU side of codegen::Target: host triple and data layout, libm math, errors that
// raise through ujit_rt_raise, print and random through ujit's runtime (runtime_*.hpp).
#include "codegen/target.hpp"

#include "cpu/cpu_math.hpp"
#include "cpu/helper_errors.hpp"
#include "cpu/helper_random.hpp"
#include "cpu/jit.hpp"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include <cstddef>

namespace ujit::codegen {

namespace {

llvm::Module& module_of(llvm::IRBuilder<>& b) { return *b.GetInsertBlock()->getModule(); }

llvm::FunctionCallee runtime_function(llvm::IRBuilder<>& b, const char* name, llvm::FunctionType* type) {
    llvm::FunctionCallee callee = module_of(b).getOrInsertFunction(name, type);
    if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) f->setDoesNotThrow();
    return callee;
}

llvm::Value* as_double(llvm::IRBuilder<>& b, llvm::Value* v) {
    llvm::Type* t = v->getType();
    if (t->isDoubleTy()) return v;
    if (t->isFloatingPointTy()) return b.CreateFPExt(v, b.getDoubleTy());
    if (t->isIntegerTy(1)) return b.CreateUIToFP(v, b.getDoubleTy());
    if (t->isIntegerTy()) return b.CreateSIToFP(v, b.getDoubleTy());
    return nullptr;
}

llvm::Value* as_int64(llvm::IRBuilder<>& b, llvm::Value* v) {
    llvm::Type* t = v->getType();
    if (t->isIntegerTy(1)) return b.CreateZExt(v, b.getInt64Ty());
    if (t->isIntegerTy()) return b.CreateSExtOrTrunc(v, b.getInt64Ty());
    if (t->isFloatingPointTy()) return b.CreateFPToSI(v, b.getInt64Ty());  // CPython: hash(2.0) == 2
    return nullptr;
}

class CpuTarget final : public Target {
public:
    explicit CpuTarget(bool boundscheck) : boundscheck_(boundscheck) {}
    types::TargetKind kind() const override { return types::TargetKind::CPU; }
    bool bounds_check() const override { return boundscheck_; }

    void configure_module(llvm::Module& m) override {
        llvm::TargetMachine& tm = cpu::Jit::instance().target_machine();
        m.setTargetTriple(tm.getTargetTriple().str());
        m.setDataLayout(tm.createDataLayout());
    }

    void prefer_wide_vectors(llvm::Module& m) override {
        // LLVM's x86 tuning prefers 256-bit vectors on AVX-512 machines (and makes 512-bit
        // types illegal without min-legal-vector-width); NumPy's reductions run on zmm there.
        if (cpu::Jit::instance().target_machine().getTargetFeatureString().find("+avx512f") == llvm::StringRef::npos)
            return;
        for (llvm::Function& f : m)
            if (!f.isDeclaration()) {
                f.addFnAttr("prefer-vector-width", "512");
                f.addFnAttr("min-legal-vector-width", "512");
            }
    }

    llvm::Value* emit_math(llvm::IRBuilder<>& b, types::BuiltinId id, const std::vector<llvm::Value*>& args,
                           const types::Type* ty) override {
        return cpu::emit_cpu_math(b, id, args, ty);
    }

    void emit_error_check(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where) override {
        if (auto* k = llvm::dyn_cast<llvm::ConstantInt>(cond); k && k->isZero()) return;
        llvm::BasicBlock* ok = branch_to_raise(b, cond);
        auto* type = llvm::FunctionType::get(b.getVoidTy(), {b.getInt32Ty(), b.getPtrTy()}, false);
        llvm::Value* message = b.CreateGlobalString(where, "ujit.where");  // private, unnamed_addr
        call_raise(b, "ujit_rt_raise", type, {b.getInt32(code), message});
        b.SetInsertPoint(ok);
    }

    void emit_error_check_values(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where,
                                 const std::vector<llvm::Value*>& values) override {
        if (auto* k = llvm::dyn_cast<llvm::ConstantInt>(cond); k && k->isZero()) return;
        llvm::BasicBlock* ok = branch_to_raise(b, cond);
        // The values go through a stack array the helper reads, filled in the cold block only
        // (a static alloca in the entry block, which the optimizer keeps out of the hot path).
        llvm::Function* fn = b.GetInsertBlock()->getParent();
        llvm::IRBuilder<> entry(&fn->getEntryBlock(), fn->getEntryBlock().begin());
        llvm::Value* array =
            entry.CreateAlloca(llvm::ArrayType::get(b.getInt64Ty(), values.size()), nullptr, "error.values");
        for (size_t i = 0; i < values.size(); ++i)
            b.CreateStore(values[i], b.CreateConstGEP1_64(b.getInt64Ty(), array, i));
        auto* type =
            llvm::FunctionType::get(b.getVoidTy(), {b.getInt32Ty(), b.getPtrTy(), b.getInt64Ty(), b.getPtrTy()}, false);
        llvm::Value* message = b.CreateGlobalString(where, "ujit.where");
        call_raise(b, "ujit_rt_raise_values", type, {b.getInt32(code), message, b.getInt64(values.size()), array});
        b.SetInsertPoint(ok);
    }

    // Branches on `cond` (unlikely) to a new "raise" block, where it leaves the builder;
    // returns the block where execution goes on.
    static llvm::BasicBlock* branch_to_raise(llvm::IRBuilder<>& b, llvm::Value* cond) {
        llvm::LLVMContext& ctx = b.getContext();
        llvm::Function* fn = b.GetInsertBlock()->getParent();
        llvm::BasicBlock* raise = llvm::BasicBlock::Create(ctx, "raise", fn);
        llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx, "no_error", fn);
        b.CreateCondBr(cond, raise, ok, llvm::MDBuilder(ctx).createUnlikelyBranchWeights());
        b.SetInsertPoint(raise);
        return ok;
    }

    // A call of the runtime's raise helper `name`, which never returns.
    static void call_raise(llvm::IRBuilder<>& b, const char* name, llvm::FunctionType* type,
                           std::vector<llvm::Value*> args) {
        llvm::FunctionCallee callee = runtime_function(b, name, type);
        if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
            f->setDoesNotReturn();
            f->addFnAttr(llvm::Attribute::Cold);
        }
        llvm::CallInst* call = b.CreateCall(callee, args);
        call->setDoesNotReturn();
        b.CreateUnreachable();
    }

    llvm::Value* emit_try_begin(llvm::IRBuilder<>& b, llvm::Value*& frame) override {
        llvm::Function* fn = b.GetInsertBlock()->getParent();
        llvm::IRBuilder<> entry(&fn->getEntryBlock(), fn->getEntryBlock().begin());
        auto* frame_slot =
            entry.CreateAlloca(llvm::ArrayType::get(b.getInt8Ty(), sizeof(cpu::ErrorGuardFrame)), nullptr, "try.frame");
        frame_slot->setAlignment(llvm::Align(alignof(cpu::ErrorGuardFrame)));
        // The frame starts with GCC's __builtin_setjmp buffer, which llvm.eh.sjlj.setjmp shares:
        // the frame address in word 0 and the stack pointer in word 2 (written here, as clang
        // does), the landing address in word 1 (by the intrinsic).
        static_assert(offsetof(cpu::ErrorGuardFrame, env) == 0);
        llvm::Value* env = frame_slot;
        frame = frame_slot;
        llvm::Module* m = fn->getParent();
        b.CreateStore(b.CreateIntrinsic(llvm::Intrinsic::frameaddress, {b.getPtrTy()}, {b.getInt32(0)}), env);
        b.CreateStore(b.CreateIntrinsic(llvm::Intrinsic::stacksave, {b.getPtrTy()}, {}),
                      b.CreateConstGEP1_64(b.getPtrTy(), env, 2));
        auto* enter = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
        b.CreateCall(runtime_function(b, "ujit_rt_try_enter", enter), {frame_slot});
        llvm::CallInst* jumped =
            b.CreateCall(llvm::Intrinsic::getDeclaration(m, llvm::Intrinsic::eh_sjlj_setjmp), {env});
        // Returns twice: the back end then keeps no value in a register across it.
        jumped->addFnAttr(llvm::Attribute::ReturnsTwice);
        return b.CreateICmpNE(jumped, b.getInt32(0), "try.raised");
    }

    void emit_try_exit(llvm::IRBuilder<>& b, TryExit how, llvm::Value* frame) override {
        auto* type = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
        if (how == TryExit::Reraise) return call_raise(b, "ujit_rt_try_reraise", type, {frame});
        b.CreateCall(runtime_function(b, how == TryExit::Leave ? "ujit_rt_try_leave" : "ujit_rt_try_caught", type),
                     {frame});
    }

    void emit_print(llvm::IRBuilder<>& b, const std::string& format, const std::vector<llvm::Value*>& args) override {
        auto* type = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, /*isVarArg=*/true);
        std::vector<llvm::Value*> call_args{b.CreateGlobalString(format, "ujit.print_format")};
        call_args.insert(call_args.end(), args.begin(), args.end());
        b.CreateCall(runtime_function(b, "ujit_rt_print", type), call_args);
    }

    llvm::Value* emit_cuda_builtin(llvm::IRBuilder<>&, types::BuiltinId, const std::vector<llvm::Value*>&,
                                   const std::vector<const types::Type*>&, const types::Type*) override {
        return nullptr;  // type inference rejects cuda.* for the CPU before codegen
    }

    llvm::Value* emit_array_storage(llvm::IRBuilder<>&, bool, llvm::Type*, uint64_t, uint64_t) override {
        return nullptr;
    }

    void mark_entry(llvm::Function& f, types::FunctionRole) override {
        f.setLinkage(llvm::GlobalValue::ExternalLinkage);
        f.setVisibility(llvm::GlobalValue::DefaultVisibility);
        f.setDoesNotThrow();
    }

    // One genrand_uint32 draw, inline: out[index++] from the thread's RandomBlock
    // (helper_random.hpp), refilled by a call when the 624 outputs are used up. `state_fn`
    // returns the block: ujit_rt_random_state (random.*) or ujit_rt_np_random_state.
    static llvm::Value* draw_uint32(llvm::IRBuilder<>& b, const char* state_fn) {
        llvm::LLVMContext& ctx = b.getContext();
        auto* get_type = llvm::FunctionType::get(b.getPtrTy(), false);
        llvm::FunctionCallee get = runtime_function(b, state_fn, get_type);
        if (auto* f = llvm::dyn_cast<llvm::Function>(get.getCallee())) {
            // The same address for every call on a thread: LLVM may hoist it out of loops.
            f->setDoesNotAccessMemory();
            f->addFnAttr(llvm::Attribute::WillReturn);
            f->addFnAttr(llvm::Attribute::Speculatable);
            f->addRetAttr(llvm::Attribute::NonNull);
        }
        llvm::Value* state = b.CreateCall(get);
        llvm::Function* fn = b.GetInsertBlock()->getParent();
        llvm::BasicBlock* pre = b.GetInsertBlock();
        llvm::BasicBlock* refill = llvm::BasicBlock::Create(ctx, "random.refill", fn);
        llvm::BasicBlock* ready = llvm::BasicBlock::Create(ctx, "random.ready", fn);
        llvm::Value* index = b.CreateLoad(b.getInt32Ty(), state, "random.index");
        b.CreateCondBr(b.CreateICmpSGE(index, b.getInt32(cpu::RandomBlock::N)), refill, ready,
                       llvm::MDBuilder(ctx).createBranchWeights(1, cpu::RandomBlock::N - 1));
        b.SetInsertPoint(refill);
        auto* refill_type = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()}, false);
        b.CreateCall(runtime_function(b, "ujit_rt_random_refill", refill_type), {state});
        b.CreateBr(ready);
        b.SetInsertPoint(ready);
        llvm::PHINode* i = b.CreatePHI(b.getInt32Ty(), 2, "random.i");
        i->addIncoming(index, pre);
        i->addIncoming(b.getInt32(0), refill);
        llvm::Value* out = b.CreateConstGEP1_64(b.getInt8Ty(), state, cpu::kRandomOutOffset);
        llvm::Value* word =
            b.CreateLoad(b.getInt32Ty(), b.CreateGEP(b.getInt32Ty(), out, b.CreateZExt(i, b.getInt64Ty())));
        b.CreateStore(b.CreateAdd(i, b.getInt32(1), "", /*HasNUW=*/true, /*HasNSW=*/true), state);
        return word;
    }

    // genrand_res53, as CPython and NumPy: (a >> 5) * 2^26 + (b >> 6), over 2^53.
    static llvm::Value* draw_double(llvm::IRBuilder<>& b, const char* state_fn) {
        llvm::Type* f64 = b.getDoubleTy();
        llvm::Value* hi = b.CreateUIToFP(b.CreateLShr(draw_uint32(b, state_fn), 5), f64);
        llvm::Value* lo = b.CreateUIToFP(b.CreateLShr(draw_uint32(b, state_fn), 6), f64);
        llvm::Value* v = b.CreateFAdd(b.CreateFMul(hi, llvm::ConstantFP::get(f64, 67108864.0)), lo);
        return b.CreateFMul(v, llvm::ConstantFP::get(f64, 1.0 / 9007199254740992.0));
    }

    llvm::Value* emit_random(llvm::IRBuilder<>& b, types::BuiltinId id,
                             const std::vector<llvm::Value*>& args) override {
        using types::BuiltinId;
        const bool np = id == BuiltinId::NpRandomRandom || id == BuiltinId::NpRandomRand ||
                        id == BuiltinId::NpRandomSeed || id == BuiltinId::NpRandomUniform;
        const char* state_fn = np ? "ujit_rt_np_random_state" : "ujit_rt_random_state";
        switch (id) {
        case BuiltinId::RandomRandom:
        case BuiltinId::NpRandomRandom:
        case BuiltinId::NpRandomRand: return args.empty() ? draw_double(b, state_fn) : nullptr;
        case BuiltinId::RandomSeed:
        case BuiltinId::NpRandomSeed: {
            if (args.size() != 1) return nullptr;
            llvm::Value* seed = as_int64(b, args[0]);
            if (!seed) return nullptr;
            auto* type = llvm::FunctionType::get(b.getVoidTy(), {b.getInt64Ty()}, false);
            const char* seed_fn = np ? "ujit_rt_np_random_seed" : "ujit_rt_random_seed";
            return b.CreateCall(runtime_function(b, seed_fn, type), {seed});
        }
        case BuiltinId::RandomUniform:
        case BuiltinId::NpRandomUniform: {
            if (args.size() > 2 || (!np && args.size() != 2)) return nullptr;
            // np.random.uniform(low=0.0, high=1.0)
            llvm::Value* lo = args.size() > 0 ? as_double(b, args[0]) : llvm::ConstantFP::get(b.getDoubleTy(), 0.0);
            llvm::Value* hi = args.size() > 1 ? as_double(b, args[1]) : llvm::ConstantFP::get(b.getDoubleTy(), 1.0);
            if (!lo || !hi) return nullptr;
            // CPython and NumPy: a + (b - a) * random()
            llvm::Value* r = draw_double(b, state_fn);
            return b.CreateFAdd(lo, b.CreateFMul(b.CreateFSub(hi, lo), r));
        }
        default: return nullptr;
        }
    }

private:
    bool boundscheck_;
};

}  // namespace

std::unique_ptr<Target> make_cpu_target(bool boundscheck) { return std::make_unique<CpuTarget>(boundscheck); }

}  // namespace ujit::codegen
