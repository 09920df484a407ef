// libFuzzer target: the disk cache's entry decoder. Any bytes must decode to a status; a
// valid entry must re-encode to the same bytes (so nothing but a whole, checked file is
// ever taken for an entry), and a valid entry with one byte changed must be rejected.
#include "cache/entry_format.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace ujit::cache;
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    DecodedEntry d = decode_entry(bytes);
    (void)status_name(d.status);
    if (d.ok() && encode_entry(d.key, d.payload) != bytes) std::abort();
    // The fuzzer's bytes as key and payload: encoding then decoding is the identity, and
    // a flipped bit anywhere is caught.
    std::string_view key = bytes.substr(0, size / 2), payload = bytes.substr(size / 2);
    std::string file = encode_entry(key, payload);
    DecodedEntry back = decode_entry(file, key.empty() ? std::string_view("-") : key);
    if (!key.empty() && (!back.ok() || back.key != key || back.payload != payload)) std::abort();
    if (!file.empty()) {
        file[size % file.size()] ^= static_cast<char>(1 << (size % 8));
        if (decode_entry(file).ok()) std::abort();
    }
    return 0;
}
