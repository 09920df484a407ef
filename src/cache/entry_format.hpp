// The bytes of one disk cache entry file:
//
//   offset  size  field
//        0     8  magic "UJITCACH"
//        8     4  format version (kFormatVersion), little-endian
//       12     4  key length K, little-endian
//       16     8  payload length P, little-endian
//       24     8  checksum: fnv1a64 over the 24 bytes above, the key and the payload
//       32     K  key text (cache_key.hpp)
//     32+K     P  payload (PTX text, cubin, ELF object)
//
// The file is exactly 32 + K + P bytes. decode_entry checks every field; anything else
// (another magic, another version, a short or long file, a flipped bit, another key) is
// rejected and the caller rebuilds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ujit::cache {

constexpr char kMagic[8] = {'U', 'J', 'I', 'T', 'C', 'A', 'C', 'H'};
constexpr uint32_t kFormatVersion = 1;
constexpr size_t kHeaderSize = 32;

std::string encode_entry(std::string_view key, std::string_view payload);

enum class DecodeStatus { Ok, Truncated, BadMagic, BadVersion, BadSize, BadChecksum, WrongKey };
const char* status_name(DecodeStatus s);

struct DecodedEntry {
    DecodeStatus status = DecodeStatus::Truncated;
    std::string key;
    std::string payload;
    bool ok() const { return status == DecodeStatus::Ok; }
};

// Validates `bytes` (a whole file). With a non-empty `expected_key` the stored key must
// equal it. The key and payload are filled only when the entry is valid.
DecodedEntry decode_entry(std::string_view bytes, std::string_view expected_key = {});

}  // namespace ujit::cache
