#include "pipeline/coded_launch_cache.hpp"

#include <algorithm>

namespace ujit::pipeline {

uint64_t CodedLaunchCache::hash(const LaunchCodeKey& key) {
    uint64_t h = 0xcbf29ce484222325ull ^ reinterpret_cast<uintptr_t>(key.def);  // FNV-1a over the words
    auto mix = [&](uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
    mix(uint64_t(uint32_t(key.device)) << 32 | uint32_t(key.opt_level) << 1 | uint32_t(key.fastmath));
    for (size_t i = 0; i < key.n; ++i) mix(key.codes[i]);
    return h;
}

std::shared_ptr<void> CodedLaunchCache::find(const LaunchCodeKey& key) const {
    uint64_t h = hash(key);
    std::lock_guard lock(mutex_);
    auto [it, end] = entries_.equal_range(h);
    for (; it != end; ++it) {
        const Entry& e = it->second;
        if (e.def == key.def && e.device == key.device && e.opt_level == key.opt_level && e.fastmath == key.fastmath &&
            std::equal(e.codes.begin(), e.codes.end(), key.codes, key.codes + key.n))
            return e.value;
    }
    return nullptr;
}

void CodedLaunchCache::insert(const LaunchCodeKey& key, std::shared_ptr<void> value) {
    if (find(key)) return;
    uint64_t h = hash(key);
    std::lock_guard lock(mutex_);
    entries_.emplace(h, Entry{key.def, key.device, key.opt_level, key.fastmath,
                              std::vector<uint32_t>(key.codes, key.codes + key.n), std::move(value)});
}

}  // namespace ujit::pipeline
