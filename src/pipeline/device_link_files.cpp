#include "pipeline/device_link_files.hpp"

#include "cudalink/device_link.hpp"
#include "cudalink/toolkit_libs.hpp"
#include "types/typed_function.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ujit::pipeline {

namespace {

// $UJIT_CUDA_LTO: "0" never links ujit's kernels with LTO, "always" links every kernel so
// (through libNVVM and nvJitLink even without link files: what tests of the path use), else
// kernels with a .cu or LTO-IR link file.
enum class LtoMode { Off, Auto, Always };
LtoMode lto_mode() {
    const char* e = std::getenv("UJIT_CUDA_LTO");
    if (e && std::strcmp(e, "0") == 0) return LtoMode::Off;
    if (e && std::strcmp(e, "always") == 0) return LtoMode::Always;
    return LtoMode::Auto;
}

// $UJIT_CUDA_LTO_LOG names a file that gets one line per link: the kernel, then "lto" or
// "ptx: WHY" (why ujit's kernel went into the link as PTX, so a call stayed a call: LTO
// turned off, no link file to inline, the writer's refusal, libNVVM's or the link's error).
void log_link(const Compiled& c, const std::string& how) {
    const char* path = std::getenv("UJIT_CUDA_LTO_LOG");
    if (!path || !*path) return;
    if (FILE* f = std::fopen(path, "a")) {
        std::fprintf(f, "%s\t%s\n", c.typed->symbol.c_str(), how.c_str());
        std::fclose(f);
    }
}

// ujit's kernel as the link's first input: NVVM IR (made LTO-IR by libNVVM as it is linked)
// or PTX.
std::vector<cudalink::LinkInput> inputs(const Compiled& c, bool nvvm) {
    std::vector<cudalink::LinkInput> in;
    std::string name = fmt::format("<ujit kernel {}>", c.typed->symbol);
    if (nvvm)
        in.push_back({cudalink::LinkKind::NvvmIr, c.nvvm_ir, name});
    else
        in.push_back({cudalink::LinkKind::Ptx, c.assembly, name});
    for (const types::LinkFile& f : c.link)
        in.push_back(f.path.empty() ? cudalink::LinkInput{cudalink::LinkKind::Cu, f.source, "cusource.cu"}
                                    : cudalink::read_link_file(f.path));
    // cuda.cg's cudaCGGetIntrinsicHandle and cudaCGSynchronize (cuda/cuda_grid_group.hpp)
    if (c.cooperative) in.push_back(cudalink::read_link_file(cudalink::cudadevrt_library()));
    return in;
}

cudalink::LinkOptions options(const Compiled& c, const std::string& arch) {
    cudalink::LinkOptions o;
    o.arch = arch;
    o.nvvm = c.nvvm_options;
    return o;
}

}  // namespace

bool needs_device_link(const Compiled& c) {
    return !c.link.empty() || c.cooperative || (lto_mode() == LtoMode::Always && !c.nvvm_options.empty());
}

bool links_with_lto(const std::vector<types::LinkFile>& link) {
    if (lto_mode() != LtoMode::Auto) return lto_mode() == LtoMode::Always;
    return std::any_of(link.begin(), link.end(), [](const types::LinkFile& f) {
        if (f.path.empty()) return true;  // cuda.CUSource
        // The kind by extension; the file was checked where it was given (types/link_file.hpp).
        cudalink::LinkKind kind = cudalink::link_kind_of(f.path);
        return kind == cudalink::LinkKind::Cu || kind == cudalink::LinkKind::LtoIr;
    });
}

std::string link_device_code(const Compiled& c, const std::string& arch) {
    std::string why = c.nvvm_refused;
    if (lto_mode() == LtoMode::Off)
        why = "UJIT_CUDA_LTO=0";
    else if (c.nvvm_options.empty())
        why = "no link file is CUDA C++ or LTO-IR";
    else if (!c.nvvm_ir.empty()) {
        try {  // a disk-cache hit loads neither libNVVM nor nvJitLink
            std::string cubin = cudalink::link_cubin(inputs(c, true), options(c, arch));
            log_link(c, "lto");
            return cubin;
        } catch (const Error& e) {
            // No libNVVM here, its LLVM 7 lacks something the module uses, or ptxas refuses what
            // it made: the PTX links as before (and a link file's own error is the PTX link's too).
            why = e.what();
        }
    }
    log_link(c, "ptx: " + why);
    return cudalink::link_cubin(inputs(c, false), options(c, arch));
}

}  // namespace ujit::pipeline
