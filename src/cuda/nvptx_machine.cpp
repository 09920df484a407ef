#include "cuda/nvptx_machine.hpp"

#include "ujit/ujit.hpp"

#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/TargetSelect.h>

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <utility>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

namespace ujit::cuda {

namespace {

// Architectures LLVM 19 targets, with the first PTX ISA version that supports each
// (PTX ISA manual, "Release Notes").
constexpr std::pair<const char*, int> kArchPtx[] = {
    {"sm_60", 50}, {"sm_61", 50}, {"sm_62", 50}, {"sm_70", 60}, {"sm_72", 61}, {"sm_75", 63},
    {"sm_80", 70}, {"sm_86", 71}, {"sm_87", 74}, {"sm_89", 78}, {"sm_90", 78}, {"sm_90a", 80},
};

const llvm::Target& nvptx_target() {
    static std::once_flag once;
    std::call_once(once, [] {
        LLVMInitializeNVPTXTargetInfo();
        LLVMInitializeNVPTXTarget();
        LLVMInitializeNVPTXTargetMC();
        LLVMInitializeNVPTXAsmPrinter();
    });
    std::string err;
    const llvm::Target* t = llvm::TargetRegistry::lookupTarget(kNvptxTriple, err);
    if (!t) throw Error(Error::Kind::Internal, "error: LLVM has no NVPTX back end: " + err);
    return *t;
}

std::string supported_list() {
    std::string s;
    for (auto& [name, ptx] : kArchPtx) s += (s.empty() ? "" : ", ") + std::string(name);
    return s;
}

}  // namespace

int ptx_isa_version(const std::string& arch) {
    for (auto& [name, ptx] : kArchPtx)
        if (arch == name) return ptx;
    throw Error(Error::Kind::Argument,
                fmt::format("error: unsupported CUDA architecture '{}' (supported: {})", arch, supported_list()));
}

std::unique_ptr<llvm::TargetMachine> make_nvptx_machine(const std::string& arch, int opt_level, bool fastmath,
                                                        int min_ptx_isa) {
    std::string features = fmt::format("+ptx{}", std::max(ptx_isa_version(arch), min_ptx_isa));
    llvm::TargetOptions options;
    // Like Numba's fastmath on CUDA: approximate div/sqrt (and ftz, via nvvm-reflect-ftz);
    // NaNs and infinities keep their meaning, so isnan() still works.
    options.UnsafeFPMath = fastmath;
    // NVVM's default (-fma=1), which Numba keeps without fastmath: a * b + c may become one
    // fma and ptxas may fuse further (PTX add.f32, not add.rn.f32). The CPU target does not
    // contract, so GPU results can differ from CPU ones in the last bits, as with Numba.
    options.AllowFPOpFusion = llvm::FPOpFusion::Fast;
    auto level = opt_level <= 0   ? llvm::CodeGenOptLevel::None
                 : opt_level == 1 ? llvm::CodeGenOptLevel::Less
                 : opt_level == 2 ? llvm::CodeGenOptLevel::Default
                                  : llvm::CodeGenOptLevel::Aggressive;
    std::unique_ptr<llvm::TargetMachine> tm(
        nvptx_target().createTargetMachine(kNvptxTriple, arch, features, options, std::nullopt, std::nullopt, level));
    if (!tm) throw Error(Error::Kind::Internal, "error: cannot create the NVPTX target machine for " + arch);
    return tm;
}

const std::string& nvptx_data_layout() {
    static const std::string layout =
        make_nvptx_machine("sm_80", 0, false)->createDataLayout().getStringRepresentation();
    return layout;
}

}  // namespace ujit::cuda
