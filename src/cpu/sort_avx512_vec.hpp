// The AVX-512 vector types the quicksort of cpu/sort_avx512.hpp works on: one struct per key
// type with the few operations the partitions and networks need. Included only by the
// sort_avx512_*.cpp files, which are compiled for the baseline CPU: every function here is
// marked to use AVX-512 and runs only after the CPU check (avx512_sort_usable()).
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define UJIT_HAVE_AVX512_SORT 1

#include <immintrin.h>

#include <cstdint>
#include <limits>

#define UJIT_AVX512_TARGET "avx512f,avx512dq,avx512vl,popcnt"
#define UJIT_AVX512 __attribute__((target(UJIT_AVX512_TARGET)))
// Network steps inlined into one function, so that the registers they work on stay in
// registers instead of an array on the stack that each step loads and stores. Unoptimized
// (Debug) builds call them instead: inlining thousands of steps there only costs compile time.
#ifdef __OPTIMIZE__
#define UJIT_AVX512_INLINE __attribute__((target(UJIT_AVX512_TARGET), always_inline)) inline
#else
#define UJIT_AVX512_INLINE __attribute__((target(UJIT_AVX512_TARGET))) inline
#endif
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns of the undefined vectors inside its own intrinsics (_mm512_undefined_*).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace ujit::cpu::avx512 {

// The members every vector type has: T (the key), V (a vector), M (a lane mask), Index (a
// lane index of T's width), kLanes, kTop/kBottom (the largest/least key: padding), load,
// load_first (the first k lanes, the rest kTop), store, store_first, set1, ge/gt/eq, min, max,
// blend (lanes of b where the mask is set), permute (by a lane index table) and
// compress_store (the mask's lanes packed to memory).
#define UJIT_SORT_VECTOR_OPS(SUFFIX, CAST_SET1, CMP_GE, CMP_GT, CMP_EQ, MINMAX)                                        \
    UJIT_AVX512_INLINE static V load(const T* p) { return _mm512_loadu_##SUFFIX(p); }                                  \
    UJIT_AVX512_INLINE static void store(T* p, V v) { _mm512_storeu_##SUFFIX(p, v); }                                  \
    UJIT_AVX512_INLINE static V set1(T x) { return CAST_SET1(x); }                                                     \
    UJIT_AVX512_INLINE static M ge(V a, V b) { return CMP_GE; }                                                        \
    UJIT_AVX512_INLINE static M gt(V a, V b) { return CMP_GT; }                                                        \
    UJIT_AVX512_INLINE static M eq(V a, V b) { return CMP_EQ; }                                                        \
    UJIT_AVX512_INLINE static V min(V a, V b) { return _mm512_min_##MINMAX(a, b); }                                    \
    UJIT_AVX512_INLINE static V max(V a, V b) { return _mm512_max_##MINMAX(a, b); }                                    \
    UJIT_AVX512_INLINE static M first(int k) { return static_cast<M>((1u << k) - 1); }                                 \
    UJIT_AVX512_INLINE static V load_first(const T* p, int k) {                                                        \
        return _mm512_mask_loadu_##SUFFIX(set1(kTop), first(k), p);                                                    \
    }                                                                                                                  \
    UJIT_AVX512_INLINE static void store_first(T* p, int k, V v) { _mm512_mask_storeu_##SUFFIX(p, first(k), v); }      \
    UJIT_AVX512_INLINE static void compress_store(T* p, M m, V v) { _mm512_mask_compressstoreu_##SUFFIX(p, m, v); }

struct F64 {
    using T = double;
    using V = __m512d;
    using M = __mmask8;
    using Index = int64_t;
    static constexpr int kLanes = 8;
    static constexpr T kTop = __builtin_inf();
    static constexpr T kBottom = -__builtin_inf();
    UJIT_SORT_VECTOR_OPS(pd, _mm512_set1_pd, _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ), _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ),
                         _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ), pd)
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) { return _mm512_mask_blend_pd(m, a, b); }
    UJIT_AVX512_INLINE static V permute(V v, const Index* idx) {
        return _mm512_permutexvar_pd(_mm512_loadu_si512(idx), v);
    }
};

struct F32 {
    using T = float;
    using V = __m512;
    using M = __mmask16;
    using Index = int32_t;
    static constexpr int kLanes = 16;
    static constexpr T kTop = __builtin_inff();
    static constexpr T kBottom = -__builtin_inff();
    UJIT_SORT_VECTOR_OPS(ps, _mm512_set1_ps, _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ), _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ),
                         _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ), ps)
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) { return _mm512_mask_blend_ps(m, a, b); }
    UJIT_AVX512_INLINE static V permute(V v, const Index* idx) {
        return _mm512_permutexvar_ps(_mm512_loadu_si512(idx), v);
    }
};

#define UJIT_SORT_SET1_64(x) _mm512_set1_epi64(static_cast<long long>(x))
#define UJIT_SORT_SET1_32(x) _mm512_set1_epi32(static_cast<int>(x))

struct I64 {
    using T = int64_t;
    using V = __m512i;
    using M = __mmask8;
    using Index = int64_t;
    static constexpr int kLanes = 8;
    static constexpr T kTop = std::numeric_limits<T>::max();
    static constexpr T kBottom = std::numeric_limits<T>::min();
    UJIT_SORT_VECTOR_OPS(epi64, UJIT_SORT_SET1_64, _mm512_cmp_epi64_mask(a, b, _MM_CMPINT_NLT),
                         _mm512_cmp_epi64_mask(a, b, _MM_CMPINT_NLE), _mm512_cmpeq_epi64_mask(a, b), epi64)
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) { return _mm512_mask_blend_epi64(m, a, b); }
    UJIT_AVX512_INLINE static V permute(V v, const Index* idx) {
        return _mm512_permutexvar_epi64(_mm512_loadu_si512(idx), v);
    }
};

struct U64 {
    using T = uint64_t;
    using V = __m512i;
    using M = __mmask8;
    using Index = int64_t;
    static constexpr int kLanes = 8;
    static constexpr T kTop = std::numeric_limits<T>::max();
    static constexpr T kBottom = 0;
    UJIT_SORT_VECTOR_OPS(epi64, UJIT_SORT_SET1_64, _mm512_cmp_epu64_mask(a, b, _MM_CMPINT_NLT),
                         _mm512_cmp_epu64_mask(a, b, _MM_CMPINT_NLE), _mm512_cmpeq_epi64_mask(a, b), epu64)
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) { return _mm512_mask_blend_epi64(m, a, b); }
    UJIT_AVX512_INLINE static V permute(V v, const Index* idx) {
        return _mm512_permutexvar_epi64(_mm512_loadu_si512(idx), v);
    }
};

struct I32 {
    using T = int32_t;
    using V = __m512i;
    using M = __mmask16;
    using Index = int32_t;
    static constexpr int kLanes = 16;
    static constexpr T kTop = std::numeric_limits<T>::max();
    static constexpr T kBottom = std::numeric_limits<T>::min();
    UJIT_SORT_VECTOR_OPS(epi32, UJIT_SORT_SET1_32, _mm512_cmp_epi32_mask(a, b, _MM_CMPINT_NLT),
                         _mm512_cmp_epi32_mask(a, b, _MM_CMPINT_NLE), _mm512_cmpeq_epi32_mask(a, b), epi32)
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) { return _mm512_mask_blend_epi32(m, a, b); }
    UJIT_AVX512_INLINE static V permute(V v, const Index* idx) {
        return _mm512_permutexvar_epi32(_mm512_loadu_si512(idx), v);
    }
};

struct U32 {
    using T = uint32_t;
    using V = __m512i;
    using M = __mmask16;
    using Index = int32_t;
    static constexpr int kLanes = 16;
    static constexpr T kTop = std::numeric_limits<T>::max();
    static constexpr T kBottom = 0;
    UJIT_SORT_VECTOR_OPS(epi32, UJIT_SORT_SET1_32, _mm512_cmp_epu32_mask(a, b, _MM_CMPINT_NLT),
                         _mm512_cmp_epu32_mask(a, b, _MM_CMPINT_NLE), _mm512_cmpeq_epi32_mask(a, b), epu32)
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) { return _mm512_mask_blend_epi32(m, a, b); }
    UJIT_AVX512_INLINE static V permute(V v, const Index* idx) {
        return _mm512_permutexvar_epi32(_mm512_loadu_si512(idx), v);
    }
};

#undef UJIT_SORT_VECTOR_OPS
#undef UJIT_SORT_SET1_64
#undef UJIT_SORT_SET1_32

}  // namespace ujit::cpu::avx512

#endif
