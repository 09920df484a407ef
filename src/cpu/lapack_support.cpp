#include "cpu/lapack_support.hpp"

#include "cpu/blas_loader.hpp"

#include <dlfcn.h>

#include <map>
#include <mutex>
#include <string>

namespace ujit::cpu {
namespace {

struct Found {
    LapackLibrary library;
    void* handle = nullptr;
    std::string prefix, suffix;  // around "dgetrf": "scipy_" ... "_64_"
};

bool has_lapack(void* h, const std::string& prefix, const std::string& suffix) {
    return dlsym(h, (prefix + "dgetrf" + suffix).c_str()) != nullptr;
}

Found& found() {
    static Found f;
    static std::once_flag once;
    std::call_once(once, [] {
        auto take = [](void* h, const char* prefix, const char* suffix, bool wide) {
            if (!h || !has_lapack(h, prefix, suffix)) return false;
            f.handle = h;
            f.prefix = prefix;
            f.suffix = suffix;
            f.library = {true, wide};
            return true;
        };
        const BlasLoad& blas = blas_load();
        if (blas.handle) {
            if (blas.ilp64) {
                if (take(blas.handle, "scipy_", "_64_", true)) return;
            } else if (take(blas.handle, "", "_", false) || take(blas.handle, "scipy_", "_", false)) {
                return;
            }
        }
        take(dlopen("liblapack.so.3", RTLD_NOW | RTLD_LOCAL), "", "_", false);
    });
    return f;
}

}  // namespace

const LapackLibrary& lapack_library() { return found().library; }

void* lapack_routine(int32_t kind, const char* name) {
    static std::mutex m;
    static std::map<std::string, void*> cache;
    Found& f = found();
    if (!f.library.available) return nullptr;
    const char kinds[] = "sdcz";
    std::string symbol = f.prefix + kinds[kind & 3] + name + f.suffix;
    std::lock_guard<std::mutex> lock(m);
    auto it = cache.find(symbol);
    if (it == cache.end()) it = cache.emplace(symbol, dlsym(f.handle, symbol.c_str())).first;
    return it->second;
}

}  // namespace ujit::cpu
