// LLVM intrinsics for both targets: one helper to call them (shared by the lowering and the
// CPU math), and builtins.def's Intrinsic column as intrinsic ids.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

#include <vector>

namespace ujit::codegen {

// Calls the intrinsic `id` overloaded on the type of the first argument (llvm.sqrt.f32).
llvm::Value* intrinsic(llvm::IRBuilder<>& b, llvm::Intrinsic::ID id, const std::vector<llvm::Value*>& args);

// llvm.<Intrinsic> of builtin `id` (builtins.def), or Intrinsic::not_intrinsic.
llvm::Intrinsic::ID builtin_intrinsic(types::BuiltinId id);

}  // namespace ujit::codegen
