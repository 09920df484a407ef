// FNV-1a, 64 bits: the checksum of disk cache entries and the hash behind their file
// names and source keys. Not cryptographic: it detects torn writes, bit rot and files
// that are not ours, not an attacker (the cache directory is the user's own).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ujit::cache {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr uint64_t kFnvPrime = 0x100000001b3ull;

// Continues a hash: fnv1a64(b, fnv1a64(a)) == fnv1a64(a + b).
uint64_t fnv1a64(std::string_view data, uint64_t state = kFnvOffset);

// 16 lowercase hex digits.
std::string hex64(uint64_t v);

}  // namespace ujit::cache
