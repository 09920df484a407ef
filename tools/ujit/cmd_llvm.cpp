// ujit llvm FILE FUNC [--sig S] [--target cpu|cuda] [-O N] [--arch SM]: optimized LLVM IR.
#include "commands.hpp"
#include "dump.hpp"

namespace ujit::cli {

int run_llvm(const ParsedArgs& args) {
    return print_dumps(
        args, [&](const ujit::Function& f) { return dump_options(f, args); }, ";",
        [](const ujit::Specialization& s) { return s.llvm_ir(); });
}

}  // namespace ujit::cli
