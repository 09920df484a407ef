// The pipeline, in order. Each step is one call into its stage's folder.
#include "driver/compile.hpp"

#include "codegen/lower.hpp"
#include "codegen/abi.hpp"
#include "cpu/jit.hpp"
#include "cuda/ptx.hpp"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <chrono>

namespace ujit::driver {

namespace {

class Stopwatch {
public:
    double lap() {  // milliseconds since the last lap
        auto now = std::chrono::steady_clock::now();
        double ms = std::chrono::duration<double, std::milli>(now - last_).count();
        last_ = now;
        return ms;
    }

private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

std::string ir_text(const llvm::Module& m) {
    std::string s;
    llvm::raw_string_ostream os(s);
    m.print(os, nullptr);
    return s;
}

types::TargetKind target_kind(const Options& o) {
    return o.target == Target::CUDA ? types::TargetKind::CUDA : types::TargetKind::CPU;
}

std::unique_ptr<llvm::Module> lower(llvm::LLVMContext& ctx, codegen::Target& target, const Request& req,
                                    const types::TypedFunction& fn) {
    return req.artifact == Artifact::UfuncLoop ? codegen::lower_ufunc_loop(ctx, target, *req.module, fn)
                                               : codegen::lower_function(ctx, target, *req.module, fn);
}

}  // namespace

Compiled compile(const Request& req) {
    Compiled out;
    Stopwatch clock;

    // 1. Types (the module was parsed and checked when it was loaded).
    const types::TypedFunction& fn =
        req.typer->specialize(req.def, req.args, target_kind(req.options), req.declared_return);
    out.typed = &fn;
    out.typed_ir = types::dump_types(*req.module, fn);
    out.times.type = clock.lap();

    // 2. LLVM IR, through the target's hooks.
    auto ctx = std::make_unique<llvm::LLVMContext>();
    auto target = req.options.target == Target::CUDA ? codegen::make_cuda_target(req.options.arch)
                                                     : codegen::make_cpu_target();
    std::unique_ptr<llvm::Module> module = lower(*ctx, *target, req, fn);
    out.times.lower = clock.lap();

    if (req.options.target == Target::CUDA) {
        // 3-4. libdevice, NVVM reflect, O3, NVPTX → PTX.
        cuda::PtxOptions po;
        po.arch = req.options.arch;
        po.opt_level = req.options.opt_level;
        po.fastmath = req.options.fastmath;
        cuda::PtxResult ptx = cuda::emit_ptx(*module, po, req.keep_ir);
        if (req.keep_ir) out.llvm_ir = ptx.optimized_ir;
        out.assembly = std::move(ptx.ptx);
        out.times.optimize = ptx.optimize_ms;
        out.times.codegen = ptx.codegen_ms;
        return out;
    }

    // 3. Optimize for the host CPU.
    cpu::Jit& jit = cpu::Jit::instance();
    cpu::optimize_module(*module, jit.target_machine(), req.options.opt_level);
    if (req.keep_ir) out.llvm_ir = ir_text(*module);
    out.times.optimize = clock.lap();

    // 4. Machine code in the process, then the entry points.
    auto handle = jit.add_module(std::move(module), std::move(ctx));
    if (req.artifact == Artifact::UfuncLoop) {
        out.loop = jit.lookup(handle, codegen::loop_symbol(fn.symbol));
    } else {
        out.entry = jit.lookup(handle, fn.symbol);
        out.packed = jit.lookup(handle, codegen::packed_symbol(fn.symbol));
    }
    out.times.codegen = clock.lap();
    return out;
}

std::string cpu_assembly(const Request& req) {
    const types::TypedFunction& fn = req.typer->specialize(req.def, req.args, types::TargetKind::CPU, req.declared_return);
    llvm::LLVMContext ctx;
    auto target = codegen::make_cpu_target();
    std::unique_ptr<llvm::Module> module = lower(ctx, *target, req, fn);
    cpu::Jit& jit = cpu::Jit::instance();
    cpu::optimize_module(*module, jit.target_machine(), req.options.opt_level);
    return cpu::emit_assembly(*module, jit.target_machine());
}

}  // namespace ujit::driver
