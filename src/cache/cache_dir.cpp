#include "cache/cache_dir.hpp"

#include <cstdlib>
#include <string>

namespace ujit::cache {

namespace {

std::optional<std::string> env(const char* name) {
    const char* v = std::getenv(name);
    if (!v || !*v) return std::nullopt;
    return std::string(v);
}

}  // namespace

bool disk_cache_enabled() {
    auto v = env("UJIT_CACHE");
    if (!v) return true;
    return !(*v == "0" || *v == "off" || *v == "OFF" || *v == "false" || *v == "no");
}

std::optional<std::filesystem::path> configured_cache_dir() {
    if (auto d = env("UJIT_CACHE_DIR")) return std::filesystem::path(*d);
    if (auto x = env("XDG_CACHE_HOME")) return std::filesystem::path(*x) / "ujit";
    if (auto h = env("HOME")) return std::filesystem::path(*h) / ".cache" / "ujit";
    return std::nullopt;
}

}  // namespace ujit::cache
