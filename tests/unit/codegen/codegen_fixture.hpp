// End-to-end helpers for the codegen tests: parse → ModuleTyper::specialize →
// lower_function / lower_ufunc_loop → llvm::verifyModule → cpu::optimize_module → cpu::Jit.
#pragma once

#include "codegen/abi.hpp"
#include "codegen/lower.hpp"
#include "cpu/helper_errors.hpp"
#include "cpu/jit.hpp"
#include "syntax/parser.hpp"
#include "types/infer.hpp"

#include <catch2/catch.hpp>

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ujit::codegen::test {

inline std::string ir_text(const llvm::Module& m) {
    std::string s;
    llvm::raw_string_ostream os(s);
    m.print(os, nullptr);
    return s;
}

inline void verify_or_fail(const llvm::Module& m) {
    std::string err;
    llvm::raw_string_ostream os(err);
    bool broken = llvm::verifyModule(m, &os);
    INFO(err << "\n" << ir_text(m));
    REQUIRE_FALSE(broken);
}

struct Built {
    std::unique_ptr<syntax::Module> module;
    std::unique_ptr<types::ModuleTyper> typer;
    const types::TypedFunction* fn = nullptr;
    std::string lowered_ir;    // before optimization
    std::string optimized_ir;  // after cpu::optimize_module
    void* entry = nullptr;     // <symbol> (or <symbol>$loop for ufuncs)
    void* packed = nullptr;    // <symbol>$packed
};

// Compiles `name` from `source` for `args` on the CPU. `ufunc`: build the ufunc loop.
inline Built build(const std::string& source, const std::string& name, std::vector<const types::Type*> args,
                   bool ufunc = false, const types::Type* declared_return = nullptr) {
    Built out;
    auto file = std::make_shared<syntax::SourceFile>("test.py", source);
    out.module = syntax::parse_module(file);
    out.typer = std::make_unique<types::ModuleTyper>(*out.module);
    out.typer->check_module();
    const syntax::FunctionDef* def = out.module->find_function(name);
    REQUIRE(def);
    out.fn = &out.typer->specialize(def, args, types::TargetKind::CPU, declared_return);

    auto ctx = std::make_unique<llvm::LLVMContext>();
    auto target = make_cpu_target();
    std::unique_ptr<llvm::Module> m = ufunc ? lower_ufunc_loop(*ctx, *target, *out.module, *out.fn)
                                            : lower_function(*ctx, *target, *out.module, *out.fn);
    out.lowered_ir = ir_text(*m);
    verify_or_fail(*m);
    cpu::Jit& jit = cpu::Jit::instance();
    cpu::optimize_module(*m, jit.target_machine(), 2);
    verify_or_fail(*m);
    out.optimized_ir = ir_text(*m);
    auto handle = jit.add_module(std::move(m), std::move(ctx));
    if (ufunc) {
        out.entry = jit.lookup(handle, loop_symbol(out.fn->symbol));
    } else {
        out.entry = jit.lookup(handle, out.fn->symbol);
        out.packed = jit.lookup(handle, packed_symbol(out.fn->symbol));
    }
    REQUIRE(out.entry);
    return out;
}

template <class Fn> Fn as(void* p) { return reinterpret_cast<Fn>(p); }

// Runs `f` under the CPU error guard; returns the error text ("" when none was raised).
inline std::string raised(const std::function<void()>& f) {
    cpu::RuntimeErrorInfo err;
    if (cpu::guarded_call(f, err)) return "";
    return err.str();
}

}  // namespace ujit::codegen::test
