#include "cache/entry_format.hpp"

#include "cache/hash.hpp"

#include <cstring>

namespace ujit::cache {

namespace {

void put_le(std::string& out, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}

uint64_t get_le(std::string_view in, size_t offset, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint64_t(static_cast<unsigned char>(in[offset + size_t(i)])) << (8 * i);
    return v;
}

uint64_t checksum(std::string_view header24, std::string_view key, std::string_view payload) {
    return fnv1a64(payload, fnv1a64(key, fnv1a64(header24)));
}

}  // namespace

const char* status_name(DecodeStatus s) {
    switch (s) {
    case DecodeStatus::Ok: return "ok";
    case DecodeStatus::Truncated: return "truncated";
    case DecodeStatus::BadMagic: return "not a ujit cache entry";
    case DecodeStatus::BadVersion: return "another format version";
    case DecodeStatus::BadSize: return "wrong size";
    case DecodeStatus::BadChecksum: return "checksum mismatch";
    case DecodeStatus::WrongKey: return "another key";
    }
    return "?";
}

std::string encode_entry(std::string_view key, std::string_view payload) {
    std::string out;
    out.reserve(kHeaderSize + key.size() + payload.size());
    out.append(kMagic, sizeof kMagic);
    put_le(out, kFormatVersion, 4);
    put_le(out, key.size(), 4);
    put_le(out, payload.size(), 8);
    put_le(out, checksum(std::string_view(out).substr(0, 24), key, payload), 8);
    out.append(key);
    out.append(payload);
    return out;
}

DecodedEntry decode_entry(std::string_view bytes, std::string_view expected_key) {
    DecodedEntry d;
    if (bytes.size() < sizeof kMagic) {
        d.status = DecodeStatus::Truncated;
        return d;
    }
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
        d.status = DecodeStatus::BadMagic;
        return d;
    }
    if (bytes.size() < kHeaderSize) {
        d.status = DecodeStatus::Truncated;
        return d;
    }
    if (get_le(bytes, 8, 4) != kFormatVersion) {
        d.status = DecodeStatus::BadVersion;
        return d;
    }
    uint64_t key_len = get_le(bytes, 12, 4);
    uint64_t payload_len = get_le(bytes, 16, 8);
    uint64_t body = bytes.size() - kHeaderSize;
    if (key_len > body || payload_len != body - key_len) {
        d.status = key_len > body || payload_len > body - key_len ? DecodeStatus::Truncated : DecodeStatus::BadSize;
        return d;
    }
    std::string_view key = bytes.substr(kHeaderSize, key_len);
    std::string_view payload = bytes.substr(kHeaderSize + key_len);
    if (checksum(bytes.substr(0, 24), key, payload) != get_le(bytes, 24, 8)) {
        d.status = DecodeStatus::BadChecksum;
        return d;
    }
    if (!expected_key.empty() && key != expected_key) {
        d.status = DecodeStatus::WrongKey;
        return d;
    }
    d.status = DecodeStatus::Ok;
    d.key = key;
    d.payload = payload;
    return d;
}

}  // namespace ujit::cache
