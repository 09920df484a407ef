// Hits and misses recorded in the cache directory (file "stats"), shared by every process
// that uses it, for `ujit cache stats`. Updated under an exclusive flock; best effort:
// failures are ignored.
#pragma once

#include <cstdint>
#include <filesystem>

namespace ujit::cache {

struct RecordedCounts {
    uint64_t hits = 0;
    uint64_t misses = 0;
};

constexpr const char* kStatsFile = "stats";

void record_counts(const std::filesystem::path& dir, uint64_t hits, uint64_t misses);
RecordedCounts read_counts(const std::filesystem::path& dir);

}  // namespace ujit::cache
