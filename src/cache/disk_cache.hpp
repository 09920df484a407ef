// The on-disk cache of compiled artifacts (PTX, CPU object code): one file per key in one
// directory (cache_dir.hpp), named by the hash of the key text, in entry_format.hpp's
// format. Writes go to a temporary file in the same directory and are renamed into place,
// so readers see a whole entry or none, and concurrent writers of one key both succeed
// (the last rename wins; the entries are equal). Reads validate everything and treat any
// bad file as a miss, deleting it; the caller rebuilds and stores again. No operation
// throws: a cache that cannot be read or written is a cache that misses. A directory or
// entry that someone else owns or may write is never used (trust.hpp); the directory is
// made 0700 and entries 0600.
#pragma once

#include "cache/entry_format.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ujit::cache {

struct CacheCounters {
    uint64_t hits = 0;
    uint64_t misses = 0;    // no file, or a rejected one
    uint64_t stores = 0;
    uint64_t rejected = 0;  // files that failed validation (and were deleted)
};

struct EntryInfo {
    std::filesystem::path path;
    uint64_t bytes = 0;        // of the file
    DecodeStatus status = DecodeStatus::Ok;
    std::string key;           // when valid
    uint64_t payload_bytes = 0;
    std::string refused;       // why the file is not trusted (trust.hpp), or ""
};

struct DirStats {
    uint64_t entries = 0;      // valid entries
    uint64_t bytes = 0;        // their file sizes
    uint64_t invalid = 0;      // entry files that fail validation
    uint64_t refused = 0;      // entry files not trusted (trust.hpp): not read at all
    uint64_t temp_files = 0;   // leftovers of interrupted writes
    CacheCounters recorded;    // hits and misses recorded in the directory by every process
    std::string dir_refused;   // why the directory is not used (trust.hpp), or ""
};

class DiskCache {
public:
    static constexpr const char* kEntrySuffix = ".ujc";

    explicit DiskCache(std::filesystem::path dir);

    // The cache the environment configures; nullopt when UJIT_CACHE=0 or no directory.
    static std::optional<DiskCache> from_env();

    const std::filesystem::path& dir() const { return dir_; }
    std::filesystem::path path_for(const std::string& key) const;

    // The payload stored under `key`, or nullopt (counted as a miss).
    std::optional<std::string> load(const std::string& key) const;
    // Atomically writes the entry; false when it could not (nothing is left behind).
    bool store(const std::string& key, std::string_view payload) const;

    std::vector<EntryInfo> list() const;  // entry files, sorted by path
    DirStats stats() const;
    // Removes every entry file, temporary file and the recorded counters; returns the
    // number of entry files removed.
    size_t clear() const;

    // This process's counters, over every DiskCache.
    static CacheCounters process_counters();

private:
    bool usable_dir() const;

    std::filesystem::path dir_;
};

}  // namespace ujit::cache
