// bfloat16 rounding on the host: float32 and float64 to bfloat16's bits, to nearest even (as
// cvt.rn.bf16.f32/f64), and back. Constant folding (types/const_eval.cpp) and the CPU's
// conversion helpers (cpu/helper_bf16.cpp, what LLVM calls for fptrunc to bfloat) share them.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace ujit::types {

inline uint16_t bf16_bits(float f) {
    uint32_t u = std::bit_cast<uint32_t>(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);  // NaN stays quiet
    u += 0x7fffu + ((u >> 16) & 1u);
    return static_cast<uint16_t>(u >> 16);
}

// One rounding, not two: the double is first rounded to float toward zero with the inexact
// bit kept in the last place (round to odd), which float → bfloat16 then rounds correctly.
inline uint16_t bf16_bits(double d) {
    if (std::isnan(d)) return bf16_bits(static_cast<float>(d));
    float f = static_cast<float>(d);
    if (static_cast<double>(f) == d) return bf16_bits(f);
    uint32_t u = std::bit_cast<uint32_t>(f);
    if (std::fabs(static_cast<double>(f)) > std::fabs(d)) --u;  // rounded away from zero: step back
    return bf16_bits(std::bit_cast<float>(u | 1u));
}

inline float bf16_value(uint16_t bits) { return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16); }

}  // namespace ujit::types
