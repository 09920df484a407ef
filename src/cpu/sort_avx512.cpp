#include "cpu/sort_avx512.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define UJIT_HAVE_AVX512_SORT 1
// Only the functions marked so use AVX-512; the file is compiled for the baseline CPU, and
// nothing here runs before the CPU check.
#define UJIT_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl,popcnt")))
// The networks' steps inlined into one function: the registers they work on then stay in
// registers instead of an array on the stack that each step loads and stores.
#define UJIT_AVX512_INLINE __attribute__((target("avx512f,avx512dq,avx512vl,popcnt"), always_inline)) inline
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns of the undefined vectors inside its own intrinsics (_mm512_undefined_*).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#endif

namespace ujit::cpu {

#ifdef UJIT_HAVE_AVX512_SORT
namespace {

// One vector type's operations: load, broadcast, the two compares a partition needs, and
// compress (the lanes of a mask packed to the front).
struct F64 {
    using T = double;
    using V = __m512d;
    using M = __mmask8;
    static constexpr int kLanes = 8;
    UJIT_AVX512 static V load(const T* p) { return _mm512_loadu_pd(p); }
    UJIT_AVX512 static V set1(T x) { return _mm512_set1_pd(x); }
    UJIT_AVX512 static M ge(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ); }
    UJIT_AVX512 static M gt(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ); }
    UJIT_AVX512 static void store_first(T* p, int k, M m, V v) {
        _mm512_mask_storeu_pd(p, static_cast<M>((1u << k) - 1), _mm512_maskz_compress_pd(m, v));
    }
    using Index = int64_t;
    static constexpr T kTop = __builtin_inf();
    UJIT_AVX512 static V min(V a, V b) { return _mm512_min_pd(a, b); }
    UJIT_AVX512 static V max(V a, V b) { return _mm512_max_pd(a, b); }
    UJIT_AVX512 static V blend(M m, V a, V b) { return _mm512_mask_blend_pd(m, a, b); }
    UJIT_AVX512 static V permute(V v, const Index* idx) { return _mm512_permutexvar_pd(_mm512_loadu_si512(idx), v); }
    UJIT_AVX512 static V load_first(const T* p, int k) {
        return _mm512_mask_loadu_pd(set1(kTop), static_cast<M>((1u << k) - 1), p);
    }
    UJIT_AVX512 static void store(T* p, int k, V v) { _mm512_mask_storeu_pd(p, static_cast<M>((1u << k) - 1), v); }
};
struct F32 {
    using T = float;
    using V = __m512;
    using M = __mmask16;
    static constexpr int kLanes = 16;
    UJIT_AVX512 static V load(const T* p) { return _mm512_loadu_ps(p); }
    UJIT_AVX512 static V set1(T x) { return _mm512_set1_ps(x); }
    UJIT_AVX512 static M ge(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
    UJIT_AVX512 static M gt(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
    UJIT_AVX512 static void store_first(T* p, int k, M m, V v) {
        _mm512_mask_storeu_ps(p, static_cast<M>((1u << k) - 1), _mm512_maskz_compress_ps(m, v));
    }
    using Index = int32_t;
    static constexpr T kTop = __builtin_inff();
    UJIT_AVX512 static V min(V a, V b) { return _mm512_min_ps(a, b); }
    UJIT_AVX512 static V max(V a, V b) { return _mm512_max_ps(a, b); }
    UJIT_AVX512 static V blend(M m, V a, V b) { return _mm512_mask_blend_ps(m, a, b); }
    UJIT_AVX512 static V permute(V v, const Index* idx) { return _mm512_permutexvar_ps(_mm512_loadu_si512(idx), v); }
    UJIT_AVX512 static V load_first(const T* p, int k) {
        return _mm512_mask_loadu_ps(set1(kTop), static_cast<M>((1u << k) - 1), p);
    }
    UJIT_AVX512 static void store(T* p, int k, V v) { _mm512_mask_storeu_ps(p, static_cast<M>((1u << k) - 1), v); }
};
template <class E, bool kSigned> struct I64 {
    using T = E;
    using V = __m512i;
    using M = __mmask8;
    static constexpr int kLanes = 8;
    UJIT_AVX512 static V load(const T* p) { return _mm512_loadu_si512(p); }
    UJIT_AVX512 static V set1(T x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
    UJIT_AVX512 static M ge(V a, V b) {
        return kSigned ? _mm512_cmp_epi64_mask(a, b, _MM_CMPINT_NLT) : _mm512_cmp_epu64_mask(a, b, _MM_CMPINT_NLT);
    }
    UJIT_AVX512 static M gt(V a, V b) {
        return kSigned ? _mm512_cmp_epi64_mask(a, b, _MM_CMPINT_NLE) : _mm512_cmp_epu64_mask(a, b, _MM_CMPINT_NLE);
    }
    UJIT_AVX512 static void store_first(T* p, int k, M m, V v) {
        _mm512_mask_storeu_epi64(p, static_cast<M>((1u << k) - 1), _mm512_maskz_compress_epi64(m, v));
    }
    using Index = int64_t;
    static constexpr T kTop = std::numeric_limits<T>::max();
    UJIT_AVX512 static V min(V a, V b) { return kSigned ? _mm512_min_epi64(a, b) : _mm512_min_epu64(a, b); }
    UJIT_AVX512 static V max(V a, V b) { return kSigned ? _mm512_max_epi64(a, b) : _mm512_max_epu64(a, b); }
    UJIT_AVX512 static V blend(M m, V a, V b) { return _mm512_mask_blend_epi64(m, a, b); }
    UJIT_AVX512 static V permute(V v, const Index* idx) { return _mm512_permutexvar_epi64(_mm512_loadu_si512(idx), v); }
    UJIT_AVX512 static V load_first(const T* p, int k) {
        return _mm512_mask_loadu_epi64(set1(kTop), static_cast<M>((1u << k) - 1), p);
    }
    UJIT_AVX512 static void store(T* p, int k, V v) { _mm512_mask_storeu_epi64(p, static_cast<M>((1u << k) - 1), v); }
};
template <class E, bool kSigned> struct I32 {
    using T = E;
    using V = __m512i;
    using M = __mmask16;
    static constexpr int kLanes = 16;
    UJIT_AVX512 static V load(const T* p) { return _mm512_loadu_si512(p); }
    UJIT_AVX512 static V set1(T x) { return _mm512_set1_epi32(static_cast<int>(x)); }
    UJIT_AVX512 static M ge(V a, V b) {
        return kSigned ? _mm512_cmp_epi32_mask(a, b, _MM_CMPINT_NLT) : _mm512_cmp_epu32_mask(a, b, _MM_CMPINT_NLT);
    }
    UJIT_AVX512 static M gt(V a, V b) {
        return kSigned ? _mm512_cmp_epi32_mask(a, b, _MM_CMPINT_NLE) : _mm512_cmp_epu32_mask(a, b, _MM_CMPINT_NLE);
    }
    UJIT_AVX512 static void store_first(T* p, int k, M m, V v) {
        _mm512_mask_storeu_epi32(p, static_cast<M>((1u << k) - 1), _mm512_maskz_compress_epi32(m, v));
    }
    using Index = int32_t;
    static constexpr T kTop = std::numeric_limits<T>::max();
    UJIT_AVX512 static V min(V a, V b) { return kSigned ? _mm512_min_epi32(a, b) : _mm512_min_epu32(a, b); }
    UJIT_AVX512 static V max(V a, V b) { return kSigned ? _mm512_max_epi32(a, b) : _mm512_max_epu32(a, b); }
    UJIT_AVX512 static V blend(M m, V a, V b) { return _mm512_mask_blend_epi32(m, a, b); }
    UJIT_AVX512 static V permute(V v, const Index* idx) { return _mm512_permutexvar_epi32(_mm512_loadu_si512(idx), v); }
    UJIT_AVX512 static V load_first(const T* p, int k) {
        return _mm512_mask_loadu_epi32(set1(kTop), static_cast<M>((1u << k) - 1), p);
    }
    UJIT_AVX512 static void store(T* p, int k, V v) { _mm512_mask_storeu_epi32(p, static_cast<M>((1u << k) - 1), v); }
};

// The lanes of `v` that go right (>= pivot, or > pivot when kStrict) to the right end of
// [left, right), the others to its left end; returns how many went right.
template <class S, bool kStrict>
UJIT_AVX512 int partition_vector(typename S::T* a, size_t left, size_t right, typename S::V v, typename S::V pivot) {
    typename S::M right_lanes = kStrict ? S::gt(v, pivot) : S::ge(v, pivot);
    int k = __builtin_popcount(right_lanes);
    S::store_first(a + left, S::kLanes - k, static_cast<typename S::M>(~right_lanes), v);
    S::store_first(a + right - k, k, right_lanes, v);
    return k;
}

// Partitions `count` elements at a[left] by scalar steps, moving `left` and `right`: each one
// stays (left grows) or is swapped to a[right - 1] (right shrinks). Without a branch: the
// outcome is a coin toss.
template <bool kStrict, class T> void shorten(T* a, size_t& left, size_t& right, size_t count, T pivot) {
    for (; count > 0; --count) {
        T x = a[left], y = a[right - 1];
        bool goes_right = kStrict ? x > pivot : !(x < pivot);
        a[left] = goes_right ? y : x;
        a[right - 1] = goes_right ? x : y;
        left += !goes_right;
        right -= goes_right;
    }
}

// Partitions a[0, n) around `pivot` in place: the elements < pivot (<= when kStrict) first.
// Returns their number. The two end vectors are read first, then each step reads the next
// vector from the end with less room written back, so that no store overtakes a read.
template <class S, bool kStrict> UJIT_AVX512 size_t partition(typename S::T* a, size_t n, typename S::T pivot) {
    constexpr size_t L = S::kLanes;
    size_t left = 0, right = n;
    shorten<kStrict>(a, left, right, n % L, pivot);  // to a whole number of vectors
    if (left == right) return left;
    const typename S::V pv = S::set1(pivot);
    if (right - left == L) return left + L - partition_vector<S, kStrict>(a, left, right, S::load(a + left), pv);
    typename S::V first = S::load(a + left), last = S::load(a + right - L);
    size_t l_store = left, r_store = right - L;
    left += L;
    right -= L;
    while (left != right) {
        typename S::V v;
        if ((r_store + L) - right < left - l_store) {
            right -= L;
            v = S::load(a + right);
        } else {
            v = S::load(a + left);
            left += L;
        }
        int k = partition_vector<S, kStrict>(a, l_store, r_store + L, v, pv);
        r_store -= k;
        l_store += L - k;
    }
    l_store += L - partition_vector<S, kStrict>(a, l_store, r_store + L, first, pv);
    l_store += L - partition_vector<S, kStrict>(a, l_store, l_store + L, last, pv);
    return l_store;
}

// The same for long rows, U vectors a step: 2U vectors are read before anything is written,
// so the loads run ahead of the compressed stores instead of waiting on them.
template <class S, bool kStrict, int U>
UJIT_AVX512 size_t partition_unrolled(typename S::T* a, size_t n, typename S::T pivot) {
    constexpr size_t L = S::kLanes, B = U * L;
    if (n < 4 * B) return partition<S, kStrict>(a, n, pivot);
    size_t left = 0, right = n;
    shorten<kStrict>(a, left, right, n % B, pivot);  // to a whole number of steps
    const typename S::V pv = S::set1(pivot);
    typename S::V saved[2 * U];
    for (int i = 0; i < U; ++i) {
        saved[i] = S::load(a + left + i * L);
        saved[U + i] = S::load(a + right - B + i * L);
    }
    size_t l_store = left, r_store = right - L;
    left += B;
    right -= B;
    auto place = [&](typename S::V v) UJIT_AVX512 {
        int k = partition_vector<S, kStrict>(a, l_store, r_store + L, v, pv);
        r_store -= k;
        l_store += L - k;
    };
    while (left != right) {
        typename S::V v[U];
        if ((r_store + L) - right < left - l_store) {
            right -= B;
            for (int i = 0; i < U; ++i) v[i] = S::load(a + right + i * L);
        } else {
            for (int i = 0; i < U; ++i) v[i] = S::load(a + left + i * L);
            left += B;
        }
        for (int i = 0; i < U; ++i) place(v[i]);
    }
    for (int i = 0; i < 2 * U; ++i) place(saved[i]);
    return l_store;
}

// ---- Bitonic networks inside registers for the last rows of up to two vectors

// The compare-exchange stages of a bitonic network over L lanes: lane i meets lane i ^ j and
// keeps the larger where `take_max` has its bit. sort: the whole network (k = 2, 4, .., L);
// merge: the half-cleaners that sort a bitonic vector (j = L/2, .., 1).
template <class Index, int L> struct Stages {
    Index partner[16][L] = {};
    uint32_t take_max[16] = {};
    int count = 0;
    constexpr void add(int j, int k) {
        for (int i = 0; i < L; ++i) {
            partner[count][i] = static_cast<Index>(i ^ j);
            bool ascending = (i & k) == 0;
            bool lower = (i & j) == 0;
            if (lower != ascending) take_max[count] |= 1u << i;
        }
        ++count;
    }
};
template <class Index, int L> constexpr Stages<Index, L> sort_stages() {
    Stages<Index, L> s;
    for (int k = 2; k <= L; k *= 2)
        for (int j = k / 2; j >= 1; j /= 2) s.add(j, k);
    return s;
}
template <class Index, int L> constexpr Stages<Index, L> merge_stages() {
    Stages<Index, L> s;
    for (int j = L / 2; j >= 1; j /= 2) s.add(j, 2 * L);  // k = 2L: every lane ascending
    return s;
}

template <class S> struct Networks {
    static constexpr Stages<typename S::Index, S::kLanes> sort = sort_stages<typename S::Index, S::kLanes>();
    static constexpr Stages<typename S::Index, S::kLanes> merge = merge_stages<typename S::Index, S::kLanes>();
    static constexpr Stages<typename S::Index, S::kLanes> reverse = [] {
        Stages<typename S::Index, S::kLanes> r;
        for (int i = 0; i < S::kLanes; ++i) r.partner[0][i] = static_cast<typename S::Index>(S::kLanes - 1 - i);
        r.count = 1;
        return r;
    }();
};

template <class S>
UJIT_AVX512_INLINE typename S::V run_stages(typename S::V v, const Stages<typename S::Index, S::kLanes>& stages) {
#pragma GCC unroll 16
    for (int s = 0; s < stages.count; ++s) {
        typename S::V p = S::permute(v, stages.partner[s]);
        v = S::blend(static_cast<typename S::M>(stages.take_max[s]), S::min(v, p), S::max(v, p));
    }
    return v;
}

// A bitonic sequence of K registers sorted: half-cleaners across registers, then inside each.
template <class S, int K> UJIT_AVX512_INLINE void merge_registers(typename S::V* r) {
    if constexpr (K == 1) {
        r[0] = run_stages<S>(r[0], Networks<S>::merge);
    } else {
        for (int i = 0; i < K / 2; ++i) {
            typename S::V small = S::min(r[i], r[i + K / 2]);
            r[i + K / 2] = S::max(r[i], r[i + K / 2]);
            r[i] = small;
        }
        merge_registers<S, K / 2>(r);
        merge_registers<S, K / 2>(r + K / 2);
    }
}

// K registers sorted as one sequence: each half sorted, the second reversed, then merged.
template <class S, int K> UJIT_AVX512_INLINE void sort_registers(typename S::V* r) {
    if constexpr (K == 1) {
        r[0] = run_stages<S>(r[0], Networks<S>::sort);
    } else {
        sort_registers<S, K / 2>(r);
        sort_registers<S, K / 2>(r + K / 2);
        for (int i = 0; i < K / 4; ++i) std::swap(r[K / 2 + i], r[K - 1 - i]);
        for (int i = K / 2; i < K; ++i) r[i] = S::permute(r[i], Networks<S>::reverse.partner[0]);
        merge_registers<S, K>(r);
    }
}

// Sorts a[0, n), n <= K lanes' worth, in K registers (the unused lanes hold the largest value).
template <class S, int K> UJIT_AVX512 void network_sort(typename S::T* a, size_t n) {
    constexpr size_t L = S::kLanes;
    typename S::V r[K];
    for (int i = 0; i < K; ++i) {
        size_t at = i * L;
        int k = at >= n ? 0 : static_cast<int>(std::min(L, n - at));
        r[i] = S::load_first(a + at, k);
    }
    sort_registers<S, K>(r);
    for (int i = 0; i < K; ++i) {
        size_t at = i * L;
        if (at < n) S::store(a + at, static_cast<int>(std::min(L, n - at)), r[i]);
    }
}

// Sorts a[0, n), n <= K lanes' worth, in the fewest registers that hold it.
template <class S, int K> UJIT_AVX512 void network_sort_fitted(typename S::T* a, size_t n) {
    if constexpr (K == 1)
        network_sort<S, 1>(a, n);
    else if (n <= static_cast<size_t>(K / 2 * S::kLanes))
        network_sort_fitted<S, K / 2>(a, n);
    else
        network_sort<S, K>(a, n);
}

// The pivot: the median of 2 vectors' worth of elements spread evenly over the row, sorted
// by the network (a median of 16 or 32 splits a random row far closer to its middle than a
// median of 3 or 9 does, so fewer passes over the row are needed).
template <class S> UJIT_AVX512 typename S::T choose_pivot(const typename S::T* a, size_t n) {
    constexpr size_t kSamples = 2 * S::kLanes;
    typename S::T sample[kSamples];
    const size_t step = n / kSamples;
    for (size_t i = 0; i < kSamples; ++i) sample[i] = a[i * step + step / 2];
    network_sort<S, 2>(sample, kSamples);
    return sample[kSamples / 2];
}

// Vectors a partition step reads: 1 was about 1.8x slower on 1M than 4; 8 as x86-simd-sort.
constexpr int kUnroll = 8;
// Partitions of up to 32 vectors (256 doubles, 512 floats) end in a network held in the 32
// vector registers: about 20% faster than ending at 4 vectors on 10K-element rows, as the
// last 3 partition passes over the row give way to compare-exchanges without memory traffic.
constexpr int kNetworkRegisters = 32;

template <class S> UJIT_AVX512 void quicksort(typename S::T* a, size_t n, int depth) {
    while (n > kNetworkRegisters * static_cast<size_t>(S::kLanes)) {
        if (depth-- == 0) {  // too many bad pivots: heapsort, O(n log n) whatever the data
            std::make_heap(a, a + n);
            std::sort_heap(a, a + n);
            return;
        }
        typename S::T pivot = choose_pivot<S>(a, n);
        size_t m = partition_unrolled<S, false, kUnroll>(a, n, pivot);
        if (m == 0) {  // the pivot is the least element: the copies of it are in place
            m = partition_unrolled<S, true, kUnroll>(a, n, pivot);
            a += m;
            n -= m;
            continue;
        }
        if (m < n - m) {  // recurse into the smaller side, loop over the larger
            quicksort<S>(a, m, depth);
            a += m;
            n -= m;
        } else {
            quicksort<S>(a + m, n - m, depth);
            n = m;
        }
    }
    network_sort_fitted<S, kNetworkRegisters>(a, n);
}

bool cpu_has_avx512() {
    static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                            __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("popcnt");
    return has;
}

template <class S> bool sort_with(typename S::T* a, size_t n) {
    if (!cpu_has_avx512()) return false;
    int depth = 0;
    for (size_t k = n; k > 1; k >>= 1) depth += 2;  // 2 log2 n, as introsort
    quicksort<S>(a, n, depth);
    return true;
}

}  // namespace

bool avx512_sort(double* a, size_t n) { return sort_with<F64>(a, n); }
bool avx512_sort(float* a, size_t n) { return sort_with<F32>(a, n); }
bool avx512_sort(int64_t* a, size_t n) { return sort_with<I64<int64_t, true>>(a, n); }
bool avx512_sort(uint64_t* a, size_t n) { return sort_with<I64<uint64_t, false>>(a, n); }
bool avx512_sort(int32_t* a, size_t n) { return sort_with<I32<int32_t, true>>(a, n); }
bool avx512_sort(uint32_t* a, size_t n) { return sort_with<I32<uint32_t, false>>(a, n); }

#else

bool avx512_sort(double*, size_t) { return false; }
bool avx512_sort(float*, size_t) { return false; }
bool avx512_sort(int64_t*, size_t) { return false; }
bool avx512_sort(uint64_t*, size_t) { return false; }
bool avx512_sort(int32_t*, size_t) { return false; }
bool avx512_sort(uint32_t*, size_t) { return false; }

#endif

}  // namespace ujit::cpu
