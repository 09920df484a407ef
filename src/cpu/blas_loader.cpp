#include "cpu/blas_loader.hpp"

#include <dirent.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
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

// Every entry point, or none: a library that lacks one is not used at all. The names are
// `prefix` + "sdot" + `suffix`: "cblas_sdot" (Debian's), "scipy_cblas_sdot" (the scipy-openblas32
// that NumPy wheels may bundle) or "scipy_cblas_sdot64_" (scipy-openblas64, 64-bit ints).
template <class Table> bool load_table(void* h, Table& api, const std::string& prefix, const std::string& suffix) {
    auto at = [&](const char* name, auto& slot) { return load(h, (prefix + name + suffix).c_str(), slot); };
    return at("sdot", api.sdot) && at("ddot", api.ddot) && at("cdotu_sub", api.cdotu_sub) &&
           at("zdotu_sub", api.zdotu_sub) && at("cdotc_sub", api.cdotc_sub) && at("zdotc_sub", api.zdotc_sub) &&
           at("sgemm", api.sgemm) && at("dgemm", api.dgemm) && at("cgemm", api.cgemm) && at("zgemm", api.zgemm) &&
           at("sgemv", api.sgemv) && at("dgemv", api.dgemv) && at("cgemv", api.cgemv) && at("zgemv", api.zgemv);
}

// The ILP64 CBLAS (64-bit sizes and increments) that NumPy's wheels bundle since NumPy 2.0
// (numpy.libs/libscipy_openblas64_-*.so), adapted to BlasApi's int prototypes by the thunks
// below: every size ujit passes fits in int (helper_linalg.cpp checks before calling).
using I = int64_t;
struct Blas64 {
    float (*sdot)(I, const float*, I, const float*, I) = nullptr;
    double (*ddot)(I, const double*, I, const double*, I) = nullptr;
    void (*cdotu_sub)(I, const void*, I, const void*, I, void*) = nullptr;
    void (*zdotu_sub)(I, const void*, I, const void*, I, void*) = nullptr;
    void (*cdotc_sub)(I, const void*, I, const void*, I, void*) = nullptr;
    void (*zdotc_sub)(I, const void*, I, const void*, I, void*) = nullptr;
    void (*sgemm)(int, int, int, I, I, I, float, const float*, I, const float*, I, float, float*, I) = nullptr;
    void (*dgemm)(int, int, int, I, I, I, double, const double*, I, const double*, I, double, double*, I) = nullptr;
    void (*cgemm)(int, int, int, I, I, I, const void*, const void*, I, const void*, I, const void*, void*, I) = nullptr;
    void (*zgemm)(int, int, int, I, I, I, const void*, const void*, I, const void*, I, const void*, void*, I) = nullptr;
    void (*sgemv)(int, int, I, I, float, const float*, I, const float*, I, float, float*, I) = nullptr;
    void (*dgemv)(int, int, I, I, double, const double*, I, const double*, I, double, double*, I) = nullptr;
    void (*cgemv)(int, int, I, I, const void*, const void*, I, const void*, I, const void*, void*, I) = nullptr;
    void (*zgemv)(int, int, I, I, const void*, const void*, I, const void*, I, const void*, void*, I) = nullptr;
};
Blas64 g64;  // the last ILP64 library loaded (the process keeps one: blas_load)

// One thunk per entry point: the same call with sizes, leading dimensions and increments
// widened (the orders and transposes, CBLAS enums, stay int).
void adapt(BlasApi& api) {
    api.sdot = [](int n, const float* x, int ix, const float* y, int iy) { return g64.sdot(n, x, ix, y, iy); };
    api.ddot = [](int n, const double* x, int ix, const double* y, int iy) { return g64.ddot(n, x, ix, y, iy); };
    api.cdotu_sub = [](int n, const void* x, int ix, const void* y, int iy, void* o) {
        g64.cdotu_sub(n, x, ix, y, iy, o);
    };
    api.zdotu_sub = [](int n, const void* x, int ix, const void* y, int iy, void* o) {
        g64.zdotu_sub(n, x, ix, y, iy, o);
    };
    api.cdotc_sub = [](int n, const void* x, int ix, const void* y, int iy, void* o) {
        g64.cdotc_sub(n, x, ix, y, iy, o);
    };
    api.zdotc_sub = [](int n, const void* x, int ix, const void* y, int iy, void* o) {
        g64.zdotc_sub(n, x, ix, y, iy, o);
    };
    api.sgemm = [](int o, int ta, int tb, int m, int n, int k, float al, const float* a, int lda, const float* b,
                   int ldb, float be, float* c,
                   int ldc) { g64.sgemm(o, ta, tb, m, n, k, al, a, lda, b, ldb, be, c, ldc); };
    api.dgemm = [](int o, int ta, int tb, int m, int n, int k, double al, const double* a, int lda, const double* b,
                   int ldb, double be, double* c,
                   int ldc) { g64.dgemm(o, ta, tb, m, n, k, al, a, lda, b, ldb, be, c, ldc); };
    api.cgemm = [](int o, int ta, int tb, int m, int n, int k, const void* al, const void* a, int lda, const void* b,
                   int ldb, const void* be, void* c,
                   int ldc) { g64.cgemm(o, ta, tb, m, n, k, al, a, lda, b, ldb, be, c, ldc); };
    api.zgemm = [](int o, int ta, int tb, int m, int n, int k, const void* al, const void* a, int lda, const void* b,
                   int ldb, const void* be, void* c,
                   int ldc) { g64.zgemm(o, ta, tb, m, n, k, al, a, lda, b, ldb, be, c, ldc); };
    api.sgemv = [](int o, int ta, int m, int n, float al, const float* a, int lda, const float* x, int ix, float be,
                   float* y, int iy) { g64.sgemv(o, ta, m, n, al, a, lda, x, ix, be, y, iy); };
    api.dgemv = [](int o, int ta, int m, int n, double al, const double* a, int lda, const double* x, int ix, double be,
                   double* y, int iy) { g64.dgemv(o, ta, m, n, al, a, lda, x, ix, be, y, iy); };
    api.cgemv = [](int o, int ta, int m, int n, const void* al, const void* a, int lda, const void* x, int ix,
                   const void* be, void* y, int iy) { g64.cgemv(o, ta, m, n, al, a, lda, x, ix, be, y, iy); };
    api.zgemv = [](int o, int ta, int m, int n, const void* al, const void* a, int lda, const void* x, int ix,
                   const void* be, void* y, int iy) { g64.zgemv(o, ta, m, n, al, a, lda, x, ix, be, y, iy); };
}

// The table from `h` under any of the spellings above; false if none is complete.
bool load_any(void* h, BlasApi& api, bool& ilp64) {
    if (load_table(h, api, "cblas_", "") || load_table(h, api, "scipy_cblas_", "")) return true;
    Blas64 wide;
    if (!load_table(h, wide, "scipy_cblas_", "64_")) return false;
    g64 = wide;
    adapt(api);
    ilp64 = true;
    return true;
}

}  // namespace

std::vector<std::string> bundled_blas_libraries() {
    std::vector<std::string> out;
    const char* env = std::getenv("UJIT_BLAS_SEARCH_PATH");
    if (!env || !*env) return out;
    std::string path = env;
    for (size_t start = 0; start <= path.size();) {
        size_t end = path.find(':', start);
        if (end == std::string::npos) end = path.size();
        std::string dir = path.substr(start, end - start);
        start = end + 1;
        if (dir.empty()) continue;
        std::vector<std::string> found;
        if (DIR* d = opendir(dir.c_str())) {
            while (dirent* e = readdir(d)) {
                std::string n = e->d_name;
                bool blas = n.starts_with("libscipy_openblas") || n.starts_with("libopenblas");
                if (blas && n.find(".so") != std::string::npos) found.push_back(dir + "/" + n);
            }
            closedir(d);
        }
        std::sort(found.begin(), found.end());
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

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
        // NumPy's own OpenBLAS before the system's: in a Python process that is the library
        // NumPy computes with (one thread pool, NumPy's speed and NumPy's results); a system
        // OpenBLAS may be an older or more generic build.
        for (std::string& bundled : bundled_blas_libraries()) names.push_back(std::move(bundled));
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
        bool ilp64 = false;
        if (!load_any(h, api, ilp64)) {
            tried += (tried.empty() ? "" : "; ") + name + ": lacks the CBLAS entry points";
            dlclose(h);
            continue;
        }
        out.available = true;
        out.library = name;
        out.api = api;
        out.ilp64 = ilp64;
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
