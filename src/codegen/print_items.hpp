// print() of a tuple or list shows a str item as its repr(), quoted ("(1, 'a')", "['a']"), as
// Python's str() of the container does; Numba prints the boxed container. The other items
// print as themselves (FunctionLowering::print_piece).
#pragma once

#include "codegen/target.hpp"
#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <string>
#include <vector>

namespace ujit::codegen {

// Appends "%R" (cpu/helper_print) and the str's code points and length where `t` is str and
// the target prints through the CPU helper; returns false, appending nothing, otherwise.
bool print_str_as_repr(llvm::IRBuilder<>& b, Target& target, std::string& format, std::vector<llvm::Value*>& args,
                       llvm::Value* v, const types::Type* t);

}  // namespace ujit::codegen
