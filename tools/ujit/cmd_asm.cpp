// ujit asm FILE FUNC [--sig S] [-O N]: the x86-64 assembly of a CPU specialization.
#include "commands.hpp"
#include "dump.hpp"

namespace ujit::cli {

int run_asm(const ParsedArgs& args) {
    return print_dumps(
        args,
        [&](const ujit::Function& f) {
            ujit::Options o = dump_options(f, args);
            if (o.target == ujit::Target::CUDA)
                throw UsageError("'" + f.name() + "' is a CUDA function: use 'ujit ptx' for its assembly");
            return o;
        },
        "#", [](const ujit::Specialization& s) { return s.assembly(); });
}

}  // namespace ujit::cli
