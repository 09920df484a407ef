// The C API (include/ujit/ujit.h) over the C++ API: modules, introspection, eager
// compiles, dumps, the disk cache. Handles own C++ objects, every entry point is
// `guarded` (no exception crosses), errors are recorded per thread. Calls are in
// capi_call.cpp, CUDA in capi_cuda.cpp, ufuncs and launches in capi_apply.cpp.
#include "capi/function_access.hpp"
#include "capi/handles.hpp"
#include "capi/values.hpp"
#include "cpu/blas_loader.hpp"
#include "strings/str_abi.h"

#include "cache/cache_dir.hpp"
#include "cache/disk_cache.hpp"
#include "runtime/dtype.hpp"

#include <ujit/threads.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <utility>

namespace ujit::capi {

void argument_error(const std::string& what) { throw ujit::Error(ujit::Error::Kind::Argument, "error: " + what); }

ujit::Options options_for(ujit_target target) {
    ujit::Options o;
    switch (static_cast<int>(target)) {
    case UJIT_TARGET_CPU: o.target = ujit::Target::CPU; break;
    case UJIT_TARGET_PARALLEL: o.target = ujit::Target::Parallel; break;
    case UJIT_TARGET_CUDA: o.target = ujit::Target::CUDA; break;
    default: argument_error("invalid ujit_target " + std::to_string(static_cast<int>(target)));
    }
    return o;
}

char* copy_string(const std::string& s) {
    char* p = static_cast<char*>(std::malloc(s.size() + 1));
    if (!p) throw std::bad_alloc();
    std::memcpy(p, s.c_str(), s.size() + 1);
    return p;
}

}  // namespace ujit::capi

const ujit::Function& ujit::capi::function_of(const ujit_function* f) {
    if (!f) throw ujit::Error(ujit::Error::Kind::Argument, "error: null function");
    return f->function;
}

namespace {

using ujit::capi::guarded;
using ujit::capi::require;

// The specialization a dump is about: `signature` or the decorator's first.
ujit::Specialization dump_spec(const ujit::Function& f, const std::string& what, const char* signature,
                               const char* arch) {
    std::string sig;
    if (signature) {
        sig = signature;
    } else {
        auto declared = f.declared_signatures();
        require(!declared.empty(), ("'" + f.name() + "' declares no signature: pass one").c_str());
        sig = declared.front();
    }
    ujit::Options o;
    o.target = f.declared_target() == ujit::Target::CUDA ? ujit::Target::CUDA : ujit::Target::CPU;
    if (what == "ptx") o.target = ujit::Target::CUDA;
    if (what == "asm")
        require(o.target == ujit::Target::CPU, "'asm' is the CPU assembly: use 'ptx' for a CUDA function");
    if (arch) o.arch = arch;
    return f.compile(sig, o);
}

ujit::HostGlobal host_global(const ujit_global& g, int depth);

ujit::Value tuple_value(const ujit_global& g, int depth) {
    require(g.elements || g.n_elements == 0, "a tuple global with null elements");
    ujit::Value::Tuple elems;
    for (size_t i = 0; i < g.n_elements; ++i) {
        const ujit_global& e = g.elements[i];
        require(e.kind == UJIT_GLOBAL_SCALAR || e.kind == UJIT_GLOBAL_TUPLE,
                "tuple globals hold scalars and tuples only");
        elems.push_back(host_global(e, depth + 1).value);
    }
    return ujit::Value(std::move(elems));
}

ujit::HostGlobal host_global(const ujit_global& g, int depth) {
    require(depth < 32, "tuple globals nested too deeply");
    switch (static_cast<int>(g.kind)) {
    case UJIT_GLOBAL_SCALAR:
        require(!g.scalar.is_array, "a scalar global must not be an array");
        return ujit::HostGlobal::constant(ujit::capi::to_value(g.scalar));
    case UJIT_GLOBAL_TUPLE: return ujit::HostGlobal::constant(tuple_value(g, depth));
    case UJIT_GLOBAL_ARRAY:
        require(g.scalar.is_array == UJIT_ARRAY || g.scalar.is_array == UJIT_ARRAY_READONLY ||
                    g.scalar.is_array == UJIT_ARRAY_RESULT,
                "an array global must hold an array (UJIT_ARRAY or UJIT_ARRAY_RESULT)");
        return ujit::HostGlobal::constant(ujit::capi::to_value(g.scalar));
    case UJIT_GLOBAL_DEVICE_ARRAY:
        require(g.scalar.is_array == UJIT_ARRAY && g.scalar.v.array,
                "a device array global must hold a DLTensor (UJIT_ARRAY)");
        return ujit::HostGlobal::device_array(ujit::ArrayRef::from_dlpack(*g.scalar.v.array));
    case UJIT_GLOBAL_MODULE:
        require(g.module, "a module global with a null module name");
        return ujit::HostGlobal::module(g.module);
    case UJIT_GLOBAL_MEMBER:
        require(g.module && g.member, "a member global with a null module or member name");
        return ujit::HostGlobal::module_member(g.module, g.member);
    case UJIT_GLOBAL_FUNCTION:
        require(g.function, "a function global with a null function name");
        return ujit::HostGlobal::function(g.function);
    }
    ujit::capi::argument_error("invalid ujit_global_kind " + std::to_string(static_cast<int>(g.kind)));
}

ujit::ModuleOptions module_options(const ujit_module_options* o) {
    ujit::ModuleOptions out;
    if (!o) return out;
    if (o->filename) out.filename = o->filename;
    require(o->first_line >= 0 && o->column_offset >= 0, "first_line and column_offset must not be negative");
    out.first_line = o->first_line > 0 ? o->first_line : 1;
    out.column_offset = o->column_offset;
    require(o->globals || o->n_globals == 0, "null globals with n_globals > 0");
    for (size_t i = 0; i < o->n_globals; ++i) {
        const ujit_global& g = o->globals[i];
        require(g.name && *g.name, "a global without a name");
        try {
            out.globals.emplace_back(g.name, host_global(g, 0));
        } catch (const ujit::Error& e) {
            // Name the global: "error: global 'K': invalid ujit_dtype 99".
            std::string what = e.what();
            if (what.rfind("error: ", 0) == 0) what = what.substr(7);
            ujit::capi::argument_error("global '" + std::string(g.name) + "': " + what);
        }
    }
    require(o->link || o->n_link == 0, "null link with n_link > 0");
    for (size_t i = 0; i < o->n_link; ++i) {
        require(o->link[i] && *o->link[i], "an empty link file name");
        out.link.emplace_back(o->link[i]);
    }
    return out;
}

ujit_module* new_module(ujit::Module m) {
    auto* h = new ujit_module{std::move(m), {}};
    h->function_names = h->module.function_names();
    return h;
}

ujit_function_kind kind_of(ujit::Function::Kind k) {
    switch (k) {
    case ujit::Function::Kind::Plain: return UJIT_KIND_PLAIN;
    case ujit::Function::Kind::Jit: return UJIT_KIND_JIT;
    case ujit::Function::Kind::Vectorize: return UJIT_KIND_VECTORIZE;
    case ujit::Function::Kind::GuVectorize: return UJIT_KIND_GUVECTORIZE;
    case ujit::Function::Kind::CudaKernel: return UJIT_KIND_CUDA_KERNEL;
    case ujit::Function::Kind::CudaDevice: return UJIT_KIND_CUDA_DEVICE;
    }
    return UJIT_KIND_PLAIN;
}

ujit_target target_of(ujit::Target t) {
    switch (t) {
    case ujit::Target::CPU: return UJIT_TARGET_CPU;
    case ujit::Target::Parallel: return UJIT_TARGET_PARALLEL;
    case ujit::Target::CUDA: return UJIT_TARGET_CUDA;
    }
    return UJIT_TARGET_CPU;
}

void copy_to(char* dst, size_t size, const std::string& s) {
    size_t n = std::min(size - 1, s.size());
    std::memcpy(dst, s.data(), n);
    dst[n] = '\0';
}

}  // namespace

extern "C" {

uint32_t ujit_api_version(void) { return UJIT_API_VERSION; }

const char* ujit_blas_library(void) {
    static const std::string name = [] {
        const ujit::cpu::BlasLoad& l = ujit::cpu::blas_load();
        return l.available ? l.library + (l.ilp64 ? " (ILP64)" : "") : std::string();
    }();
    return name.c_str();
}

const char* ujit_version(void) {
    static const std::string v = [] {
        try {
            return ujit::version();
        } catch (...) {
            return std::string("unknown");
        }
    }();
    return v.c_str();
}

const char* ujit_last_error(void) { return ujit::capi::last_error().message.c_str(); }

void ujit_last_error_location(const char** file, int* line, int* col) {
    const auto& e = ujit::capi::last_error();
    if (file) *file = e.file.c_str();
    if (line) *line = e.line;
    if (col) *col = e.col;
}

const char* ujit_status_name(ujit_status status) {
    switch (static_cast<int>(status)) {
    case UJIT_OK: return "UJIT_OK";
    case UJIT_ERROR_COMPILE: return "UJIT_ERROR_COMPILE";
    case UJIT_ERROR_RUNTIME: return "UJIT_ERROR_RUNTIME";
    case UJIT_ERROR_ARGUMENT: return "UJIT_ERROR_ARGUMENT";
    case UJIT_ERROR_INTERNAL: return "UJIT_ERROR_INTERNAL";
    case UJIT_ERROR_CUDA_UNAVAILABLE: return "UJIT_ERROR_CUDA_UNAVAILABLE";
    }
    return "unknown status";
}

const char* ujit_dtype_name(ujit_dtype dtype) {
    int raw = static_cast<int>(dtype);
    return ujit::runtime::is_valid_dtype(raw) ? ujit::dtype_name(static_cast<ujit::DType>(raw)) : nullptr;
}

ujit_status ujit_module_from_source(const char* source, const ujit_module_options* options, ujit_module** out) {
    return guarded([&] {
        require(source && out, "null source or output handle");
        *out = nullptr;
        *out = new_module(ujit::Module::from_string(source, module_options(options)));
    });
}

ujit_status ujit_module_from_string(const char* source, const char* filename, ujit_module** out) {
    return guarded([&] {
        require(source && out, "null source or output handle");
        *out = nullptr;
        *out = new_module(ujit::Module::from_string(source, filename ? filename : "<string>"));
    });
}

ujit_status ujit_module_from_file(const char* path, ujit_module** out) {
    return guarded([&] {
        require(path && out, "null path or output handle");
        *out = nullptr;
        *out = new_module(ujit::Module::from_file(path));
    });
}

void ujit_module_release(ujit_module* m) { delete m; }

ujit_status ujit_module_function_count(const ujit_module* m, size_t* count) {
    return guarded([&] {
        require(m && count, "null module or output");
        *count = m->function_names.size();
    });
}

ujit_status ujit_module_function_name(const ujit_module* m, size_t index, const char** name) {
    return guarded([&] {
        require(m && name, "null module or output");
        *name = nullptr;
        require(index < m->function_names.size(), "function index out of range");
        *name = m->function_names[index].c_str();
    });
}

ujit_status ujit_module_function(ujit_module* m, const char* name, ujit_function** out) {
    return guarded([&] {
        require(m && name && out, "null module, name or output handle");
        *out = nullptr;
        ujit::Function f = m->module.function(name);
        auto* h =
            new ujit_function{f, f.parameter_names(), f.declared_signatures(), f.gufunc_layout(), f.is_cuda_kernel()};
        *out = h;
    });
}

void ujit_function_release(ujit_function* f) { delete f; }

ujit_status ujit_function_get_info(const ujit_function* f, ujit_function_info* out) {
    return guarded([&] {
        require(f && out, "null function or output");
        *out = ujit_function_info{};
        out->name = f->function.name().c_str();
        out->kind = kind_of(f->function.kind());
        out->target = target_of(f->function.declared_target());
        out->fastmath = f->function.declared_fastmath();
        out->n_params = f->param_names.size();
        out->n_signatures = f->signatures.size();
        out->gufunc_layout = f->gufunc_layout.c_str();
    });
}

ujit_status ujit_function_param_name(const ujit_function* f, size_t index, const char** name) {
    return guarded([&] {
        require(f && name, "null function or output");
        *name = nullptr;
        require(index < f->param_names.size(), "parameter index out of range");
        *name = f->param_names[index].c_str();
    });
}

ujit_status ujit_function_signature(const ujit_function* f, size_t index, const char** signature) {
    return guarded([&] {
        require(f && signature, "null function or output");
        *signature = nullptr;
        require(index < f->signatures.size(), "signature index out of range");
        *signature = f->signatures[index].c_str();
    });
}

ujit_status ujit_function_compile(ujit_function* f, const char* signature, ujit_target target, void** native_out) {
    return guarded([&] {
        require(f && signature, "null function or signature");
        if (native_out) *native_out = nullptr;
        ujit::Options o = ujit::capi::options_for(target);
        if (o.target == ujit::Target::CUDA) ujit::capi::require_cuda();
        ujit::Specialization s = f->function.compile(signature, o);
        if (native_out && target != UJIT_TARGET_CUDA) *native_out = s.address();
    });
}

ujit_status ujit_function_compile_declared(ujit_function* f, ujit_target target, size_t* n_compiled) {
    return guarded([&] {
        require(f, "null function");
        if (n_compiled) *n_compiled = 0;
        ujit::Options o = ujit::capi::options_for(target);
        if (o.target == ujit::Target::CUDA) ujit::capi::require_cuda();
        size_t n = f->function.compile_declared(o).size();
        if (n_compiled) *n_compiled = n;
    });
}

ujit_status ujit_function_dump(ujit_function* f, const char* what, const char* signature, const char* arch,
                               char** text_out) {
    return guarded([&] {
        require(f && what && text_out, "null function, what or output");
        *text_out = nullptr;
        std::string w = what;
        require(w == "types" || w == "llvm" || w == "asm" || w == "ptx",
                "what must be \"types\", \"llvm\", \"asm\" or \"ptx\"");
        ujit::Specialization s = dump_spec(f->function, w, signature, arch);
        std::string text = w == "types"  ? s.typed_ir()
                           : w == "llvm" ? s.llvm_ir()
                           : w == "asm"  ? s.assembly()
                                         : s.ptx();
        *text_out = ujit::capi::copy_string(text);
    });
}

void ujit_free_string(char* s) { std::free(s); }

ujit_status ujit_function_link_cubin(ujit_function* f, const char* signature, const char* arch, char** image,
                                     size_t* size) {
    return guarded([&] {
        require(f && image && size, "null function or output");
        *image = nullptr;
        *size = 0;
        std::string cubin = dump_spec(f->function, "ptx", signature, nullptr).linked_cubin(arch ? arch : "");
        *image = static_cast<char*>(std::malloc(cubin.size() + 1));
        if (!*image) throw std::bad_alloc();
        std::memcpy(*image, cubin.data(), cubin.size());
        (*image)[cubin.size()] = '\0';
        *size = cubin.size();
    });
}

ujit_status ujit_function_kernel_cooperative(ujit_function* kernel, const char* signature, int* cooperative) {
    return guarded([&] {
        require(kernel && signature && cooperative, "null kernel, signature or result");
        require(kernel->function.is_cuda_kernel(),
                ("'" + kernel->function.name() + "' is not a @cuda.jit kernel").c_str());
        *cooperative = dump_spec(kernel->function, "ptx", signature, nullptr).cooperative() ? 1 : 0;
    });
}

void ujit_set_str_hash_secret(uint64_t k0, uint64_t k1) { ujit_str_set_hash_secret(k0, k1); }

namespace {
void forward_warning(const ujit::Warning& w, void* user) {
    auto* c = static_cast<std::pair<ujit_warning_callback, void*>*>(user);
    c->first(w.category.c_str(), w.message.c_str(), w.file.empty() ? nullptr : w.file.c_str(), w.line, w.column,
             c->second);
}
}  // namespace

void ujit_set_warning_callback(ujit_warning_callback callback, void* user) {
    // Every callback set stays in `all` (a deque: its elements never move): a warning on
    // another thread may still be reading a replaced one. A few bytes per change.
    static std::deque<std::pair<ujit_warning_callback, void*>> all;
    static std::mutex m;
    std::lock_guard<std::mutex> lock(m);
    if (!callback) {
        ujit::set_warning_handler(nullptr);
        return;
    }
    all.emplace_back(callback, user);
    ujit::set_warning_handler(forward_warning, &all.back());
}

ujit_status ujit_get_allocation_stats(ujit_allocation_stats* out) {
    return guarded([&] {
        require(out, "null output");
        require(out->struct_size >= sizeof(ujit_allocation_stats),
                "struct_size must be set to sizeof(ujit_allocation_stats)");
        ujit::AllocationStats s = ujit::allocation_stats();
        out->alloc = s.alloc;
        out->free = s.free;
        out->mi_alloc = s.mi_alloc;
        out->mi_free = s.mi_free;
    });
}

ujit_status ujit_set_num_threads(int n) {
    return guarded([&] { ujit::set_num_threads(n); });
}
int ujit_get_num_threads(void) { return ujit::get_num_threads(); }
int ujit_get_thread_id(void) { return ujit::get_thread_id(); }

ujit_status ujit_cache_get_stats(ujit_cache_stats* out) {
    return guarded([&] {
        require(out, "null output");
        *out = ujit_cache_stats{};
        out->enabled = ujit::cache::disk_cache_enabled();
        ujit::cache::CacheCounters c = ujit::cache::DiskCache::process_counters();
        out->hits = c.hits;
        out->misses = c.misses;
        out->stores = c.stores;
        auto dir = ujit::cache::configured_cache_dir();
        if (!dir) {
            out->enabled = 0;
            return;
        }
        copy_to(out->directory, sizeof out->directory, dir->string());
        ujit::cache::DirStats s = ujit::cache::DiskCache(*dir).stats();
        out->entries = s.entries;
        out->bytes = s.bytes;
    });
}

ujit_status ujit_cache_clear(size_t* removed) {
    return guarded([&] {
        if (removed) *removed = 0;
        auto dir = ujit::cache::configured_cache_dir();
        require(dir.has_value(), "no cache directory: set UJIT_CACHE_DIR (or XDG_CACHE_HOME or HOME)");
        size_t n = ujit::cache::DiskCache(*dir).clear();
        if (removed) *removed = n;
    });
}

}  // extern "C"
