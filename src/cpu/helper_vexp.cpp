// exp(x) = 2^n * e^r, n = round(x / ln 2), r = x - n ln 2 (|r| <= ln2/2, two-part ln 2 as
// in fdlibm), e^r - 1 by its Taylor series to degree 13 (truncation < 2^-58 on that
// interval), Horner with FMA; 2^n applied as two exact power-of-two factors so that
// n = 1024 (near overflow) and n < -1022 (subnormal results) round once, like libm.
#include "cpu/helper_vexp.hpp"

namespace ujit::cpu {
bool host_has_avx2_fma() {
    static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return yes;
}
}  // namespace ujit::cpu

namespace {

__attribute__((target("avx2,fma"))) inline __m256d pow2(__m256d n) {
    // n + 1023 sits in the low mantissa bits of 2^52 + n + 1023; shifted up 52, it is the
    // exponent field of 2^n (n in [-540, 512] here, so the field stays in 1..2046).
    __m256d biased = _mm256_add_pd(n, _mm256_set1_pd(4503599627370496.0 + 1023.0));
    return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castpd_si256(biased), 52));
}

}  // namespace

extern "C" __attribute__((target("avx2,fma"))) __m256d ujit_rt_exp_d4(__m256d x) {
    const __m256d n = _mm256_round_pd(_mm256_mul_pd(x, _mm256_set1_pd(1.4426950408889634074)),
                                      _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256d r = _mm256_fnmadd_pd(n, _mm256_set1_pd(6.93147180369123816490e-01), x);
    r = _mm256_fnmadd_pd(n, _mm256_set1_pd(1.90821492927058770002e-10), r);
    static constexpr double c[] = {1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800,
                                   1.0 / 362880,     1.0 / 40320,     1.0 / 5040,     1.0 / 720,
                                   1.0 / 120,        1.0 / 24,        1.0 / 6,        1.0 / 2};
    __m256d p = _mm256_set1_pd(c[0]);
    for (int k = 1; k < 12; ++k) p = _mm256_fmadd_pd(p, r, _mm256_set1_pd(c[k]));
    __m256d em1 = _mm256_fmadd_pd(_mm256_mul_pd(r, r), p, r);  // e^r - 1
    __m256d e = _mm256_add_pd(_mm256_set1_pd(1.0), em1);
    // Scale: clamped so the factors stay normal; outside the clamp the result is 0 or inf.
    __m256d nc = _mm256_min_pd(_mm256_set1_pd(1024.0), _mm256_max_pd(_mm256_set1_pd(-1080.0), n));
    __m256d n1 = _mm256_floor_pd(_mm256_mul_pd(nc, _mm256_set1_pd(0.5)));
    __m256d y = _mm256_mul_pd(_mm256_mul_pd(e, pow2(n1)), pow2(_mm256_sub_pd(nc, n1)));
    y = _mm256_blendv_pd(y, _mm256_set1_pd(__builtin_inf()), _mm256_cmp_pd(x, _mm256_set1_pd(709.8), _CMP_GT_OQ));
    y = _mm256_blendv_pd(y, _mm256_setzero_pd(), _mm256_cmp_pd(x, _mm256_set1_pd(-745.2), _CMP_LT_OQ));
    return y;
}

// float32: exp in float64 (1 ulp there), rounded once to float32. glibc's _ZGVdN8v_expf is
// 3 ulp from its scalar expf at some points of a 10M sweep.
extern "C" __attribute__((target("avx2,fma"))) __m256 ujit_rt_exp_f8(__m256 x) {
    __m256d lo = ujit_rt_exp_d4(_mm256_cvtps_pd(_mm256_castps256_ps128(x)));
    __m256d hi = ujit_rt_exp_d4(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
    return _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
}
