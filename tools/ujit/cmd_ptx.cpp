// ujit ptx FILE FUNC [--sig S] [--arch sm_XX] [-O N] [--cubin OUT]: the PTX of a CUDA
// specialization, or with --cubin the cubin nvJitLink links of it and its link= files (and of
// CUDA's device runtime for a kernel that synchronizes its grid, cuda.cg).
#include "commands.hpp"
#include "dump.hpp"

#include <fmt/format.h>

#include <fstream>

namespace ujit::cli {

int run_ptx(const ParsedArgs& args) {
    std::optional<std::string> cubin_path = args.get("--cubin");
    int written = 0;
    return print_dumps(
        args,
        [&](const ujit::Function& f) {
            ujit::Options o = dump_options(f, args);
            o.target = ujit::Target::CUDA;
            return o;
        },
        "//",
        [&](const ujit::Specialization& s) {
            if (!cubin_path) return s.ptx();
            if (written++) throw UsageError("--cubin writes one signature's cubin: choose it with --sig");
            std::string cubin = s.linked_cubin();
            std::ofstream out(*cubin_path, std::ios::binary);
            if (!out.write(cubin.data(), std::streamsize(cubin.size())))
                throw UsageError("cannot write '" + *cubin_path + "'");
            return fmt::format("// wrote {} ({} bytes): {} linked with its link= files{}", *cubin_path, cubin.size(),
                               s.signature(), s.cooperative() ? " and CUDA's device runtime (cuda.cg)" : "");
        });
}

}  // namespace ujit::cli
