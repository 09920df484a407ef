#include "cache/hash.hpp"

namespace ujit::cache {

uint64_t fnv1a64(std::string_view data, uint64_t state) {
    for (unsigned char c : data) {
        state ^= c;
        state *= kFnvPrime;
    }
    return state;
}

std::string hex64(uint64_t v) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) s[size_t(i)] = kDigits[v & 0xf];
    return s;
}

}  // namespace ujit::cache
