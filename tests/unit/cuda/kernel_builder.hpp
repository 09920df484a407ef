// Builds small LLVM kernels through codegen::Target's CUDA hooks, the way the shared
// lowering will, without depending on parsing or type inference.
#pragma once

#include "codegen/target.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string>
#include <vector>

namespace ujit::test {

struct KernelBuilder {
    llvm::LLVMContext ctx;
    std::unique_ptr<codegen::Target> target;
    std::unique_ptr<llvm::Module> module;
    llvm::Function* fn = nullptr;
    llvm::IRBuilder<> b{ctx};

    // A function `void name(ptr, ...)` with `pointers` pointer parameters and an entry
    // block; the builder at its end.
    KernelBuilder(const std::string& name, unsigned pointers, const std::string& arch = "sm_80")
        : target(codegen::make_cuda_target(arch)), module(std::make_unique<llvm::Module>(name, ctx)) {
        target->configure_module(*module);
        std::vector<llvm::Type*> params(pointers, llvm::PointerType::get(ctx, 0));
        auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), params, false);
        fn = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, name, module.get());
        b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", fn));
    }

    llvm::Type* f32() { return b.getFloatTy(); }
    llvm::Type* f64() { return b.getDoubleTy(); }
    llvm::Type* ptr() { return b.getPtrTy(); }

    llvm::Value* builtin(types::BuiltinId id, std::vector<llvm::Value*> args = {}) {
        return target->emit_cuda_builtin(b, id, args, {}, nullptr);
    }
    llvm::Value* math(types::BuiltinId id, std::vector<llvm::Value*> args) {
        return target->emit_math(b, id, args, nullptr);
    }
    // &base[index] for elements of type t.
    llvm::Value* element(llvm::Type* t, llvm::Value* base, llvm::Value* index) { return b.CreateGEP(t, base, {index}); }

    // Closes the function (ret void), marks it a kernel and verifies the module.
    std::string finish_kernel() {
        b.CreateRetVoid();
        target->mark_entry(*fn, types::FunctionRole::Kernel);
        return verify();
    }
    std::string verify() {
        std::string msg;
        llvm::raw_string_ostream os(msg);
        llvm::verifyModule(*module, &os);
        return msg;
    }
    std::string ir() {
        std::string s;
        llvm::raw_string_ostream os(s);
        module->print(os, nullptr);
        return s;
    }
};

}  // namespace ujit::test
