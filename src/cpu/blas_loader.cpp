#include "cpu/blas_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace ujit::cpu {
namespace {

bool disabled_by_env() {
    const char* v = std::getenv("UJIT_DISABLE_BLAS");
    return v && *v && std::strcmp(v, "0") != 0;
}

template <class Fn> bool load(void* handle, const char* symbol, Fn& slot) {
    slot = reinterpret_cast<Fn>(dlsym(handle, symbol));
    return slot != nullptr;
}

// Every entry point, or none: a library that lacks one is not used at all.
bool load_table(void* h, BlasApi& api) {
    return load(h, "cblas_sdot", api.sdot) && load(h, "cblas_ddot", api.ddot) &&
           load(h, "cblas_cdotu_sub", api.cdotu_sub) && load(h, "cblas_zdotu_sub", api.zdotu_sub) &&
           load(h, "cblas_cdotc_sub", api.cdotc_sub) && load(h, "cblas_zdotc_sub", api.zdotc_sub) &&
           load(h, "cblas_sgemm", api.sgemm) && load(h, "cblas_dgemm", api.dgemm) &&
           load(h, "cblas_cgemm", api.cgemm) && load(h, "cblas_zgemm", api.zgemm) &&
           load(h, "cblas_sgemv", api.sgemv) && load(h, "cblas_dgemv", api.dgemv) &&
           load(h, "cblas_cgemv", api.cgemv) && load(h, "cblas_zgemv", api.zgemv);
}

}  // namespace

BlasLoad load_blas(const std::string& library, bool honour_disable_env) {
    BlasLoad out;
    if (honour_disable_env && disabled_by_env()) {
        out.reason = "BLAS is disabled by UJIT_DISABLE_BLAS=1";
        return out;
    }
    std::vector<std::string> names;
    if (!library.empty()) {
        names.push_back(library);
    } else {
        if (const char* env = std::getenv("UJIT_BLAS_LIBRARY"); env && *env) names.emplace_back(env);
        names.insert(names.end(), {"libopenblas.so.0", "libopenblas.so", "libcblas.so.3", "libblas.so.3"});
    }
    std::string tried;
    for (const std::string& name : names) {
        void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char* why = dlerror();
            tried += (tried.empty() ? "" : "; ") + name + ": " + (why ? why : "not found");
            continue;
        }
        BlasApi api;
        if (!load_table(h, api)) {
            tried += (tried.empty() ? "" : "; ") + name + ": lacks the CBLAS entry points";
            dlclose(h);
            continue;
        }
        out.available = true;
        out.library = name;
        out.api = api;
        out.handle = h;  // kept open for the life of the process
        return out;
    }
    out.reason = "no CBLAS library could be opened (" + tried + ")";
    return out;
}

const BlasLoad& blas_load() {
    static const BlasLoad loaded = load_blas();  // C++ guarantees one thread-safe initialization
    return loaded;
}

const BlasApi* blas() {
    const BlasLoad& l = blas_load();
    return l.available ? &l.api : nullptr;
}

}  // namespace ujit::cpu
