// Tiny hand-built LLVM modules for the CPU back-end tests (no type inference or lowering
// involved): a fresh context and module configured for the host, one function at a time.
#pragma once

#include "codegen/target.hpp"
#include "cpu/jit.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace ujit::cpu::test {

struct TestModule {
    std::unique_ptr<llvm::LLVMContext> ctx = std::make_unique<llvm::LLVMContext>();
    std::unique_ptr<llvm::Module> module;
    std::unique_ptr<codegen::Target> target = codegen::make_cpu_target();

    explicit TestModule(const std::string& name = "test") {
        module = std::make_unique<llvm::Module>(name, *ctx);
        target->configure_module(*module);
    }

    // Defines `name` of `type`; `body` fills the entry block (and returns).
    llvm::Function* define(const std::string& name, llvm::FunctionType* type,
                           const std::function<void(llvm::IRBuilder<>&, llvm::Function&)>& body) {
        auto* f = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, *module);
        llvm::IRBuilder<> b(llvm::BasicBlock::Create(*ctx, "entry", f));
        body(b, *f);
        target->mark_entry(*f, types::FunctionRole::Scalar);
        return f;
    }

    std::string ir() const {
        std::string s;
        llvm::raw_string_ostream os(s);
        module->print(os, nullptr);
        return s;
    }

    void verify() const {
        std::string s;
        llvm::raw_string_ostream os(s);
        if (llvm::verifyModule(*module, &os)) throw std::runtime_error("invalid test module: " + s);
    }

    // Optimizes (opt_level >= 0), hands the module to the JIT and returns it.
    Jit::Handle jit(int opt_level = 2) {
        verify();
        Jit& j = Jit::instance();
        if (opt_level >= 0) optimize_module(*module, j.target_machine(), opt_level);
        return j.add_module(std::move(module), std::move(ctx));
    }

    llvm::Type* f64() { return llvm::Type::getDoubleTy(*ctx); }
    llvm::Type* f32() { return llvm::Type::getFloatTy(*ctx); }
    llvm::Type* i64() { return llvm::Type::getInt64Ty(*ctx); }
    llvm::Type* ptr() { return llvm::PointerType::get(*ctx, 0); }
    llvm::Type* void_() { return llvm::Type::getVoidTy(*ctx); }
};

template <class Fn> Fn lookup_fn(Jit::Handle h, const std::string& name) {
    return reinterpret_cast<Fn>(Jit::instance().lookup(h, name));
}

}  // namespace ujit::cpu::test
