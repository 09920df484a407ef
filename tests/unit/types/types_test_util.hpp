// Helpers shared by the [types] tests: parse a module, type a function, capture errors.
#pragma once

#include <catch2/catch.hpp>

#include "support/source_dir.hpp"
#include "syntax/parser.hpp"
#include "types/infer.hpp"
#include "types/rules.hpp"

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace ujit::types::test {

struct Typed {
    std::unique_ptr<syntax::Module> module;
    std::unique_ptr<ModuleTyper> typer;

    const syntax::FunctionDef* fn(const std::string& name) const {
        auto* f = module->find_function(name);
        REQUIRE(f != nullptr);
        return f;
    }
    const TypedFunction& specialize(const std::string& name, std::vector<const Type*> args,
                                    TargetKind target = TargetKind::CPU, const Type* ret = nullptr) {
        return typer->specialize(fn(name), args, target, ret);
    }
    const Decorator& decorator(const std::string& name) const { return typer->decorator_of(fn(name)); }
};

inline Typed load(const std::string& text, const std::string& file = "t.py") {
    Typed t;
    t.module = syntax::parse_module(std::make_shared<syntax::SourceFile>(file, text));
    t.typer = std::make_unique<ModuleTyper>(*t.module);
    t.typer->check_module();
    return t;
}

inline std::string read_example(const std::string& name) {
    std::ifstream in(ujit::test::source_dir() + "/lang/examples/" + name);
    REQUIRE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline const Type* var(const TypedFunction& f, const std::string& name) {
    const Variable* v = f.find_variable(name);
    REQUIRE(v != nullptr);
    return v->type;
}

struct Error {
    uint32_t line = 0, col = 0;
    std::string message;
};

// The CompileError that `fn` must throw.
template <class F> Error error_of(F&& fn) {
    try {
        fn();
    } catch (const syntax::CompileError& e) {
        return {e.diagnostic().loc.line, e.diagnostic().loc.col, e.diagnostic().message};
    }
    FAIL("expected a CompileError");
    return {};
}

// The error from typing function `name` of `text` for `args` (or from loading the module).
inline Error type_error(const std::string& text, const std::string& name, std::vector<const Type*> args,
                        TargetKind target = TargetKind::CPU) {
    return error_of([&] {
        Typed t = load(text);
        t.specialize(name, args, target);
    });
}

}  // namespace ujit::types::test
