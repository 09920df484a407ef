// The pipeline, in order. Each step is one call into its stage's folder.
#include "pipeline/compile.hpp"

#include "codegen/abi.hpp"
#include "codegen/debug_info.hpp"
#include "codegen/entry_abi.hpp"
#include "codegen/lower.hpp"
#include "cpu/jit.hpp"
#include "cpu/kernel_block.hpp"
#include "cpu/kernel_target.hpp"
#include "cuda/ptx.hpp"
#include "pipeline/device_link_files.hpp"
#include "pipeline/disk_artifact.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/stack_budget.hpp"
#include "types/optional_rules.hpp"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace ujit::pipeline {

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
    switch (req.artifact) {
    case Artifact::UfuncLoop: return codegen::lower_ufunc_loop(ctx, target, *req.module, fn);
    case Artifact::GufuncLoop:
        return codegen::lower_gufunc_loop(ctx, target, *req.module, fn, req.typer->decorator_of(req.def).gufunc,
                                          req.gufunc_core);
    case Artifact::Entry: break;
    }
    return codegen::lower_function(ctx, target, *req.module, fn);
}

constexpr const char* kNvvmRefused = "; refused: ";

// @cuda.jit(opt=False): the kernel compiles unoptimized, as Numba compiles it for debugging.
int effective_opt_level(const Request& req, const types::TypedFunction& fn) {
    return codegen::requests_no_optimization(*fn.def) ? 0 : req.options.opt_level;
}

// CUDA: the PTX of the request (and, for a kernel linked with LTO, its NVVM IR), from the
// disk cache or built (and stored there).
void compile_cuda(const Request& req, const types::TypedFunction& fn, Compiled& out, Stopwatch& clock) {
    bool nvvm = links_with_lto(out.link);
    if (nvvm) out.nvvm_options = cuda::nvvm_options(effective_opt_level(req, fn), req.options.fastmath);
    std::optional<DiskArtifact> disk = disk_artifact(req, cache::ArtifactKind::Ptx);
    std::optional<DiskArtifact> disk_nvvm = nvvm ? disk_artifact(req, cache::ArtifactKind::NvvmIr) : std::nullopt;
    if (disk) {
        std::optional<std::string> ptx = disk->load();
        std::optional<std::string> ir = disk_nvvm ? disk_nvvm->load() : std::optional<std::string>("");
        if (ptx && ir) {
            out.assembly = std::move(*ptx);
            // A refusal is kept as "; refused: WHY" (NVVM IR text never starts with ';').
            if (ir->rfind(kNvvmRefused, 0) == 0)
                out.nvvm_refused = ir->substr(std::strlen(kNvvmRefused));
            else
                out.nvvm_ir = std::move(*ir);
            out.from_disk_cache = true;
            out.times.codegen = clock.lap();
            return;
        }
    }
    // 2. LLVM IR, through the target's hooks.
    auto ctx = std::make_unique<llvm::LLVMContext>();
    auto target = codegen::make_cuda_target(req.options.arch, req.typer->decorator_of(req.def).debug);
    std::unique_ptr<llvm::Module> module = lower(*ctx, *target, req, fn);
    out.times.lower = clock.lap();

    // 3-4. libdevice, NVVM reflect, O3, NVPTX → PTX.
    cuda::PtxOptions po;
    po.arch = req.options.arch;
    po.opt_level = effective_opt_level(req, fn);
    po.fastmath = req.options.fastmath;
    po.nvvm_ir = nvvm;
    cuda::PtxResult ptx = cuda::emit_ptx(*module, po, req.keep_ir);
    if (req.keep_ir) out.llvm_ir = ptx.optimized_ir;
    out.assembly = std::move(ptx.ptx);
    out.nvvm_ir = std::move(ptx.nvvm.text);
    out.nvvm_refused = std::move(ptx.nvvm.refused);
    out.times.optimize = ptx.optimize_ms;
    out.times.codegen = ptx.codegen_ms;
    if (disk) disk->store(out.assembly);
    if (disk_nvvm) disk_nvvm->store(out.nvvm_ir.empty() ? kNvvmRefused + out.nvvm_refused : out.nvvm_ir);
}

void look_up_entry_points(const Request& req, const types::TypedFunction& fn, cpu::Jit::Handle handle, Compiled& out) {
    cpu::Jit& jit = cpu::Jit::instance();
    if (req.artifact == Artifact::UfuncLoop) {
        out.loop = jit.lookup(handle, codegen::loop_symbol(fn.symbol));
    } else if (req.artifact == Artifact::GufuncLoop) {
        out.loop = jit.lookup(handle, codegen::gufunc_symbol(fn.symbol));
    } else {
        out.entry = jit.lookup(handle, fn.symbol);
        out.packed = jit.lookup(handle, codegen::packed_symbol(fn.symbol));
        if (fn.return_type->is_generator())
            out.generator_next = jit.lookup(handle, codegen::generator_next_symbol(fn.symbol));
    }
}

// CPU: object code from the disk cache, linked into the JIT. False when there is none
// or it does not link here (it is then rebuilt and stored again).
bool load_cached_object(const Request& req, const types::TypedFunction& fn, const DiskArtifact& disk, Compiled& out) {
    std::optional<std::string> object = disk.load();
    if (!object) return false;
    try {
        look_up_entry_points(req, fn, cpu::Jit::instance().add_object(*object), out);
    } catch (const std::runtime_error&) {
        out.entry = out.packed = out.loop = out.generator_next = nullptr;
        return false;
    }
    out.from_disk_cache = true;
    return true;
}

void compile_cpu(const Request& req, const types::TypedFunction& fn, Compiled& out, Stopwatch& clock) {
    std::optional<DiskArtifact> disk = disk_artifact(req, cache::ArtifactKind::Object);
    if (disk && load_cached_object(req, fn, *disk, out)) {
        out.times.codegen = clock.lap();
        return;
    }
    // 2. LLVM IR, through the target's hooks.
    auto ctx = std::make_unique<llvm::LLVMContext>();
    auto target = codegen::make_cpu_target(req.options.arch == kCpuCheckedArch);
    std::unique_ptr<llvm::Module> module = lower(*ctx, *target, req, fn);
    out.times.lower = clock.lap();

    // 3. Optimize for the host CPU.
    cpu::Jit& jit = cpu::Jit::instance();
    cpu::optimize_module(*module, jit.target_machine(), req.options.opt_level, req.options.fastmath);
    if (req.keep_ir) out.llvm_ir = ir_text(*module);
    out.times.optimize = clock.lap();

    // 4. Machine code in the process, then the entry points. With the disk cache the
    // object code is made here (and stored), else by the JIT on first lookup.
    // Stored once it has linked here.
    if (disk) {
        std::string object = jit.emit_object(*module);
        look_up_entry_points(req, fn, jit.add_object(object), out);
        disk->store(object);
    } else {
        look_up_entry_points(req, fn, jit.add_module(std::move(module), std::move(ctx)), out);
    }
    out.times.codegen = clock.lap();
}

// A CUDA kernel for the CPU: the CPU pipeline with the kernel target. Not in the disk
// cache: its key does not tell this from the GPU build of the same specialization.
void compile_cuda_on_cpu(const Request& req, const types::TypedFunction& fn, Compiled& out, Stopwatch& clock) {
    auto ctx = std::make_unique<llvm::LLVMContext>();
    const bool reference = req.options.arch == kCudaOnCpuReferenceArch;
    auto target = cpu::make_kernel_target(req.options.arch == kCudaOnCpuCheckedArch, !reference,
                                          req.typer->decorator_of(req.def).debug);
    std::unique_ptr<llvm::Module> module = lower(*ctx, *target, req, fn);
    if (fn.role == types::FunctionRole::Kernel && !reference && !module->getFunction(cpu::kKernelExitSymbol))
        cpu::set_block_function(*module, fn.symbol, cpu::emit_block_function(*module, fn.symbol));
    cpu::probe_stack_frames(*module);
    out.times.lower = clock.lap();
    cpu::Jit& jit = cpu::Jit::instance();
    cpu::optimize_module(*module, jit.target_machine(), req.options.opt_level);
    if (req.keep_ir) out.llvm_ir = ir_text(*module);
    out.times.optimize = clock.lap();
    cpu::Jit::Handle handle = jit.add_module(std::move(module), std::move(ctx));
    look_up_entry_points(req, fn, handle, out);
    if (fn.role == types::FunctionRole::Kernel)
        out.kernel_info = jit.lookup(handle, cpu::kernel_info_symbol(fn.symbol));
    out.times.codegen = clock.lap();
}

// A tuple holding an Optional (Tuple(OptionalType(int64), int64)) has no C result layout yet:
// compiled callers take it, a call from outside is refused where the function is defined.
void refuse_unreadable_result(const Request& req, const types::TypedFunction& fn) {
    const types::Type* r = types::strip_optional(fn.return_type);
    if (req.artifact != Artifact::Entry || !r->is_tuple() || !types::holds_optional(r)) return;
    syntax::fail(fn.def->loc, fmt::format("'{}' returns {}, a tuple holding an Optional, which ujit cannot return to "
                                          "its caller yet (compiled callers may call it)",
                                          fn.def->name, fn.return_type->str()));
}

// The pipeline on the calling thread's stack (compile() gives it a large one).
Compiled compile_here(const Request& req) {
    Compiled out;
    Stopwatch clock;

    // 1. Types (the module was parsed and checked when it was loaded).
    const types::TypedFunction& fn =
        req.typer->specialize(req.def, req.args, target_kind(req.options), req.declared_return);
    out.typed = &fn;
    out.typed_ir = types::dump_types(*req.module, fn);
    out.times.type = clock.lap();
    refuse_unreadable_result(req, fn);

    if (req.options.target == Target::CUDA) out.cooperative = req.typer->cooperative(fn);  // coop: cuda.cg
    if (req.options.target == Target::CUDA &&
        (req.options.arch == kCudaOnCpuArch || req.options.arch == kCudaOnCpuCheckedArch ||
         req.options.arch == kCudaOnCpuReferenceArch))
        compile_cuda_on_cpu(req, fn, out, clock);
    else if (req.options.target == Target::CUDA) {
        out.link = req.typer->link_files(fn);
        compile_cuda(req, fn, out, clock);
    } else
        compile_cpu(req, fn, out, clock);
    return out;
}

std::string cpu_assembly_here(const Request& req) {
    const types::TypedFunction& fn =
        req.typer->specialize(req.def, req.args, types::TargetKind::CPU, req.declared_return);
    llvm::LLVMContext ctx;
    auto target = codegen::make_cpu_target(req.options.arch == kCpuCheckedArch);
    std::unique_ptr<llvm::Module> module = lower(ctx, *target, req, fn);
    cpu::Jit& jit = cpu::Jit::instance();
    cpu::optimize_module(*module, jit.target_machine(), req.options.opt_level, req.options.fastmath);
    return cpu::emit_assembly(*module, jit.object_machine());
}

}  // namespace

// Typing and lowering recurse through calls between functions: both run on a stack large
// enough for syntax::kMaxCallDepth levels, whatever thread asks (syntax/stack_budget.hpp).
Compiled compile(const Request& req) {
    Compiled out;
    syntax::run_on_compile_stack([&] { out = compile_here(req); });
    return out;
}

std::string cpu_assembly(const Request& req) {
    std::string out;
    syntax::run_on_compile_stack([&] { out = cpu_assembly_here(req); });
    return out;
}

}  // namespace ujit::pipeline
