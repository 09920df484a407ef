// float64 -> float16 as the CPU JIT's __truncdfhf2 computes it (cpu/helper_f16.hpp): one
// rounding to nearest even, overflow to infinity, subnormals, NaN. tests/python/test_cuda_fp16.py
// checks every half's neighbourhood against NumPy's astype.
#include <catch2/catch.hpp>

#include "cpu/helper_f16.hpp"

#include <cmath>
#include <limits>

TEST_CASE("float64 to float16: exact values, ties to even, overflow and subnormals", "[cpu][f16]") {
    CHECK(ujit_half_bits(0.0) == 0x0000);
    CHECK(ujit_half_bits(-0.0) == 0x8000);
    CHECK(ujit_half_bits(1.0) == 0x3c00);
    CHECK(ujit_half_bits(-2.5) == 0xc100);
    CHECK(ujit_half_bits(65504.0) == 0x7bff);                         // the largest half
    CHECK(ujit_half_bits(65519.99) == 0x7bff);                        // below the midpoint to inf
    CHECK(ujit_half_bits(65520.0) == 0x7c00);                         // the tie rounds to even: inf
    CHECK(ujit_half_bits(1e300) == 0x7c00);
    CHECK(ujit_half_bits(-std::numeric_limits<double>::infinity()) == 0xfc00);
    CHECK(ujit_half_bits(1.0 + std::ldexp(1.0, -11)) == 0x3c00);      // a tie: to the even 1.0
    CHECK(ujit_half_bits(1.0 + 3 * std::ldexp(1.0, -11)) == 0x3c02);  // a tie: to the even 1 + 2**-9
    CHECK(ujit_half_bits(1.0 + std::ldexp(1.0, -11) + 1e-12) == 0x3c01);  // past the tie: up, once
    CHECK(ujit_half_bits(std::ldexp(1.0, -24)) == 0x0001);                // the smallest subnormal
    CHECK(ujit_half_bits(std::ldexp(1.0, -25)) == 0x0000);                // half of it: to even 0
    CHECK(ujit_half_bits(std::ldexp(1.5, -25)) == 0x0001);
    CHECK(ujit_half_bits(std::ldexp(1023.5, -24)) == 0x0400);  // the largest subnormal's carry: normal
    CHECK(ujit_half_bits(std::numeric_limits<double>::denorm_min()) == 0x0000);
    CHECK((ujit_half_bits(std::nan("")) & 0x7e00) == 0x7e00);  // a quiet NaN
}
