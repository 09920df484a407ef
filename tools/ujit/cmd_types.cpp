// ujit types FILE FUNC [--sig S]: the annotated source of the typed function.
#include "commands.hpp"
#include "dump.hpp"

namespace ujit::cli {

int run_types(const ParsedArgs& args) {
    return print_dumps(
        args,
        [](const ujit::Function& f) {
            ujit::Options o;
        // Typing depends on the target (CUDA names exist only there).
            o.target = f.declared_target() == ujit::Target::CUDA ? ujit::Target::CUDA : ujit::Target::CPU;
            return o;
        },
        "#", [](const ujit::Specialization& s) { return s.typed_ir(); });
}

}  // namespace ujit::cli
