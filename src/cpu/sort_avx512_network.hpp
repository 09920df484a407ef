// Sorting networks inside AVX-512 registers: the quicksort's base case (rows of up to 32
// vectors: 256 64-bit or 512 32-bit keys) and its pivot sample. Included by the
// sort_avx512_*.cpp files only (see cpu/sort_avx512_vec.hpp).
//
// K registers of L lanes are a K x L matrix. First every column is sorted by a sorting network
// across the registers (Batcher's odd-even merge sort: only min and max of whole registers, no
// shuffles). Then blocks of 1, 2, 4, .. adjacent columns are merged pairwise, log2(L) times,
// until the rows read in order hold the sorted keys: a merge compares each register with its
// mirror (register K-1-i, its lanes reversed within each block, which puts every key against
// its rank's mirror in the other block), halves the register range and repeats, then finishes
// inside each register with a flip and half-cleaners on lanes. This is x86-simd-sort's design
// (NumPy's sort on AVX-512 CPUs): about half the vector operations, and few of them shuffles,
// of sorting each register alone and merging registers.
#pragma once

#include "cpu/sort_avx512_vec.hpp"

#ifdef UJIT_HAVE_AVX512_SORT

#include <algorithm>
#include <cstddef>
#include <utility>

namespace ujit::cpu::avx512 {

// ---- Batcher's odd-even merge sort network of K inputs (K a power of two): 191 compare-
// exchanges for 32, 63 for 16, 19 for 8 (the best known networks save at most 6).
template <int K> struct ColumnNetwork {
    static constexpr int kSize = [] {
        int count = 0;
        for (int p = 1; p < K; p *= 2)
            for (int k = p; k >= 1; k /= 2)
                for (int j = k % p; j + k < K; j += 2 * k)
                    for (int i = 0; i < k && i + j + k < K; ++i)
                        if ((i + j) / (2 * p) == (i + j + k) / (2 * p)) ++count;
        return count;
    }();
    struct Pairs {
        int lo[kSize > 0 ? kSize : 1] = {};
        int hi[kSize > 0 ? kSize : 1] = {};
    };
    static constexpr Pairs kPairs = [] {
        Pairs s;
        int count = 0;
        for (int p = 1; p < K; p *= 2)
            for (int k = p; k >= 1; k /= 2)
                for (int j = k % p; j + k < K; j += 2 * k)
                    for (int i = 0; i < k && i + j + k < K; ++i)
                        if ((i + j) / (2 * p) == (i + j + k) / (2 * p)) {
                            s.lo[count] = i + j;
                            s.hi[count] = i + j + k;
                            ++count;
                        }
        return s;
    }();
};

// Lane index tables: reverse[b] reverses the lanes within each block of 2^b lanes, swap[b]
// swaps the two halves of each such block; low[b] marks the lower half of each block.
template <class S> struct LaneTables {
    static constexpr int kLevels = S::kLanes == 8 ? 4 : 5;  // block sizes 1 .. kLanes
    struct Tables {
        typename S::Index reverse[kLevels][S::kLanes] = {};
        typename S::Index swap[kLevels][S::kLanes] = {};
        unsigned low[kLevels] = {};
    };
    static constexpr Tables kTables = [] {
        Tables t;
        for (int b = 0; b < kLevels; ++b) {
            const int block = 1 << b;
            for (int l = 0; l < S::kLanes; ++l) {
                const int base = l & ~(block - 1), at = l & (block - 1);
                t.reverse[b][l] = static_cast<typename S::Index>(base + block - 1 - at);
                t.swap[b][l] = static_cast<typename S::Index>(l ^ (block / 2));
                if (at < block / 2) t.low[b] |= 1u << l;
            }
        }
        return t;
    }();
};

// a gets the smaller of each lane's two keys, b the greater. Key-index pairs
// (sort_avx512_pairs.hpp) order themselves: min and max of each part would tear them apart.
template <class S> UJIT_AVX512_INLINE void exchange(typename S::V& a, typename S::V& b) {
    if constexpr (requires { S::order(a, b); }) {
        S::order(a, b);
    } else {
        typename S::V lo = S::min(a, b);
        b = S::max(a, b);
        a = lo;
    }
}

// Lane l meets lane partner[l]; the lower half of each block of 2^b lanes keeps the smaller.
template <class S>
UJIT_AVX512_INLINE typename S::V exchange_lanes(typename S::V v, const typename S::Index* partner, int b) {
    typename S::V lo = v, hi = S::permute(v, partner);
    exchange<S>(lo, hi);
    return S::blend(static_cast<typename S::M>(LaneTables<S>::kTables.low[b]), hi, lo);
}

template <class S, int K, size_t... P>
UJIT_AVX512_INLINE void sort_columns(typename S::V* r, std::index_sequence<P...>) {
    using Net = ColumnNetwork<K>;
    (void)r;  // unused where K == 1
    (exchange<S>(r[Net::kPairs.lo[P]], r[Net::kPairs.hi[P]]), ...);
}

// The cross-register part of merging blocks of 2^(b-1) columns into blocks of 2^b.
template <class S, int K> UJIT_AVX512_INLINE void merge_across(typename S::V* r, int b) {
    if constexpr (K >= 2) {
#pragma GCC unroll 32
        for (int i = K / 2; i < K; ++i) r[i] = S::permute(r[i], LaneTables<S>::kTables.reverse[b]);
#pragma GCC unroll 32
        for (int i = 0; i < K / 2; ++i) exchange<S>(r[i], r[K - 1 - i]);
        merge_across<S, K / 2>(r, b);
        merge_across<S, K / 2>(r + K / 2, b);
    }
}

// The in-register part: a flip over each block of 2^b lanes, then half-cleaners.
template <class S> UJIT_AVX512_INLINE typename S::V merge_within(typename S::V v, int b) {
    const auto& t = LaneTables<S>::kTables;
    v = exchange_lanes<S>(v, t.reverse[b], b);
#pragma GCC unroll 4
    for (int c = b - 1; c >= 1; --c) v = exchange_lanes<S>(v, t.swap[c], c);
    return v;
}

// Sorts K registers as one row-major sequence.
template <class S, int K> UJIT_AVX512_INLINE void sort_registers(typename S::V* r) {
    sort_columns<S, K>(r, std::make_index_sequence<ColumnNetwork<K>::kSize>());
#pragma GCC unroll 5
    for (int b = 1; b < LaneTables<S>::kLevels; ++b) {
        merge_across<S, K>(r, b);
#pragma GCC unroll 32
        for (int i = 0; i < K; ++i) r[i] = merge_within<S>(r[i], b);
    }
}

// Sorts a[0, n), n <= K vectors' worth, in K registers (the lanes past n hold kTop).
template <class S, int K> UJIT_AVX512 void network_sort(typename S::T* a, size_t n) {
    constexpr size_t L = S::kLanes;
    typename S::V r[K];
#pragma GCC unroll 32
    for (int i = 0; i < K; ++i) {
        size_t at = i * L;
        r[i] = S::load_first(a + at, at >= n ? 0 : static_cast<int>(std::min(L, n - at)));
    }
    sort_registers<S, K>(r);
#pragma GCC unroll 32
    for (int i = 0; i < K; ++i) {
        size_t at = i * L;
        if (at < n) S::store_first(a + at, static_cast<int>(std::min(L, n - at)), r[i]);
    }
}

// Sorts a[0, n), n <= K vectors' worth, in the fewest registers (a power of two) that hold it.
template <class S, int K> UJIT_AVX512 void network_sort_fitted(typename S::T* a, size_t n) {
    if constexpr (K == 1)
        network_sort<S, 1>(a, n);
    else if (n <= static_cast<size_t>(K / 2 * S::kLanes))
        network_sort_fitted<S, K / 2>(a, n);
    else
        network_sort<S, K>(a, n);
}

}  // namespace ujit::cpu::avx512

#endif
