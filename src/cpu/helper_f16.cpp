#include "cpu/helper_f16.hpp"

#include <bit>

uint16_t ujit_half_bits(double x) {
    const uint64_t bits = std::bit_cast<uint64_t>(x);
    const uint16_t sign = static_cast<uint16_t>((bits >> 48) & 0x8000);
    const uint64_t magnitude = bits & 0x7fff'ffff'ffff'ffffULL;
    constexpr uint64_t kInf = 0x7ff0'0000'0000'0000ULL;
    if (magnitude > kInf) return sign | 0x7e00 | static_cast<uint16_t>((magnitude >> 42) & 0x1ff);  // NaN
    const int exponent = static_cast<int>(magnitude >> 52) - 1023;
    if (exponent >= 16) return sign | 0x7c00;  // 65536 and up (and inf): past the largest half
    if (exponent < -25) return sign;            // below half the smallest subnormal: to zero
    // The 53-bit significand (the implicit one set; float64 subnormals are far below -25), cut
    // to the 11 bits of a normal half or fewer for a subnormal one, rounded to nearest even.
    const uint64_t significand = (magnitude & ((uint64_t(1) << 52) - 1)) | (uint64_t(1) << 52);
    const int shift = exponent >= -14 ? 42 : 42 + (-14 - exponent);
    uint64_t kept = significand >> shift;
    const uint64_t rest = significand & ((uint64_t(1) << shift) - 1), half = uint64_t(1) << (shift - 1);
    if (rest > half || (rest == half && (kept & 1))) ++kept;
    // A normal half: the exponent field plus the significand with its implicit 1024, so that a
    // rounding carry moves into the exponent (and up to inf); a subnormal is the count itself.
    const uint64_t out = exponent >= -14 ? (uint64_t(exponent + 14) << 10) + kept : kept;
    return sign | static_cast<uint16_t>(out >= 0x7c00 ? 0x7c00 : out);
}

extern "C" _Float16 ujit_rt_truncdfhf2(double x) { return std::bit_cast<_Float16>(ujit_half_bits(x)); }
