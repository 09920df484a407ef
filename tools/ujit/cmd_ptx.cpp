// ujit ptx FILE FUNC [--sig S] [--arch sm_XX] [-O N]: the PTX of a CUDA specialization.
#include "commands.hpp"
#include "dump.hpp"

namespace ujit::cli {

int run_ptx(const ParsedArgs& args) {
    return print_dumps(
        args,
        [&](const ujit::Function& f) {
            ujit::Options o = dump_options(f, args);
            o.target = ujit::Target::CUDA;
            return o;
        },
        "//", [](const ujit::Specialization& s) { return s.ptx(); });
}

}  // namespace ujit::cli
