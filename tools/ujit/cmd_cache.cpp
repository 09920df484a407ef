// ujit cache list|stats|clear [--dir DIR]: the on-disk compilation cache (src/cache).
#include "commands.hpp"
#include "report.hpp"

#include "cache/cache_dir.hpp"
#include "cache/cache_key.hpp"
#include "cache/disk_cache.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <map>

namespace ujit::cli {

namespace {

// "cuda sm_90", "cpu znver3" (the CPU key's arch is "TRIPLE CPU FEATURES-HASH").
std::string target_text(const std::string& key) {
    std::string target = cache::key_field(key, "target");
    std::string arch = cache::key_field(key, "arch");
    if (target == "cpu") {
        size_t a = arch.find(' ');
        size_t b = a == std::string::npos ? a : arch.find(' ', a + 1);
        if (a != std::string::npos) arch = arch.substr(a + 1, b == std::string::npos ? b : b - a - 1);
    }
    return target + " " + arch;
}

int list(const cache::DiskCache& dc) {
    for (const cache::EntryInfo& e : dc.list()) {
        std::string name = e.path.filename().string();
        if (!e.refused.empty()) {
            std::printf("%s  refused (%s)\n", name.c_str(), e.refused.c_str());
            continue;
        }
        if (e.status != cache::DecodeStatus::Ok) {
            std::printf("%s  invalid (%s), %llu bytes\n", name.c_str(), cache::status_name(e.status),
                        static_cast<unsigned long long>(e.bytes));
            continue;
        }
        const std::string& k = e.key;
        std::string artifact = cache::key_field(k, "artifact");
        std::printf("%s\n",
                    fmt::format("{}  {:<6} {:>9}  {:<16} {} {}{}  {} -O{}{}", name, cache::key_field(k, "kind"),
                                e.bytes, target_text(k), cache::key_field(k, "function"),
                                cache::key_field(k, "signature"), artifact == "ufunc_loop" ? " [ufunc loop]" : "",
                                cache::key_field(k, "file"), cache::key_field(k, "opt"),
                                cache::key_field(k, "fastmath") == "1" ? " fastmath" : "")
                        .c_str());
    }
    return 0;
}

int stats(const cache::DiskCache& dc) {
    cache::DirStats s = dc.stats();
    std::map<std::string, uint64_t> by_kind;
    for (const cache::EntryInfo& e : dc.list())
        if (e.status == cache::DecodeStatus::Ok) ++by_kind[cache::key_field(e.key, "kind")];
    std::string kinds;
    for (const auto& [kind, n] : by_kind) kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", kind, n);
    std::printf("directory: %s\n", dc.dir().c_str());
    if (!s.dir_refused.empty()) std::printf("refused: %s (nothing is loaded from it)\n", s.dir_refused.c_str());
    std::printf("enabled: %s\n", cache::disk_cache_enabled() ? "yes" : "no (UJIT_CACHE=0)");
    std::printf("entries: %llu%s\n", static_cast<unsigned long long>(s.entries),
                kinds.empty() ? "" : (" (" + kinds + ")").c_str());
    std::printf("bytes: %llu\n", static_cast<unsigned long long>(s.bytes));
    std::printf("invalid files: %llu\n", static_cast<unsigned long long>(s.invalid));
    std::printf("refused files: %llu\n", static_cast<unsigned long long>(s.refused));
    std::printf("temporary files: %llu\n", static_cast<unsigned long long>(s.temp_files));
    std::printf("hits: %llu\n", static_cast<unsigned long long>(s.recorded.hits));
    std::printf("misses: %llu\n", static_cast<unsigned long long>(s.recorded.misses));
    return 0;
}

}  // namespace

int run_cache(const ParsedArgs& args) {
    const std::string& action = args.positional[0];
    if (action != "list" && action != "stats" && action != "clear")
        throw UsageError("'ujit cache' takes list, stats or clear, not '" + action + "'");
    std::optional<std::filesystem::path> dir;
    if (auto d = args.get("--dir"))
        dir = *d;
    else
        dir = cache::configured_cache_dir();
    if (!dir) {
        print_message("no cache directory: set UJIT_CACHE_DIR (or XDG_CACHE_HOME or HOME)");
        return 1;
    }
    cache::DiskCache dc(*dir);
    if (action == "list") return list(dc);
    if (action == "stats") return stats(dc);
    size_t n = dc.clear();
    std::printf("removed %zu %s from %s\n", n, n == 1 ? "entry" : "entries", dc.dir().c_str());
    return 0;
}

}  // namespace ujit::cli
