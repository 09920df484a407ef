// The conversions to bfloat16 that LLVM's x86 back end calls for `fptrunc ... to bfloat`
// (compiler-rt's __truncsfbf2 and __truncdfbf2, which GCC 12's libgcc lacks): to nearest
// even, the result in the low half of xmm0 as the x86-64 ABI passes bfloat16 (and _Float16).
#pragma once

extern "C" _Float16 ujit_rt_truncsfbf2(float x);
extern "C" _Float16 ujit_rt_truncdfbf2(double x);
