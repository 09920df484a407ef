// Kernel launches found by their arguments' codes: one uint32 per argument holding what
// decides its type (an array's dtype, ndim, layout and writability; a scalar's dtype),
// read from the arguments without building types (pipeline/api_cuda.cpp). Typing the
// arguments (type_of_value) formats and interns each array's type name, the largest
// cost of a queued launch once the kernel is loaded; this cache skips it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace ujit::pipeline {

struct LaunchCodeKey {
    const void* def;
    int device, opt_level;
    bool fastmath;
    const uint32_t* codes;
    size_t n;
};

class CodedLaunchCache {
public:
    // The value stored for `key`, or null.
    std::shared_ptr<void> find(const LaunchCodeKey& key) const;
    void insert(const LaunchCodeKey& key, std::shared_ptr<void> value);

private:
    struct Entry {
        const void* def;
        int device, opt_level;
        bool fastmath;
        std::vector<uint32_t> codes;
        std::shared_ptr<void> value;
    };
    static uint64_t hash(const LaunchCodeKey& key);
    mutable std::mutex mutex_;
    std::unordered_multimap<uint64_t, Entry> entries_;
};

}  // namespace ujit::pipeline
