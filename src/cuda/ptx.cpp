#include "cuda/ptx.hpp"

#include "cuda/libdevice.hpp"
#include "cuda/nvptx_loop_hints.hpp"
#include "cuda/nvptx_machine.hpp"
#include "cuda/nvptx_math_intrinsics.hpp"
#include "syntax/internal_error.hpp"
#include "ujit/ujit.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringSet.h>
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/IPO/Internalize.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

namespace ujit::cuda {

namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The module's own external definitions: what the caller asked for by name.
llvm::StringSet<> entry_points(const llvm::Module& m) {
    llvm::StringSet<> names;
    for (const llvm::Function& f : m)
        if (!f.isDeclaration() && f.hasExternalLinkage()) names.insert(f.getName());
    // And the globals the host reads by name (a debug kernel's raise record, kernel_raise.hpp).
    for (const llvm::GlobalVariable& g : m.globals())
        if (!g.isDeclaration() && g.hasExternalLinkage()) names.insert(g.getName());
    return names;
}

void verify(const llvm::Module& m, const char* when) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    if (llvm::verifyModule(m, &os)) syntax::internal_error({}, fmt::format("invalid LLVM IR {}: {}", when, msg));
}

llvm::OptimizationLevel pass_level(int opt_level) {
    switch (opt_level) {
    case 0: return llvm::OptimizationLevel::O0;
    case 1: return llvm::OptimizationLevel::O1;
    case 2: return llvm::OptimizationLevel::O2;
    default: return llvm::OptimizationLevel::O3;
    }
}

// The new-pass-manager pipeline with the NVPTX machine's own callbacks (they add
// NVVMReflect, which resolves libdevice's __nvvm_reflect("__CUDA_FTZ") / arch checks).
void optimize(llvm::Module& m, llvm::TargetMachine& tm, int opt_level) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(&tm);
    tm.registerPassBuilderCallbacks(pb);
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::OptimizationLevel level = pass_level(opt_level);
    llvm::ModulePassManager mpm = level == llvm::OptimizationLevel::O0 ? pb.buildO0DefaultPipeline(level)
                                                                       : pb.buildPerModuleDefaultPipeline(level);
    mpm.addPass(llvm::GlobalDCEPass());  // O0 keeps unused internal functions otherwise
    mpm.run(m, mam);
}

std::string emit_ptx_text(llvm::Module& m, llvm::TargetMachine& tm) {
    llvm::SmallString<0> out;
    llvm::raw_svector_ostream os(out);
    llvm::legacy::PassManager pm;
    if (tm.addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::AssemblyFile))
        throw Error(Error::Kind::Internal, "error: the NVPTX back end cannot emit PTX");
    pm.run(m);
    return std::string(out.str());
}

// DWARF sections (@cuda.jit(debug=True)) hold label differences, which ptxas accepts from PTX
// ISA 7.5 on: such a module asks for at least that version.
int min_ptx_isa_for_debug_info(const llvm::Module& m) {
    for (const llvm::DICompileUnit* cu : m.debug_compile_units())
        if (cu->getEmissionKind() == llvm::DICompileUnit::FullDebug) return 75;
    return 0;
}

void mark_fastmath(llvm::Module& m) {
    for (llvm::Function& f : m) {
        if (f.isDeclaration()) continue;
        f.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
        f.addFnAttr("unsafe-fp-math", "true");
    }
}

constexpr int kTanhPtxIsa = 70;  // tanh.approx.f32 (lower_tanh_approx) needs PTX ISA 7.0

// libdevice's sqrtf, hypotf, normf, norm3df, norm4df and jnf ask __nvvm_reflect("__CUDA_PREC_SQRT")
// whether to round sqrt correctly; LLVM 19's NVVMReflect knows only __CUDA_FTZ and __CUDA_ARCH
// and answers 0, which made them use sqrt.approx (math.hypot on float32 a unit in the last place
// off NumPy). NVVM answers 1 unless fastmath asks -prec-sqrt=0, as numba-cuda's fastmath does.
void answer_prec_sqrt_reflect(llvm::Module& m, bool precise) {
    llvm::Function* reflect = m.getFunction("__nvvm_reflect");
    if (!reflect) return;
    std::vector<llvm::CallInst*> answered;
    for (llvm::User* u : reflect->users()) {
        auto* call = llvm::dyn_cast<llvm::CallInst>(u);
        if (!call || call->getCalledFunction() != reflect || call->arg_size() != 1) continue;
        auto* name = llvm::dyn_cast<llvm::GlobalVariable>(call->getArgOperand(0)->stripPointerCasts());
        auto* text = name && name->hasInitializer()
                         ? llvm::dyn_cast<llvm::ConstantDataSequential>(name->getInitializer())
                         : nullptr;
        if (text && text->isCString() && text->getAsCString() == "__CUDA_PREC_SQRT") answered.push_back(call);
    }
    for (llvm::CallInst* call : answered) {
        call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), precise ? 1 : 0));
        call->eraseFromParent();
    }
}

}  // namespace

PtxResult emit_ptx(llvm::Module& m, const PtxOptions& options, bool keep_ir) {
    PtxResult result;
    auto t0 = std::chrono::steady_clock::now();
    std::unique_ptr<llvm::TargetMachine> tm =
        make_nvptx_machine(options.arch, options.opt_level, options.fastmath, min_ptx_isa_for_debug_info(m));
    m.setTargetTriple(kNvptxTriple);
    m.setDataLayout(tm->createDataLayout());
    verify(m, "from codegen");

    llvm::StringSet<> keep = entry_points(m);
    replace_math_intrinsics(m);
    if (options.fastmath) use_fast_libdevice_variants(m, options.arch);
    auto link_start = std::chrono::steady_clock::now();
    link_libdevice(m, options.libdevice_path);
    result.link_ms = ms_since(link_start);
    answer_prec_sqrt_reflect(m, !options.fastmath);
    if (lower_tanh_approx(m, options.arch) && ptx_isa_version(options.arch) < kTanhPtxIsa)
        tm = make_nvptx_machine(options.arch, options.opt_level, options.fastmath,
                                std::max(kTanhPtxIsa, min_ptx_isa_for_debug_info(m)));
    llvm::internalizeModule(m, [&](const llvm::GlobalValue& gv) { return keep.contains(gv.getName()); });
    // libdevice asks __nvvm_reflect("__CUDA_FTZ"); NVVMReflect answers from this flag.
    m.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", options.fastmath ? 1 : 0);
    if (options.fastmath) mark_fastmath(m);
    leave_runtime_unrolling_to_ptxas(m);

    optimize(m, *tm, options.opt_level);
    if (std::string missing = unresolved_libdevice_call(m); !missing.empty())
        syntax::internal_error({}, fmt::format("libdevice does not define '{}'", missing));  // a wrong Libdevice name
    if (std::string bad = unselectable_math_intrinsic(m); !bad.empty())
        syntax::internal_error({}, fmt::format("the NVPTX back end cannot lower '{}'", bad));
    verify(m, "after optimization");
    if (keep_ir) {
        llvm::raw_string_ostream os(result.optimized_ir);
        m.print(os, nullptr);
    }
    // Before NVPTX's codegen passes, which rewrite the module in place.
    if (options.nvvm_ir) result.nvvm = write_nvvm_ir(m);
    result.optimize_ms = ms_since(t0);

    auto t1 = std::chrono::steady_clock::now();
    result.ptx = emit_ptx_text(m, *tm);
    result.codegen_ms = ms_since(t1);
    return result;
}

}  // namespace ujit::cuda
