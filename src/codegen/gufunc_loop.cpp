// lower_gufunc_loop: the loop of a generalized ufunc around its core function.
//
// One body serves every target: iteration i of the loop passes each operand to the core
// function at base + i * step, a scalar input ('()' core) loaded by value, any other
// operand as an array view whose shape is the bound core dimensions and whose strides are
// the operand's own (a non-contiguous input is viewed, never copied). Only where the
// bases, steps and core values come from and how i advances differ between the targets.
#include "codegen/lower.hpp"

#include <optional>

#include "codegen/gufunc_facts.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using types::Type;

namespace {

// What the loop knows of one call: per operand its base and loop step, the core
// dimensions' sizes, and per operand the byte strides of its array dimensions.
struct LoopValues {
    std::vector<llvm::Value*> base, step, dims;
    std::vector<std::vector<llvm::Value*>> core_strides;
};

// Number of i64 core values: every dimension's size, then each array operand's strides.
size_t core_count(const types::TypedFunction& fn, const types::GufuncLayout& l) {
    size_t n = l.dims.size();
    for (const Type* t : fn.arg_types)
        if (t->is_array()) n += size_t(t->ndim());
    return n;
}

// The core table's values in order, each from `core(k)` (a load, a parameter or a constant).
LoopValues load_core(llvm::LLVMContext& ctx, const types::TypedFunction& fn, const types::GufuncLayout& l,
                     const std::function<llvm::Value*(size_t)>& core) {
    LoopValues v;
    size_t at = 0;
    for (size_t d = 0; d < l.dims.size(); ++d, ++at)  // a size the layout fixes is a constant
        v.dims.push_back(l.fixed[d] >= 0 ? llvm::ConstantInt::get(llvm::Type::getInt64Ty(ctx), uint64_t(l.fixed[d]))
                                         : core(at));
    for (const Type* t : fn.arg_types) {
        v.core_strides.emplace_back();
        if (t->is_array())
            for (int j = 0; j < t->ndim(); ++j) v.core_strides.back().push_back(core(at++));
    }
    return v;
}

// One iteration: the core function called on the operands at loop index i.
void iteration(llvm::IRBuilder<>& b, llvm::Function* impl, const types::TypedFunction& fn, const types::GufuncLayout& l,
               const LoopValues& v, llvm::Value* i) {
    std::vector<llvm::Value*> args;
    for (size_t k = 0; k < fn.arg_types.size(); ++k) {
        const Type* t = fn.arg_types[k];
        llvm::Value* p = b.CreateGEP(b.getInt8Ty(), v.base[k], b.CreateMul(i, v.step[k]));
        if (!t->is_array()) {
            args.push_back(from_storage(b, b.CreateLoad(storage_type(b.getContext(), t), p), t));
            continue;
        }
        const auto& core = l.operand(k);
        std::vector<llvm::Value*> shape;
        for (int j = 0; j < t->ndim(); ++j)  // an output '()' is a 1-element array
            shape.push_back(core.empty() ? b.getInt64(1) : v.dims[size_t(core[size_t(j)])]);
        args.push_back(make_array(b, t, p, shape, v.core_strides[k]));
    }
    b.CreateCall(impl, args);
}

// for (i = start; i < n; i += step) iteration(i)
void counted(llvm::IRBuilder<>& b, llvm::Function* f, llvm::Value* start, llvm::Value* n, llvm::Value* step,
             const std::function<void(llvm::Value*)>& body) {
    llvm::LLVMContext& ctx = b.getContext();
    llvm::BasicBlock* pre = b.GetInsertBlock();
    llvm::BasicBlock* loop = llvm::BasicBlock::Create(ctx, "gufunc.loop", f);
    llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx, "exit", f);
    b.CreateCondBr(b.CreateICmpSLT(start, n), loop, exit);
    b.SetInsertPoint(loop);
    llvm::PHINode* i = b.CreatePHI(b.getInt64Ty(), 2, "i");
    i->addIncoming(start, pre);
    body(i);
    llvm::Value* next = b.CreateAdd(i, step, "i.next", /*HasNUW=*/false, /*HasNSW=*/true);
    i->addIncoming(next, b.GetInsertBlock());
    b.CreateCondBr(b.CreateICmpSLT(next, n), loop, exit);
    b.SetInsertPoint(exit);
    b.CreateRetVoid();
}

// CPU: void(char** ptrs, i64 n, const i64* steps, const i64* core), NumPy's gufunc loop
// with the core sizes and strides apart from the loop's steps.
void cpu_loop(ModuleLowering& mod, const types::TypedFunction& fn, const types::GufuncLayout& l, llvm::Function* impl,
              const std::vector<int64_t>& constant_core) {
    llvm::LLVMContext& ctx = mod.ctx;
    llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
    llvm::Type* i64 = llvm::Type::getInt64Ty(ctx);
    auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr, i64, ptr, ptr}, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, gufunc_symbol(fn.symbol), mod.m);
    const char* names[] = {"ptrs", "n", "steps", "core"};
    for (unsigned k = 0; k < 4; ++k) f->getArg(k)->setName(names[k]);
    // The loop reads the tables once: nothing the core function writes can alias them.
    for (unsigned k : {0u, 2u, 3u}) {
        f->addParamAttr(k, llvm::Attribute::NoAlias);
        f->addParamAttr(k, llvm::Attribute::ReadOnly);
    }

    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
    LoopValues v = load_core(ctx, fn, l, [&](size_t k) -> llvm::Value* {
        if (!constant_core.empty()) return b.getInt64(constant_core[k]);
        return b.CreateLoad(i64, b.CreateConstGEP1_64(i64, f->getArg(3), k), "core" + llvm::Twine(k));
    });
    for (size_t k = 0; k < fn.arg_types.size(); ++k) {
        v.base.push_back(b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, f->getArg(0), k), "p" + llvm::Twine(k)));
        v.step.push_back(b.CreateLoad(i64, b.CreateConstGEP1_64(i64, f->getArg(2), k), "s" + llvm::Twine(k)));
    }
    counted(b, f, b.getInt64(0), f->getArg(1), b.getInt64(1), [&](llvm::Value* i) { iteration(b, impl, fn, l, v, i); });
    mod.target.mark_entry(*f, types::FunctionRole::Scalar);
}

// CUDA: void(ptr op0, ..., i64 n, i64 step0, ..., i64 core0, ...), a grid-stride kernel:
// one thread per loop iteration. Everything is a by-value parameter, so a launch needs no
// device memory besides the operands. With the launch's facts (codegen/gufunc_facts.hpp)
// the steps are constants and the operand pointers carry their alignment and noalias.
void gpu_loop(ModuleLowering& mod, const types::TypedFunction& fn, const types::GufuncLayout& l, llvm::Function* impl,
              const std::vector<int64_t>& constant_core, const std::optional<GufuncKernelFacts>& facts) {
    llvm::LLVMContext& ctx = mod.ctx;
    const size_t nops = fn.arg_types.size(), ncore = core_count(fn, l);
    std::vector<llvm::Type*> params(nops, llvm::PointerType::get(ctx, 0));
    params.insert(params.end(), 1 + nops + ncore, llvm::Type::getInt64Ty(ctx));
    auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), params, false);
    auto* f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, gufunc_symbol(fn.symbol), mod.m);
    llvm::Value* n = f->getArg(unsigned(nops));
    n->setName("n");

    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", f));
    LoopValues v = load_core(ctx, fn, l, [&](size_t k) -> llvm::Value* {
        if (!constant_core.empty()) return b.getInt64(constant_core[k]);
        return f->getArg(unsigned(2 * nops + 1 + k));
    });
    for (size_t k = 0; k < nops; ++k) {
        v.base.push_back(f->getArg(unsigned(k)));
        v.step.push_back(facts ? b.getInt64(facts->steps[k])
                               : static_cast<llvm::Value*>(f->getArg(unsigned(nops + 1 + k))));
        if (!facts) continue;
        if (facts->align[k] > 1)
            f->addParamAttr(unsigned(k),
                            llvm::Attribute::getWithAlignment(ctx, llvm::Align(uint64_t(facts->align[k]))));
        if (facts->disjoint) f->addParamAttr(unsigned(k), llvm::Attribute::NoAlias);
    }
    const Type* i64t = types::int64();
    llvm::Value* one = b.getInt64(1);
    llvm::Value* start = mod.target.emit_cuda_builtin(b, types::BuiltinId::CudaGrid, {one}, {i64t}, i64t);
    llvm::Value* stride = mod.target.emit_cuda_builtin(b, types::BuiltinId::CudaGridsize, {one}, {i64t}, i64t);
    if (!start || !stride) unsupported(fn.def->loc, "this target has no thread indices for a gufunc kernel");
    counted(b, f, start, n, stride, [&](llvm::Value* i) { iteration(b, impl, fn, l, v, i); });
    mod.target.mark_entry(*f, types::FunctionRole::Kernel);
}

}  // namespace

std::unique_ptr<llvm::Module> lower_gufunc_loop(llvm::LLVMContext& ctx, Target& target, const syntax::Module& source,
                                                const types::TypedFunction& fn, const types::GufuncLayout& layout,
                                                const std::vector<int64_t>& constant_core) {
    if (fn.arg_types.size() != layout.nin() + layout.nout())
        throw std::logic_error("internal error: a gufunc typed with " + std::to_string(fn.arg_types.size()) +
                               " arguments for the layout " + layout.str());
    auto m = std::make_unique<llvm::Module>(gufunc_symbol(fn.symbol), ctx);
    target.configure_module(*m);
    ModuleLowering mod(*m, target, source);
    const bool cuda = target.kind() == types::TargetKind::CUDA;
    const size_t ncore = core_count(fn, layout);
    std::optional<GufuncKernelFacts> facts;
    if (cuda) facts = kernel_facts(constant_core, ncore, fn.arg_types.size());
    if (!constant_core.empty() && constant_core.size() != ncore && !facts)
        throw std::logic_error("internal error: a gufunc core table of " + std::to_string(constant_core.size()) +
                               " values for " + std::to_string(ncore));
    llvm::Function* impl = mod.internal_function(fn);
    if (cuda)
        gpu_loop(mod, fn, layout, impl, constant_core, facts);
    else
        cpu_loop(mod, fn, layout, impl, constant_core);
    return m;
}

}  // namespace ujit::codegen
