// The C API (include/ujit/ujit.h) over the C++ API: handles own C++ objects, every entry
// point is `guarded` (no exception crosses), errors are recorded per thread.
#include "capi/function_access.hpp"
#include "capi/last_error.hpp"
#include "capi/values.hpp"

#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

struct ujit_module {
    ujit::Module module;
};

struct ujit_function {
    ujit::Function function;
};

const ujit::Function& ujit::capi::function_of(const ujit_function* f) {
    if (!f) throw ujit::Error(ujit::Error::Kind::Argument, "error: null function");
    return f->function;
}

namespace {

using ujit::capi::guarded;

void require(bool ok, const char* what) {
    if (!ok) throw ujit::Error(ujit::Error::Kind::Argument, std::string("error: ") + what);
}

ujit::Options options_for(ujit_target target) {
    ujit::Options o;
    switch (target) {
    case UJIT_TARGET_CPU: o.target = ujit::Target::CPU; break;
    case UJIT_TARGET_PARALLEL: o.target = ujit::Target::Parallel; break;
    case UJIT_TARGET_CUDA: o.target = ujit::Target::CUDA; break;
    default: require(false, "invalid ujit_target");
    }
    return o;
}

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

char* copy_string(const std::string& s) {
    char* p = static_cast<char*>(std::malloc(s.size() + 1));
    if (!p) throw std::bad_alloc();
    std::memcpy(p, s.c_str(), s.size() + 1);
    return p;
}

}  // namespace

extern "C" {

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

ujit_status ujit_module_from_string(const char* source, const char* filename, ujit_module** out) {
    return guarded([&] {
        require(source && out, "null source or output handle");
        *out = nullptr;
        auto m = ujit::Module::from_string(source, filename ? filename : "<string>");
        *out = new ujit_module{std::move(m)};
    });
}

ujit_status ujit_module_from_file(const char* path, ujit_module** out) {
    return guarded([&] {
        require(path && out, "null path or output handle");
        *out = nullptr;
        *out = new ujit_module{ujit::Module::from_file(path)};
    });
}

void ujit_module_release(ujit_module* m) { delete m; }

ujit_status ujit_module_function(ujit_module* m, const char* name, ujit_function** out) {
    return guarded([&] {
        require(m && name && out, "null module, name or output handle");
        *out = nullptr;
        *out = new ujit_function{m->module.function(name)};
    });
}

void ujit_function_release(ujit_function* f) { delete f; }

ujit_status ujit_function_compile(ujit_function* f, const char* signature, ujit_target target, void** native_out) {
    return guarded([&] {
        require(f && signature, "null function or signature");
        if (native_out) *native_out = nullptr;
        ujit::Specialization s = f->function.compile(signature, options_for(target));
        if (native_out && target != UJIT_TARGET_CUDA) *native_out = s.address();
    });
}

ujit_status ujit_function_call(ujit_function* f, const ujit_value* args, size_t n_args, ujit_value* results,
                               size_t max_results, size_t* n_results) {
    return guarded([&] {
        require(f, "null function");
        require(results || max_results == 0, "null results with max_results > 0");
        if (n_results) *n_results = 0;
        ujit::Value r = f->function.call(ujit::capi::to_values(args, n_args));
        std::vector<ujit_value> flat = ujit::capi::to_c_values(r);
        std::copy_n(flat.begin(), std::min(flat.size(), max_results), results);
        if (n_results) *n_results = flat.size();
    });
}

ujit_status ujit_function_vectorize(ujit_function* f, const ujit_value* inputs, size_t n_inputs, DLTensor* out,
                                    ujit_target target) {
    return guarded([&] {
        require(f && out, "null function or output array");
        require(target != UJIT_TARGET_CUDA, "ujit_function_vectorize runs on the CPU targets");
        f->function.vectorize_call(ujit::capi::to_values(inputs, n_inputs), ujit::ArrayRef::from_dlpack(*out),
                                   options_for(target));
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
        *text_out = copy_string(text);
    });
}

void ujit_free_string(char* s) { std::free(s); }

}  // extern "C"
