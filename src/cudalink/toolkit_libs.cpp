#include "cudalink/toolkit_libs.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "ujit/ujit.hpp"

#ifndef UJIT_CUDA_HOME
#define UJIT_CUDA_HOME "/usr/local/cuda"
#endif

namespace ujit::cudalink {
namespace {

// The toolkit roots, in the order libdevice is looked for (cuda/libdevice.cpp).
std::vector<std::string> toolkit_homes() {
    std::vector<std::string> homes;
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* e = std::getenv(var); e && *e) homes.push_back(e);
    homes.push_back(UJIT_CUDA_HOME);
    homes.push_back("/usr/local/cuda");
    return homes;
}

// The files to try, in order: `override_var`'s alone when it is set; else each soname in
// $LD_LIBRARY_PATH's directories and each toolkit's lib64 (full paths, so that the file that
// loads is known without loading it: nvrtc_identity), then the bare sonames (the system's
// loader cache).
std::vector<std::string> library_candidates(const char* override_var, const std::vector<std::string>& sonames,
                                            const std::vector<std::string>& subdirs = {"lib64"}) {
    if (const char* e = std::getenv(override_var); e && *e) return {e};
    std::vector<std::string> dirs;
    if (const char* e = std::getenv("LD_LIBRARY_PATH"); e && *e) {
        std::string path = e;
        for (size_t start = 0; start <= path.size();) {
            size_t end = path.find(':', start);
            if (end == std::string::npos) end = path.size();
            if (end > start) dirs.push_back(path.substr(start, end - start));
            start = end + 1;
        }
    }
    for (const std::string& home : toolkit_homes())
        for (const std::string& sub : subdirs) dirs.push_back(home + "/" + sub);
    std::vector<std::string> candidates;
    for (const std::string& d : dirs)
        for (const std::string& so : sonames) candidates.push_back(d + "/" + so);
    candidates.insert(candidates.end(), sonames.begin(), sonames.end());
    return candidates;
}

const std::vector<std::string> kNvrtcSonames = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
const std::vector<std::string> kNvJitLinkSonames = {"libnvJitLink.so.13", "libnvJitLink.so.12", "libnvJitLink.so"};
const std::vector<std::string> kNvvmSonames = {"libnvvm.so.4", "libnvvm.so"};
// libNVVM lives in the toolkit's nvvm/lib64 (a wheel-style layout puts it beside the others).
const std::vector<std::string> kNvvmSubdirs = {"nvvm/lib64", "lib64"};

// dlopen of the first candidate that loads.
void* open_library(const char* what, const char* override_var, const std::vector<std::string>& sonames,
                   std::string* looked, const std::vector<std::string>& subdirs = {"lib64"}) {
    std::vector<std::string> candidates = library_candidates(override_var, sonames, subdirs);
    for (const std::string& c : candidates) {
        if (void* h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
        const char* why = dlerror();
        *looked += fmt::format("\n  {} ({})", c, why ? why : "not loadable");
    }
    *looked = fmt::format("error: {} could not be loaded{}; install the CUDA toolkit's {} or set CUDA_HOME "
                          "(or {}) to it. Tried:{}",
                          what, std::getenv(override_var) ? fmt::format(" (${} is set)", override_var) : "", what,
                          override_var, *looked);
    return nullptr;
}

// A library found but lacking entry points (`missing`, comma-separated) is closed and named:
// "the LIBRARY library lacks entry points ujit needs (...)" and what it takes (`needed`).
void require_entry_points(void* handle, const std::string& missing, const char* library, const char* needed) {
    if (missing.empty()) return;
    dlclose(handle);
    throw Error(Error::Kind::Runtime,
                fmt::format("error: the {} library lacks entry points ujit needs ({}){}", library, missing, needed));
}

template <class Fn> void resolve(void* handle, const char* symbol, Fn& slot, std::string& missing) {
    slot = reinterpret_cast<Fn>(dlsym(handle, symbol));
    if (!slot) missing += std::string(missing.empty() ? "" : ", ") + symbol;
}

std::string override_key(const char* var) {
    const char* e = std::getenv(var);
    return e ? e : "";
}

// One loaded table per override value (normally just the default), kept for the process.
template <class Api, class Load> const Api& load_once(const char* override_var, Load load) {
    static std::mutex mu;
    static std::map<std::string, Api> loaded;  // a node map: the references handed out stay valid
    std::lock_guard<std::mutex> lock(mu);
    std::string key = override_key(override_var);
    if (auto it = loaded.find(key); it != loaded.end()) return it->second;
    Api api = load();  // throws when absent: nothing cached, the next call retries
    return loaded.emplace(key, api).first->second;
}

}  // namespace

const NvrtcApi& nvrtc() {
    return load_once<NvrtcApi>("UJIT_NVRTC_LIBRARY", [] {
        std::string looked;
        void* h = open_library("NVRTC (libnvrtc.so)", "UJIT_NVRTC_LIBRARY", kNvrtcSonames, &looked);
        if (!h) throw Error(Error::Kind::Runtime, looked);
        NvrtcApi api;
        std::string missing;
        resolve(h, "nvrtcGetErrorString", api.GetErrorString, missing);
        resolve(h, "nvrtcVersion", api.Version, missing);
        resolve(h, "nvrtcCreateProgram", api.CreateProgram, missing);
        resolve(h, "nvrtcDestroyProgram", api.DestroyProgram, missing);
        resolve(h, "nvrtcCompileProgram", api.CompileProgram, missing);
        resolve(h, "nvrtcGetProgramLogSize", api.GetProgramLogSize, missing);
        resolve(h, "nvrtcGetProgramLog", api.GetProgramLog, missing);
        resolve(h, "nvrtcGetPTXSize", api.GetPTXSize, missing);
        resolve(h, "nvrtcGetPTX", api.GetPTX, missing);
        resolve(h, "nvrtcGetCUBINSize", api.GetCUBINSize, missing);
        resolve(h, "nvrtcGetCUBIN", api.GetCUBIN, missing);
        resolve(h, "nvrtcGetLTOIRSize", api.GetLTOIRSize, missing);
        resolve(h, "nvrtcGetLTOIR", api.GetLTOIR, missing);
        require_entry_points(h, missing, "NVRTC", ": NVRTC 12 or newer is required");
        api.Version(&api.major, &api.minor);
        return api;
    });
}

const NvJitLinkApi& nvjitlink() {
    return load_once<NvJitLinkApi>("UJIT_NVJITLINK_LIBRARY", [] {
        std::string looked;
        void* h = open_library("nvJitLink (libnvJitLink.so)", "UJIT_NVJITLINK_LIBRARY", kNvJitLinkSonames, &looked);
        if (!h) throw Error(Error::Kind::Runtime, looked);
        NvJitLinkApi api;
        std::string missing;
        resolve(h, "nvJitLinkCreate", api.Create, missing);
        resolve(h, "nvJitLinkDestroy", api.Destroy, missing);
        resolve(h, "nvJitLinkAddData", api.AddData, missing);
        resolve(h, "nvJitLinkComplete", api.Complete, missing);
        resolve(h, "nvJitLinkGetLinkedCubinSize", api.GetLinkedCubinSize, missing);
        resolve(h, "nvJitLinkGetLinkedCubin", api.GetLinkedCubin, missing);
        resolve(h, "nvJitLinkGetLinkedPtxSize", api.GetLinkedPtxSize, missing);
        resolve(h, "nvJitLinkGetLinkedPtx", api.GetLinkedPtx, missing);
        resolve(h, "nvJitLinkGetErrorLogSize", api.GetErrorLogSize, missing);
        resolve(h, "nvJitLinkGetErrorLog", api.GetErrorLog, missing);
        resolve(h, "nvJitLinkGetInfoLogSize", api.GetInfoLogSize, missing);
        resolve(h, "nvJitLinkGetInfoLog", api.GetInfoLog, missing);
        resolve(h, "nvJitLinkVersion", api.Version, missing);
        require_entry_points(h, missing, "nvJitLink", ": nvJitLink 12.3 or newer is required");
        api.Version(&api.major, &api.minor);
        return api;
    });
}

const NvvmApi& nvvm() {
    return load_once<NvvmApi>("UJIT_NVVM_LIBRARY", [] {
        std::string looked;
        void* h = open_library("libNVVM (libnvvm.so)", "UJIT_NVVM_LIBRARY", kNvvmSonames, &looked, kNvvmSubdirs);
        if (!h) throw Error(Error::Kind::Runtime, looked);
        NvvmApi api;
        std::string missing;
        resolve(h, "nvvmVersion", api.Version, missing);
        resolve(h, "nvvmCreateProgram", api.CreateProgram, missing);
        resolve(h, "nvvmDestroyProgram", api.DestroyProgram, missing);
        resolve(h, "nvvmAddModuleToProgram", api.AddModuleToProgram, missing);
        resolve(h, "nvvmCompileProgram", api.CompileProgram, missing);
        resolve(h, "nvvmGetCompiledResultSize", api.GetCompiledResultSize, missing);
        resolve(h, "nvvmGetCompiledResult", api.GetCompiledResult, missing);
        resolve(h, "nvvmGetProgramLogSize", api.GetProgramLogSize, missing);
        resolve(h, "nvvmGetProgramLog", api.GetProgramLog, missing);
        require_entry_points(h, missing, "libNVVM", "");
        api.Version(&api.major, &api.minor);
        return api;
    });
}

namespace {

// Whether `load` loads its library (no throw); `why` gets the error when not.
template <class Api> bool loads(const Api& (*load)(), std::string* why) {
    try {
        load();
        return true;
    } catch (const Error& e) {
        if (why) *why = e.what();
        return false;
    }
}

}  // namespace

bool nvvm_available(std::string* why) { return loads(nvvm, why); }

bool nvjitlink_available(std::string* why) { return loads(nvjitlink, why); }

namespace {

std::string library_identity(const char* env, const std::vector<std::string>& sonames,
                             const std::vector<std::string>& subdirs = {"lib64"}) {
    for (const std::string& c : library_candidates(env, sonames, subdirs)) {
        if (c.find('/') == std::string::npos) break;  // a bare soname: only loading it tells which file
        struct stat st{};
        if (stat(c.c_str(), &st) != 0) continue;
        char* real = realpath(c.c_str(), nullptr);
        std::string id = fmt::format("{}:{}:{}", real ? real : c, st.st_size, st.st_mtime);
        free(real);
        return id;
    }
    return {};
}

}  // namespace

std::string nvrtc_identity() { return library_identity("UJIT_NVRTC_LIBRARY", kNvrtcSonames); }

std::string nvjitlink_identity() { return library_identity("UJIT_NVJITLINK_LIBRARY", kNvJitLinkSonames); }

std::string nvvm_identity() { return library_identity("UJIT_NVVM_LIBRARY", kNvvmSonames, kNvvmSubdirs); }

std::string cudadevrt_library() {
    if (const char* e = std::getenv("UJIT_CUDADEVRT_LIBRARY"); e && *e) {
        if (access(e, R_OK) == 0) return e;
        throw Error(Error::Kind::Runtime, fmt::format("error: $UJIT_CUDADEVRT_LIBRARY names '{}', which cannot be "
                                                      "read: cooperative kernels (cuda.cg) link CUDA's device "
                                                      "runtime from it",
                                                      e));
    }
    std::string looked;
    for (const std::string& home : toolkit_homes()) {
        std::string path = home + "/lib64/libcudadevrt.a";
        if (access(path.c_str(), R_OK) == 0) return path;
        looked += "\n  " + path;
    }
    throw Error(Error::Kind::Runtime, fmt::format("error: a kernel that synchronizes its grid (cuda.cg) links CUDA's "
                                                  "device runtime, libcudadevrt.a, and there is none; install the "
                                                  "CUDA toolkit or set CUDA_HOME (or UJIT_CUDADEVRT_LIBRARY) to it. "
                                                  "Tried:{}",
                                                  looked));
}

std::string cuda_include_dir() {
    for (const std::string& home : toolkit_homes()) {
        std::string dir = home + "/include";
        if (access((dir + "/cuda_runtime.h").c_str(), R_OK) == 0) return dir;
    }
    return {};
}

}  // namespace ujit::cudalink
