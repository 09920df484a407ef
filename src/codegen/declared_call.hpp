// The call of a cuda.declare_device function (types/declared_device.hpp): a declaration of
// the CUDA C++ symbol in the module and a call of it, with Numba's ABI
//     i32 @sym(ptr %ret, args...)      extern "C" __device__ int sym(T* ret, args...)
// or the C ABI (abi="c")
//     T @sym(args...)                  extern "C" __device__ T sym(args...)
// Small integers and bools are extended as C passes them (bool as an 8-bit 0/1), so any
// C++ compiler's definition matches. The symbol resolves when the kernel is linked with its
// link= files (pipeline/device_link_files.cpp).
#pragma once

#include "syntax/ast.hpp"
#include "types/typed_function.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::codegen {

// `ret_slot`: an alloca of the result's value type in the entry block (Numba's ABI with a
// result), else null. `caller` names the function being lowered, for the error a
// non-NVPTX module gets (a kernel run on the CPU cannot call CUDA C++).
llvm::Value* emit_declared_call(llvm::IRBuilder<>& b, const types::TypedFunction& callee,
                                const std::vector<llvm::Value*>& args, llvm::AllocaInst* ret_slot,
                                syntax::SourceLoc loc, const std::string& caller);

}  // namespace ujit::codegen
