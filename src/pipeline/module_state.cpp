#include "pipeline/module_state.hpp"

#include <cstdlib>

#include "syntax/diagnostics.hpp"
#include "syntax/warnings.hpp"
#include "types/typing_warnings.hpp"

namespace ujit::detail {

void rethrow_compile_error(const ModuleState& m, const std::exception_ptr& e) {
    try {
        std::rethrow_exception(e);
    } catch (const syntax::CompileError& ce) {
        const auto& d = ce.diagnostic();
        const bool located = d.loc.valid();
        // An internal compiler error is ujit's fault, not the program's (syntax/internal_error.hpp).
        Error::Kind kind = d.severity == syntax::Severity::Internal ? Error::Kind::Internal : Error::Kind::Compile;
        throw Error(kind, syntax::render(d, m.file.get()), m.file->name(),
                    located ? static_cast<int>(m.file->file_line(d.loc.line)) : 0,
                    located ? static_cast<int>(m.file->file_col(d.loc.col)) : 0);
    }
}

std::shared_ptr<SpecState> ModuleState::handle(const std::shared_ptr<SpecState>& spec) {
    return std::shared_ptr<SpecState>(shared_from_this(), spec.get());
}

namespace {
// Hands the warnings typing gave on, located in the module's file, on the calling thread (the
// compile may have run on a helper thread; a Python handler takes the GIL this thread holds).
void emit_typing_warnings(const ModuleState& m) {
    for (const types::TypingWarning& t : types::take_typing_warnings(*m.ast)) {
        Warning w;
        w.category = t.category;
        w.message = t.message;
        w.file = m.file->name();
        if (t.loc.valid()) {
            w.line = static_cast<int>(m.file->file_line(t.loc.line));
            w.column = static_cast<int>(m.file->file_col(t.loc.col));
        }
        syntax::emit_warning(w);
    }
}

// Numba's NUMBA_BOUNDSCHECK: unset leaves each function's boundscheck= decide; 0 turns
// checking off everywhere, any other integer on. UJIT_BOUNDSCHECK, when set, wins.
bool cpu_boundscheck(bool declared) {
    static const int forced = [] {
        for (const char* name : {"UJIT_BOUNDSCHECK", "NUMBA_BOUNDSCHECK"})
            if (const char* v = std::getenv(name); v && *v) return std::atoi(v) != 0 ? 1 : 0;
        return -1;
    }();
    return forced < 0 ? declared : forced == 1;
}
}  // namespace

std::shared_ptr<SpecState> ModuleState::get_or_compile(const SpecKey& asked, bool keep_ir) {
    // The decorator's fastmath=True holds for its function whatever options the caller
    // passes (Numba's @njit(fastmath=True)); every path to a specialization comes here.
    SpecKey key = asked;
    key.fastmath = key.fastmath || typer->decorator_of(key.def).fastmath;
    // @cuda.jit(debug=True) run on the CPU checks every index: an out-of-range one is an
    // IndexError naming the line, where a GPU needs cuda-memcheck to say it (Numba's course,
    // notebook 5); on the CPU an unchecked one would write over the host process's memory.
    if (key.arch == pipeline::kCudaOnCpuArch && key.artifact == pipeline::Artifact::Entry &&
        typer->decorator_of(key.def).debug)
        key.arch = pipeline::kCudaOnCpuCheckedArch;
    // @njit(boundscheck=True), or NUMBA_BOUNDSCHECK / UJIT_BOUNDSCHECK for every function:
    // out-of-range indexes raise IndexError instead of reading past the array.
    if (key.target != Target::CUDA && key.arch.empty() && key.artifact == pipeline::Artifact::Entry &&
        cpu_boundscheck(typer->decorator_of(key.def).boundscheck))
        key.arch = pipeline::kCpuCheckedArch;
    {
        std::unique_lock lock(cache_mutex);
        cache_cv.wait(lock, [&] { return !in_flight.count(key); });
        auto it = cache.find(key);
        if (it != cache.end() && (!keep_ir || !it->second->compiled.llvm_ir.empty())) return handle(it->second);
        in_flight[key] = true;
    }
    // Whatever happens, the key leaves in_flight and waiters wake up.
    struct Release {
        ModuleState& m;
        const SpecKey& k;
        ~Release() {
            std::lock_guard lock(m.cache_mutex);
            m.in_flight.erase(k);
            m.cache_cv.notify_all();
        }
    } release{*this, key};

    auto spec = std::make_shared<SpecState>();
    spec->module = this;
    pipeline::Request& req = spec->request;
    req.module = ast.get();
    req.typer = typer.get();
    req.def = key.def;
    req.args = key.args;
    req.declared_return = key.declared_return;
    req.options.target = key.target;
    req.options.arch = key.arch;
    req.options.opt_level = key.opt_level;
    req.options.fastmath = key.fastmath;
    req.artifact = key.artifact;
    req.gufunc_core = key.gufunc_core;
    req.keep_ir = keep_ir;
    req.source_hash = source_hash;
    try {
        std::lock_guard typer_lock(typer_mutex);
        spec->compiled = pipeline::compile(req);
    } catch (const syntax::CompileError&) {
        emit_typing_warnings(*this);  // what typing warned before the error, as Numba warns
        rethrow_compile_error(*this, std::current_exception());
    }
    emit_typing_warnings(*this);
    spec->signature = types::Signature{spec->compiled.typed->arg_types, spec->compiled.typed->return_type}.str();
    std::lock_guard lock(cache_mutex);
    auto& slot = cache[key];
    if (slot) replaced.push_back(std::move(slot));
    slot = spec;
    return handle(spec);
}

}  // namespace ujit::detail
