// Device code a CUDA kernel is linked with (@cuda.jit(link=[...]), cuda.declare_device(...,
// link=[...])): a file, or CUDA C++ text given in memory (cuda.CUSource).
#pragma once

#include <string>

namespace ujit::types {

struct LinkFile {
    std::string path;    // .cu, .ptx, .cubin, .fatbin, .o, .a or .ltoir; empty for in-memory text
    std::string source;  // cuda.CUSource's CUDA C++ (path empty)
    bool operator==(const LinkFile& o) const { return path == o.path && source == o.source; }
};

}  // namespace ujit::types
