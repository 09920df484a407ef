// cuda.libdevice.NAME(args) (typed by types/infer_libdevice.cpp) as LLVM IR.
#pragma once

#include "types/builtins.hpp"
#include "types/libdevice_table.hpp"

#include <llvm/IR/IRBuilder.h>

#include <functional>
#include <string>
#include <vector>

namespace ujit::codegen {

struct LibdeviceLowering {
    llvm::IRBuilder<>& b;
    std::function<llvm::AllocaInst*(llvm::Type*, const std::string&)> slot;  // an entry-block alloca
    // The math builtin `id` of the target on operands of float type `ty` (FunctionLowering::math)
    std::function<llvm::Value*(types::BuiltinId, std::vector<llvm::Value*>, const types::Type*)> math;
    std::function<void(const std::string&)> unsupported;  // a located error at the call; throws
};

// The call's value (`result`: its type, libdevice's result then its out parameters) of
// `args`, already converted to the function's parameter types.
llvm::Value* lower_libdevice_call(const LibdeviceLowering& L, const types::LibdeviceFunction& f,
                                  const std::vector<llvm::Value*>& args, const types::Type* result);

}  // namespace ujit::codegen
