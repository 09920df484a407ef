// The disk cache entry (cache/disk_cache.hpp) of one compile request: its key names the
// module's source hash and file name (CPU code names it in run-time errors), the function, the argument types, target, arch (for the CPU: the
// host CPU and its features), options, what is built and the toolchain around it.
#pragma once

#include "cache/cache_key.hpp"
#include "cache/disk_cache.hpp"
#include "pipeline/compile.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ujit::pipeline {

struct DiskArtifact {
    cache::DiskCache cache;
    std::string key;
    std::optional<std::string> load() const { return cache.load(key); }
    void store(std::string_view payload) const { cache.store(key, payload); }
};

// nullopt when the disk cache is off (UJIT_CACHE=0, no directory), the request keeps its
// IR (dumps need the LLVM IR a cached artifact does not have) or has no source hash.
std::optional<DiskArtifact> disk_artifact(const Request& req, cache::ArtifactKind kind);

// The key text alone (for tests and `ujit cache`): the same as disk_artifact's.
cache::KeyFields disk_key_fields(const Request& req, cache::ArtifactKind kind);

}  // namespace ujit::pipeline
