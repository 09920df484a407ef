#include "pipeline/device_link_files.hpp"

#include "cudalink/device_link.hpp"

#include <fmt/format.h>

namespace ujit::pipeline {

namespace {

std::vector<cudalink::LinkInput> inputs(const std::string& ptx, const std::string& name,
                                        const std::vector<types::LinkFile>& files) {
    std::vector<cudalink::LinkInput> in;
    in.push_back({cudalink::LinkKind::Ptx, ptx, fmt::format("<ujit kernel {}>", name)});
    for (const types::LinkFile& f : files)
        in.push_back(f.path.empty() ? cudalink::LinkInput{cudalink::LinkKind::Cu, f.source, "cusource.cu"}
                                    : cudalink::read_link_file(f.path));
    return in;
}

cudalink::LinkOptions options(const std::string& arch) {
    cudalink::LinkOptions o;
    o.arch = arch;
    return o;
}

}  // namespace

std::string link_device_code(const std::string& ptx, const std::string& name, const std::vector<types::LinkFile>& files,
                             const std::string& arch) {
    return cudalink::link_cubin(inputs(ptx, name, files), options(arch));
}

}  // namespace ujit::pipeline
