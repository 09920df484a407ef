#include "cpu/optimize.hpp"

#include "codegen/refcount_pass.hpp"
#include "cpu/libmvec.hpp"

#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Operator.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/DynamicLibrary.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace ujit::cpu {

bool libmvec_available() {
    // Loaded into the process (RTLD_GLOBAL) so the JIT's process symbol search finds the
    // vector variants the loop vectorizer calls.
    static const bool loaded = !llvm::sys::DynamicLibrary::LoadLibraryPermanently("libmvec.so.1");
    return loaded;
}

namespace {

llvm::OptimizationLevel level_for(int opt_level) {
    switch (opt_level <= 0 ? 0 : opt_level >= 3 ? 3 : opt_level) {
    case 0: return llvm::OptimizationLevel::O0;
    case 1: return llvm::OptimizationLevel::O1;
    case 2: return llvm::OptimizationLevel::O2;
    default: return llvm::OptimizationLevel::O3;
    }
}

void configure(llvm::Module& m, llvm::TargetMachine& tm) {
    if (m.getTargetTriple().empty()) m.setTargetTriple(tm.getTargetTriple().str());
    if (m.getDataLayout().isDefault()) m.setDataLayout(tm.createDataLayout());
}

// libm calls the vectorizer may widen: with libmvec, `erf` in a loop becomes `_ZGVdN4v_erf`
// (glibc's vector variants, within 2 ulp of its scalar libm; libmvec.cpp). Built once per thread
// and triple: the table of library functions costs a noticeable part of a small compile.
const llvm::TargetLibraryInfoImpl& library_info(const std::string& triple_name) {
    thread_local std::string cached_triple;
    thread_local std::unique_ptr<llvm::TargetLibraryInfoImpl> cached;
    if (!cached || cached_triple != triple_name) {
        llvm::Triple triple(triple_name);
        cached = std::make_unique<llvm::TargetLibraryInfoImpl>(triple);
        if (libmvec_available() && triple.getArch() == llvm::Triple::x86_64) {
            add_vector_math(*cached);
        }
        cached_triple = triple_name;
    }
    return *cached;
}

// Numba's fastmath=True: LLVM's `fast` flags on every floating-point operation (and math
// call), so division by an invariant becomes a multiply, sums reassociate and vectorize.
// The vector math table (libmvec.cpp) stays the same: accuracy within 2 ulp either way.
void mark_fast(llvm::Module& m) {
    for (llvm::Function& f : m)
        for (llvm::BasicBlock& bb : f)
            for (llvm::Instruction& i : bb)
                if (llvm::isa<llvm::FPMathOperator>(i)) i.setFast(true);
}

}  // namespace

void optimize_module(llvm::Module& m, llvm::TargetMachine& tm, int opt_level, bool fastmath) {
    configure(m, tm);
    if (fastmath) mark_fast(m);
    llvm::OptimizationLevel level = level_for(opt_level);

    llvm::PipelineTuningOptions tuning;
    tuning.LoopVectorization = opt_level >= 2;
    tuning.SLPVectorization = opt_level >= 2;
    tuning.LoopUnrolling = opt_level >= 2;
    tuning.LoopInterleaving = opt_level >= 2;

    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(&tm, tuning);  // registers the target's TTI (cost model)

    fam.registerPass([&] { return llvm::TargetLibraryAnalysis(library_info(m.getTargetTriple())); });
    pb.registerPeepholeEPCallback(
        [](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) { fpm.addPass(codegen::DropNullRefcountsPass()); });

    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);

    llvm::ModulePassManager mpm = level == llvm::OptimizationLevel::O0 ? pb.buildO0DefaultPipeline(level)
                                                                       : pb.buildPerModuleDefaultPipeline(level);
    mpm.run(m, mam);
    // After inlining and simplification, the count updates are SSA values the pruning can
    // pair; lowered here at every level (the markers are no symbols the JIT can link).
    codegen::lower_refcounts(m);
}

std::string emit_assembly(llvm::Module& m, llvm::TargetMachine& tm) {
    std::unique_ptr<llvm::Module> copy = llvm::CloneModule(m);
    configure(*copy, tm);
    llvm::SmallString<0> text;
    llvm::raw_svector_ostream out(text);
    llvm::legacy::PassManager pm;  // `tm` belongs to this thread (Jit::target_machine)
    if (tm.addPassesToEmitFile(pm, out, nullptr, llvm::CodeGenFileType::AssemblyFile))
        throw std::runtime_error("ujit: the target cannot emit assembly");
    pm.run(*copy);
    return std::string(text.str());
}

}  // namespace ujit::cpu
