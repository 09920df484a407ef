// ujit's own AVX2 exp for float64 (4 lanes) and float32 (8 lanes) loops: glibc's _ZGVdN4v_exp differs from glibc's
// scalar exp by 3 ulp at some inputs (346 of a 10M-point sweep of [-745, 710]); this one
// stays within 2 ulp of it (tests/unit/cpu/vector_math_test.cpp). The loop vectorizer
// calls it in place of llvm.exp.f64 (libmvec.cpp maps it).
#pragma once

#include <immintrin.h>

extern "C" __attribute__((target("avx2,fma"))) __m256d ujit_rt_exp_d4(__m256d x);
extern "C" __attribute__((target("avx2,fma"))) __m256 ujit_rt_exp_f8(__m256 x);  // 8 float32 lanes

namespace ujit::cpu {
bool host_has_avx2_fma();
}  // namespace ujit::cpu
