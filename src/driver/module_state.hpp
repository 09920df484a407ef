// What a ujit::Module handle shares: the parsed source, its typer, and the cache of
// compiled specializations (one entry per function, argument types, target and options;
// concurrent callers of the same specialization compile it once).
#pragma once

#include "driver/compile.hpp"
#include "syntax/ast.hpp"
#include "types/infer.hpp"
#include "ujit/ujit.hpp"

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace ujit::detail {

struct SpecKey {
    const syntax::FunctionDef* def;
    std::vector<const types::Type*> args;
    const types::Type* declared_return;
    Target target;
    std::string arch;
    int opt_level;
    bool fastmath;
    driver::Artifact artifact;
    bool operator<(const SpecKey& o) const {
        return std::tie(def, args, declared_return, target, arch, opt_level, fastmath, artifact) <
               std::tie(o.def, o.args, o.declared_return, o.target, o.arch, o.opt_level, o.fastmath, o.artifact);
    }
};

struct SpecState {
    std::shared_ptr<ModuleState> module;  // keeps the source alive
    driver::Request request;              // to re-run for dumps (asm)
    driver::Compiled compiled;
    std::string signature;                // "float64(float64, float64)"
};

struct ModuleState : std::enable_shared_from_this<ModuleState> {
    syntax::SourceFilePtr file;
    std::unique_ptr<syntax::Module> ast;
    std::unique_ptr<types::ModuleTyper> typer;
    std::mutex typer_mutex;  // the typer is not thread-safe; compiles hold it while typing

    // Specialization cache with once-only compilation per key.
    std::mutex cache_mutex;
    std::condition_variable cache_cv;
    std::map<SpecKey, std::shared_ptr<SpecState>> cache;
    std::map<SpecKey, bool> in_flight;

    // Returns the cached specialization or compiles it (exactly once per key).
    std::shared_ptr<SpecState> get_or_compile(const SpecKey& key, bool keep_ir);
};

// Turns a compiler CompileError into ujit::Error with the clang-style rendering.
[[noreturn]] void rethrow_compile_error(const ModuleState& m, const std::exception_ptr& e);

}  // namespace ujit::detail
