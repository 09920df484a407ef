// hash(s) as CPython computes it (Python/pyhash.c, 3.11 and later): SipHash-1-3 over the
// string's PEP 393 representation (1, 2 or 4 bytes per code point, by its largest), keyed by
// the hash secret; 0 for the empty string, and -1 becomes -2. Numba's hash(str) reads the
// running CPython's secret, so does ujit's Python package (ujit_str_set_hash_secret at
// import); elsewhere the key is zero, which is CPython's under PYTHONHASHSEED=0.
#include "strings/str_abi.h"

#include <atomic>
#include <cstring>
#include <vector>

namespace {

std::atomic<uint64_t> g_k0{0}, g_k1{0};

inline uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

inline void half_round(uint64_t& a, uint64_t& b, uint64_t& c, uint64_t& d, int s, int t) {
    a += b;
    c += d;
    b = rotl(b, s) ^ a;
    d = rotl(d, t) ^ c;
    a = rotl(a, 32);
}

inline void round(uint64_t& v0, uint64_t& v1, uint64_t& v2, uint64_t& v3) {
    half_round(v0, v1, v2, v3, 13, 16);
    half_round(v2, v1, v0, v3, 17, 21);
}

uint64_t siphash13(uint64_t k0, uint64_t k1, const uint8_t* in, size_t n) {
    uint64_t b = static_cast<uint64_t>(n) << 56;
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL;
    uint64_t v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL;
    uint64_t v3 = k1 ^ 0x7465646279746573ULL;
    for (; n >= 8; n -= 8, in += 8) {
        uint64_t m;
        std::memcpy(&m, in, 8);  // little-endian hosts only (x86-64, aarch64)
        v3 ^= m;
        round(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t t = 0;
    std::memcpy(&t, in, n);
    b |= t;
    v3 ^= b;
    round(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    round(v0, v1, v2, v3);
    round(v0, v1, v2, v3);
    round(v0, v1, v2, v3);
    return (v0 ^ v1) ^ (v2 ^ v3);
}

template <class T> uint64_t hash_as(const ujit_str* s, uint64_t k0, uint64_t k1) {
    uint8_t small[256] = {};
    size_t bytes = static_cast<size_t>(s->length) * sizeof(T);
    std::vector<uint8_t> big;
    uint8_t* buf = small;
    if (bytes > sizeof small) {
        big.resize(bytes);
        buf = big.data();
    }
    for (int64_t i = 0; i < s->length; ++i) {
        T c = static_cast<T>(s->data[i]);
        std::memcpy(buf + size_t(i) * sizeof(T), &c, sizeof(T));
    }
    return siphash13(k0, k1, buf, bytes);
}

}  // namespace

extern "C" {

void ujit_str_set_hash_secret(uint64_t k0, uint64_t k1) {
    g_k0.store(k0, std::memory_order_relaxed);
    g_k1.store(k1, std::memory_order_relaxed);
}

int64_t ujit_str_hash(const ujit_str* s) {
    if (s->length == 0) return 0;
    uint32_t widest = 0;
    for (int64_t i = 0; i < s->length; ++i) widest = s->data[i] > widest ? s->data[i] : widest;
    uint64_t k0 = g_k0.load(std::memory_order_relaxed), k1 = g_k1.load(std::memory_order_relaxed);
    uint64_t h = widest < 0x100     ? hash_as<uint8_t>(s, k0, k1)
                 : widest < 0x10000 ? hash_as<uint16_t>(s, k0, k1)
                                    : hash_as<uint32_t>(s, k0, k1);
    auto r = static_cast<int64_t>(h);
    return r == -1 ? -2 : r;
}

}  // extern "C"
