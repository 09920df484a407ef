// What a ujit::Module handle shares: the parsed source, its typer, and the cache of
// compiled specializations (one entry per function, argument types, target, arch and
// options; concurrent callers of the same specialization compile it once). The source
// text is the module's own and ujit's and LLVM's versions are the process's, so the key
// covers all of them. Across processes and modules, the disk cache (cache/) keys the
// same specialization by the source text's hash instead.
#pragma once

#include "pipeline/call_cache.hpp"
#include "pipeline/coded_launch_cache.hpp"
#include "pipeline/compile.hpp"
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
    pipeline::Artifact artifact;
    // GufuncLoop: the core table baked in as constants (pipeline::Request::gufunc_core).
    std::vector<int64_t> gufunc_core = {};
    bool operator<(const SpecKey& o) const {
        return std::tie(def, args, declared_return, target, arch, opt_level, fastmath, artifact, gufunc_core) <
               std::tie(o.def, o.args, o.declared_return, o.target, o.arch, o.opt_level, o.fastmath, o.artifact,
                        o.gufunc_core);
    }
};

struct SpecState {
    // The module owns its specializations (ModuleState::cache); handles given out share
    // ownership of the module instead (aliasing shared_ptr), so there is no cycle.
    ModuleState* module = nullptr;
    pipeline::Request request;              // to re-run for dumps (asm)
    pipeline::Compiled compiled;
    std::string signature;                // "float64(float64, float64)"

    // CUDA: the PTX loaded per device ordinal (a cuda::LoadedKernel, type-erased so the
    // CPU-only parts of the driver need not see the CUDA runtime's header).
    std::mutex gpu_mutex;
    std::map<int, std::shared_ptr<void>> gpu_kernels;
};

struct ModuleState : std::enable_shared_from_this<ModuleState> {
    syntax::SourceFilePtr file;
    std::unique_ptr<syntax::Module> ast;
    std::unique_ptr<types::ModuleTyper> typer;
    std::string source_hash;  // of the source text: the disk cache's key (driver/disk_artifact.hpp)
    std::mutex typer_mutex;  // the typer is not thread-safe; compiles hold it while typing

    // Specialization cache with once-only compilation per key.
    std::mutex cache_mutex;
    std::condition_variable cache_cv;
    std::map<SpecKey, std::shared_ptr<SpecState>> cache;
    // Specializations replaced in `cache` (recompiled to keep IR for a dump): handles to
    // them may still be out, so they live as long as the module.
    std::vector<std::shared_ptr<SpecState>> replaced;
    std::map<SpecKey, bool> in_flight;

    // GPU launches by argument types: the loaded kernel (a cuda::LoadedKernel, type-erased
    // like SpecState::gpu_kernels) that ujit::cuda::launch(Function, ...) reaches without
    // choosing a signature or looking up the specialization again (launch overhead).
    struct LaunchKey {
        const void* def;
        std::vector<const types::Type*> args;
        int device, opt_level;
        bool fastmath;
        bool operator<(const LaunchKey& o) const {
            return std::tie(def, args, device, opt_level, fastmath) <
                   std::tie(o.def, o.args, o.device, o.opt_level, o.fastmath);
        }
    };
    std::mutex launch_mutex;
    std::map<LaunchKey, std::shared_ptr<void>> launch_cache;
    // GPU ufuncs by input dtypes (all device arrays): what cuda::vectorize_into's fast path
    // needs (api_cuda.cpp), type-erased likewise. Guarded by launch_mutex.
    struct UfuncKey {
        const void* def;
        std::vector<DType> inputs;
        int device;
        bool operator<(const UfuncKey& o) const {
            return std::tie(def, inputs, device) < std::tie(o.def, o.inputs, o.device);
        }
    };
    std::map<UfuncKey, std::shared_ptr<void>> ufunc_cache;
    // launch: the same loaded kernels as launch_cache, found by the arguments' codes without
    // typing them (coded_launch_cache.hpp; its own lock).
    pipeline::CodedLaunchCache launch_by_codes;

    // The dynamic call's fast path, one per function of the module (call_cache.hpp).
    std::map<const syntax::FunctionDef*, std::unique_ptr<pipeline::CallCache>> call_caches;

    // Returns the cached specialization or compiles it (exactly once per key). The handle
    // keeps this module alive.
    std::shared_ptr<SpecState> get_or_compile(const SpecKey& key, bool keep_ir);

private:
    std::shared_ptr<SpecState> handle(const std::shared_ptr<SpecState>& spec);
};

// What the GPU entry points (driver/api_cuda.cpp) need of a ujit::Function.
struct FunctionAccess {
    static ModuleState& module(const Function& f) { return *f.m_; }
    static const syntax::FunctionDef* def(const Function& f) { return static_cast<const syntax::FunctionDef*>(f.def_); }
    static pipeline::CallCache& calls(const Function& f) { return *f.calls_; }
    static Specialization specialization(std::shared_ptr<SpecState> s) {
        Specialization out;
        out.s_ = std::move(s);
        return out;
    }
};

// Turns a compiler CompileError into ujit::Error with the clang-style rendering.
[[noreturn]] void rethrow_compile_error(const ModuleState& m, const std::exception_ptr& e);

}  // namespace ujit::detail
