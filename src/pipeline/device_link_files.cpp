#include "pipeline/device_link_files.hpp"

#include "cudalink/device_link.hpp"
#include "cudalink/toolkit_libs.hpp"
#include "types/typed_function.hpp"

#include <fmt/format.h>

namespace ujit::pipeline {

namespace {

std::vector<cudalink::LinkInput> inputs(const Compiled& c) {
    std::vector<cudalink::LinkInput> in;
    in.push_back({cudalink::LinkKind::Ptx, c.assembly, fmt::format("<ujit kernel {}>", c.typed->symbol)});
    for (const types::LinkFile& f : c.link)
        in.push_back(f.path.empty() ? cudalink::LinkInput{cudalink::LinkKind::Cu, f.source, "cusource.cu"}
                                    : cudalink::read_link_file(f.path));
    // cuda.cg's cudaCGGetIntrinsicHandle and cudaCGSynchronize (cuda/cuda_grid_group.hpp)
    if (c.cooperative) in.push_back(cudalink::read_link_file(cudalink::cudadevrt_library()));
    return in;
}

cudalink::LinkOptions options(const std::string& arch) {
    cudalink::LinkOptions o;
    o.arch = arch;
    return o;
}

}  // namespace

bool needs_device_link(const Compiled& c) { return !c.link.empty() || c.cooperative; }

std::string link_device_code(const Compiled& c, const std::string& arch) {
    return cudalink::link_cubin(inputs(c), options(arch));
}

}  // namespace ujit::pipeline
