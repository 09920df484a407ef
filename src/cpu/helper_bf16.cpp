#include "cpu/helper_bf16.hpp"

#include "types/bf16_round.hpp"

#include <bit>
#include <cstdint>

extern "C" _Float16 ujit_rt_truncsfbf2(float x) { return std::bit_cast<_Float16>(ujit::types::bf16_bits(x)); }

extern "C" _Float16 ujit_rt_truncdfbf2(double x) { return std::bit_cast<_Float16>(ujit::types::bf16_bits(x)); }
