// @cuda.jit(launch_bounds=...) in the kernel's NVVM annotations, which the NVPTX back end
// prints as the PTX directives .maxntid, .minnctapersm and .maxclusterrank.
#pragma once

#include "syntax/ast.hpp"

#include <llvm/IR/Function.h>

namespace ujit::codegen {

// Annotates kernel `f` (of `def`) when its module is for NVPTX and its decorator gives bounds.
void annotate_launch_bounds(llvm::Function& f, const syntax::FunctionDef& def);

}  // namespace ujit::codegen
