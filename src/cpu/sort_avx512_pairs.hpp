// The AVX-512 argsort of 64-bit keys: a quicksort of (key, index) pairs in two arrays, ordered
// by key and then by index. Every pair is distinct, so the order is total and the result is
// the stable one (equal keys in index order), whatever the quicksort does with ties; and no
// partition meets a run of equal pivots. The networks are those of sort_avx512_network.hpp,
// whose compare-exchanges a pair vector orders itself (`order`); the partition compresses
// keys and indices with one mask. Instantiated by sort_avx512_argsort.cpp.
#pragma once

#include "cpu/sort_avx512_network.hpp"

#ifdef UJIT_HAVE_AVX512_SORT

#include <cstddef>
#include <cstdint>
#include <limits>

namespace ujit::cpu::avx512 {

// A vector of 8 pairs: the keys (of vector type K) and their int64 indices.
template <class K> struct Pairs {
    static_assert(K::kLanes == 8);
    using T = typename K::T;
    struct V {
        typename K::V key;
        __m512i index;
    };
    using M = __mmask8;
    using Index = int64_t;
    static constexpr int kLanes = 8;
    static constexpr int64_t kTopIndex = std::numeric_limits<int64_t>::max();  // padding: above every pair

    UJIT_AVX512_INLINE static V load_first(const T* key, const int64_t* index, int k) {
        const M m = K::first(k);
        return {K::load_first(key, k), _mm512_mask_loadu_epi64(_mm512_set1_epi64(kTopIndex), m, index)};
    }
    UJIT_AVX512_INLINE static void store_first(T* key, int64_t* index, int k, V v) {
        K::store_first(key, k, v.key);
        _mm512_mask_storeu_epi64(index, K::first(k), v.index);
    }
    UJIT_AVX512_INLINE static V load(const T* key, const int64_t* index) {
        return {K::load(key), _mm512_loadu_si512(index)};
    }
    UJIT_AVX512_INLINE static void compress_store(T* key, int64_t* index, M m, V v) {
        K::compress_store(key, m, v.key);
        _mm512_mask_compressstoreu_epi64(index, m, v.index);
    }
    UJIT_AVX512_INLINE static V permute(V v, const Index* p) {
        const __m512i order = _mm512_loadu_si512(p);
        return {K::permute(v.key, p), _mm512_permutexvar_epi64(order, v.index)};
    }
    UJIT_AVX512_INLINE static V blend(M m, V a, V b) {
        return {K::blend(m, a.key, b.key), _mm512_mask_blend_epi64(m, a.index, b.index)};
    }
    // The lanes where pair a < pair b.
    UJIT_AVX512_INLINE static M less(V a, V b) {
        return K::gt(b.key, a.key) | (K::eq(a.key, b.key) & _mm512_cmplt_epi64_mask(a.index, b.index));
    }
    UJIT_AVX512_INLINE static void order(V& a, V& b) {
        const M swap = less(b, a);
        V lo = blend(swap, a, b);
        b = blend(swap, b, a);
        a = lo;
    }
};

// Sorts the n <= R * 8 pairs at (key, index) in R registers (the lanes past n are padding).
template <class P, int R> UJIT_AVX512 void pair_network_sort(typename P::T* key, int64_t* index, size_t n) {
    constexpr size_t L = P::kLanes;
    typename P::V r[R];
#pragma GCC unroll 32
    for (int i = 0; i < R; ++i) {
        size_t at = i * L;
        r[i] = P::load_first(key + at, index + at, at >= n ? 0 : static_cast<int>(std::min(L, n - at)));
    }
    sort_registers<P, R>(r);
#pragma GCC unroll 32
    for (int i = 0; i < R; ++i) {
        size_t at = i * L;
        if (at < n) P::store_first(key + at, index + at, static_cast<int>(std::min(L, n - at)), r[i]);
    }
}

template <class P, int R> UJIT_AVX512 void pair_network_sort_fitted(typename P::T* key, int64_t* index, size_t n) {
    if constexpr (R == 1)
        pair_network_sort<P, 1>(key, index, n);
    else if (n <= static_cast<size_t>(R / 2 * P::kLanes))
        pair_network_sort_fitted<P, R / 2>(key, index, n);
    else
        pair_network_sort<P, R>(key, index, n);
}

// Partitions the n pairs around `pivot`: those < pivot (<= when kStrict) first; returns their
// number. As partition() of sort_avx512_quicksort.hpp: the first and last U vectors (and
// those beyond whole steps) are read first, then each step reads U vectors from the end with
// less room written back.
template <class P, bool kStrict, int U>
UJIT_AVX512 size_t partition_pairs(typename P::T* key, int64_t* index, size_t n, typename P::V pivot) {
    using V = typename P::V;
    constexpr size_t L = P::kLanes;
    auto goes_right = [&](V v) UJIT_AVX512 {
        return kStrict ? P::less(pivot, v) : static_cast<__mmask8>(~P::less(v, pivot));
    };
    size_t l_store = 0, r_store = n;  // written so far: [0, l_store) and [r_store, n)
    auto place = [&](V v) UJIT_AVX512 {
        const __mmask8 right = goes_right(v);
        const int k = __builtin_popcount(right);
        P::compress_store(key + l_store, index + l_store, static_cast<__mmask8>(~right), v);
        P::compress_store(key + r_store - k, index + r_store - k, right, v);
        l_store += L - k;
        r_store -= k;
    };
    // Scalar steps to a whole number of vectors, through one-lane vectors.
    size_t left = 0, right = n;
    for (size_t i = n % L; i > 0; --i) {
        V v = P::load_first(key + left, index + left, 1);
        if (goes_right(v) & 1) {
            --right;
            std::swap(key[left], key[right]);
            std::swap(index[left], index[right]);
        } else {
            ++left;
        }
    }
    l_store = left;
    r_store = right;
    if (left == right) return left;
    const size_t vectors = (right - left) / L;
    if (vectors < 2 * U + 1) {  // short: load it all, then place it
        V all[2 * U + 1];
        for (size_t i = 0; i < vectors; ++i) all[i] = P::load(key + left + i * L, index + left + i * L);
        for (size_t i = 0; i < vectors; ++i) place(all[i]);
        return l_store;
    }
    V odd[U], ends[2 * U];
    const int odd_count = static_cast<int>(vectors % U);
    for (int i = 0; i < odd_count; ++i) odd[i] = P::load(key + left + i * L, index + left + i * L);
    left += odd_count * L;
#pragma GCC unroll 8
    for (int i = 0; i < U; ++i) {
        ends[i] = P::load(key + left + i * L, index + left + i * L);
        ends[U + i] = P::load(key + right - (U - i) * L, index + right - (U - i) * L);
    }
    size_t l_read = left + U * L, r_read = right - U * L;
    while (l_read != r_read) {
        V v[U];
        if (r_store - r_read < l_read - l_store) {
            r_read -= U * L;
#pragma GCC unroll 8
            for (int i = 0; i < U; ++i) v[i] = P::load(key + r_read + i * L, index + r_read + i * L);
        } else {
#pragma GCC unroll 8
            for (int i = 0; i < U; ++i) v[i] = P::load(key + l_read + i * L, index + l_read + i * L);
            l_read += U * L;
        }
#pragma GCC unroll 8
        for (int i = 0; i < U; ++i) place(v[i]);
    }
#pragma GCC unroll 16
    for (int i = 0; i < 2 * U; ++i) place(ends[i]);
    for (int i = 0; i < odd_count; ++i) place(odd[i]);
    return l_store;
}

// The pivot: the median of 4 vectors of pairs spread over the range, sorted by the network.
template <class P>
UJIT_AVX512 typename P::V choose_pair_pivot(const typename P::T* key, const int64_t* index, size_t n) {
    constexpr int kVectors = 4;
    const size_t step = (n - P::kLanes) / (kVectors - 1);
    typename P::V r[kVectors];
    for (int i = 0; i < kVectors; ++i) r[i] = P::load(key + i * step, index + i * step);
    sort_registers<P, kVectors>(r);
    // Lane 0 of the middle register, in every lane.
    const typename P::Index zeros[P::kLanes] = {};
    return P::permute(r[kVectors / 2], zeros);
}

// The heapsort that ends a recursion too deep, on the two arrays at once.
template <class T> void heapsort_pairs(T* key, int64_t* index, size_t n) {
    auto less = [&](size_t a, size_t b) { return key[a] < key[b] || (key[a] == key[b] && index[a] < index[b]); };
    auto sift_down = [&](size_t root, size_t end) {
        for (size_t child; (child = 2 * root + 1) < end; root = child) {
            if (child + 1 < end && less(child, child + 1)) ++child;
            if (!less(root, child)) return;
            std::swap(key[root], key[child]);
            std::swap(index[root], index[child]);
        }
    };
    for (size_t i = n / 2; i-- > 0;) sift_down(i, n);
    for (size_t end = n; end-- > 1;) {
        std::swap(key[0], key[end]);
        std::swap(index[0], index[end]);
        sift_down(0, end);
    }
}

constexpr int kUnrollPairs = 4;  // 4 vectors of keys and 4 of indices a step: 8 registers
// Ranges of up to 16 pair vectors end in a network: 32 registers of keys and indices.
constexpr int kPairNetworkRegisters = 16;

template <class P> UJIT_AVX512 void quicksort_pairs(typename P::T* key, int64_t* index, size_t n, int depth) {
    while (n > kPairNetworkRegisters * static_cast<size_t>(P::kLanes)) {
        if (depth-- == 0) return heapsort_pairs(key, index, n);
        const typename P::V pivot = choose_pair_pivot<P>(key, index, n);
        size_t m = partition_pairs<P, false, kUnrollPairs>(key, index, n, pivot);
        if (m == 0) m = partition_pairs<P, true, kUnrollPairs>(key, index, n, pivot);  // the least: alone
        if (m < n - m) {  // recurse into the smaller side, loop over the larger
            quicksort_pairs<P>(key, index, m, depth);
            key += m;
            index += m;
            n -= m;
        } else {
            quicksort_pairs<P>(key + m, index + m, n - m, depth);
            n = m;
        }
    }
    pair_network_sort_fitted<P, kPairNetworkRegisters>(key, index, n);
}

template <class K> void sort_pairs(typename K::T* key, int64_t* index, size_t n) {
    int depth = 0;
    for (size_t k = n; k > 1; k >>= 1) depth += 2;  // 2 log2 n, as introsort
    quicksort_pairs<Pairs<K>>(key, index, n, depth);
}

}  // namespace ujit::cpu::avx512

#endif
