// The conversion from float64 to float16 that LLVM's x86 back end calls for `fptrunc double
// to half` (libgcc's and compiler-rt's __truncdfhf2, which the JIT finds in neither GCC 12's
// shared libgcc nor the process): rounded once, to nearest even, as NumPy's astype does (going
// through float32 would round twice); the result in the low half of xmm0, as the x86-64 ABI
// passes _Float16. float32 -> float16 has its own helper in libgcc and F16C instructions.
#pragma once

#include <cstdint>

// The IEEE binary16 bits nearest to `x` (ties to even; NaN stays a quiet NaN, its sign kept).
uint16_t ujit_half_bits(double x);

extern "C" _Float16 ujit_rt_truncdfhf2(double x);
