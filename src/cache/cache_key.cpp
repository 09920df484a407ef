#include "cache/cache_key.hpp"

#include <llvm/Config/llvm-config.h>

#include <dlfcn.h>
#include <sys/stat.h>

#include <string_view>

#ifndef UJIT_VERSION_STRING
#define UJIT_VERSION_STRING "unknown"
#endif

namespace ujit::cache {

namespace {

constexpr int kKeyVersion = 1;

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

}  // namespace

const char* kind_name(ArtifactKind k) {
    switch (k) {
    case ArtifactKind::Ptx: return "ptx";
    case ArtifactKind::Cubin: return "cubin";
    case ArtifactKind::Object: return "object";
    case ArtifactKind::NvvmIr: return "nvvm-ir";
    }
    return "?";
}

std::string compiler_version() { return std::string("ujit ") + UJIT_VERSION_STRING + ", LLVM " + LLVM_VERSION_STRING; }

std::string file_identity(const std::string& path) {
    struct stat st{};
    if (path.empty() || ::stat(path.c_str(), &st) != 0) return "";
    return path + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec);
}

std::string build_identity() {
    static const std::string id = [] {
        Dl_info info{};
        // Any function of this library: dladdr names the object file it was loaded from.
        if (::dladdr(reinterpret_cast<void*>(&build_identity), &info) && info.dli_fname) {
            std::string fid = file_identity(info.dli_fname);
            if (!fid.empty()) return fid;
        }
        return std::string("unknown");
    }();
    return id;
}

std::string canonical_key(const KeyFields& f) {
    std::string k = "ujit-cache-key " + std::to_string(kKeyVersion) + "\n";
    auto add = [&](std::string_view name, const std::string& value) {
        k += name;
        k += '=';
        k += one_line(value);
        k += '\n';
    };
    add("kind", kind_name(f.kind));
    add("source", f.source_hash);
    add("file", f.file);
    add("function", f.function);
    add("signature", f.signature);
    add("target", f.target);
    add("arch", f.arch);
    add("opt", std::to_string(f.opt_level));
    add("fastmath", f.fastmath ? "1" : "0");
    add("artifact", f.artifact);
    add("toolchain", f.toolchain);
    add("compiler", compiler_version());
    add("build", build_identity());
    return k;
}

std::string key_field(const std::string& key, const std::string& name) {
    std::string needle = name + "=";
    size_t pos = 0;
    while (pos < key.size()) {
        size_t end = key.find('\n', pos);
        if (end == std::string::npos) end = key.size();
        if (key.compare(pos, needle.size(), needle) == 0)
            return key.substr(pos + needle.size(), end - pos - needle.size());
        pos = end + 1;
    }
    return "";
}

}  // namespace ujit::cache
