// The AVX-512 quicksort of cpu/sort_avx512.hpp, as a template over the vector types of
// cpu/sort_avx512_vec.hpp; sort_avx512_64.cpp and sort_avx512_32.cpp instantiate it.
// Pivot: the median of 4 vectors spread over the row, sorted by a network. Partition: each
// vector compared with the pivot as a whole and its two sides compress-stored to the two ends
// of the row, 8 vectors read ahead of the stores; the row's greatest key comes out of it too,
// and a right side that holds only copies of the pivot is done. Rows of up to 32 vectors:
// the register networks of cpu/sort_avx512_network.hpp. Too many bad pivots: heapsort.
#pragma once

#include "cpu/sort_avx512.hpp"
#include "cpu/sort_avx512_network.hpp"

#ifdef UJIT_HAVE_AVX512_SORT

#include <algorithm>
#include <cstddef>

namespace ujit::cpu::avx512 {

// The lanes of `v` that go right (>= pivot, or > pivot when kStrict) to the right end of
// [left, right), the others to its left end; returns how many went right.
template <class S, bool kStrict> UJIT_AVX512_INLINE int partition_vector(typename S::T* left, typename S::T* right,
                                                                         typename S::V v, typename S::V pivot,
                                                                         typename S::V& greatest) {
    typename S::M right_lanes = kStrict ? S::gt(v, pivot) : S::ge(v, pivot);
    int k = __builtin_popcount(right_lanes);
    S::compress_store(left, static_cast<typename S::M>(~right_lanes), v);
    S::compress_store(right - k, right_lanes, v);
    greatest = S::max(greatest, v);
    return k;
}

template <class S> struct Split {
    size_t left;  // the keys < pivot (<= when strict)
    typename S::V greatest;
};

// Partitions a[0, n) around `pivot` in place: the keys < pivot (<= when kStrict) first.
// Returns their number and the greatest key (in some lane). The first and last U vectors
// (and the few that make the rest whole steps) are read first; then each step reads the next
// U vectors from the end with less room written back, so that no store overtakes a read.
template <class S, bool kStrict, int U>
UJIT_AVX512 Split<S> partition(typename S::T* a, size_t n, typename S::T pivot) {
    using T = typename S::T;
    constexpr size_t L = S::kLanes;
    // A local, so it stays in a register: a reference parameter could alias the row's stores.
    typename S::V greatest = S::set1(S::kBottom);
    size_t left = 0, right = n;
    // Scalar steps to a whole number of vectors: each key stays (left grows) or is swapped to
    // the end (right shrinks).
    for (size_t i = n % L; i > 0; --i) {
        T x = a[left];
        bool goes_right = kStrict ? x > pivot : !(x < pivot);
        greatest = S::max(greatest, S::set1(x));
        a[left] = goes_right ? a[right - 1] : x;
        a[right - 1] = goes_right ? x : a[right - 1];
        left += !goes_right;
        right -= goes_right;
    }
    if (left == right) return {left, greatest};
    const typename S::V pv = S::set1(pivot);
    const size_t vectors = (right - left) / L;
    const size_t steps = vectors / U;
    if (steps < 3) {  // short: vector by vector, the first and last read ahead
        typename S::V first = S::load(a + left), last = S::load(a + right - L);
        if (vectors == 1) {
            size_t k = partition_vector<S, kStrict>(a + left, a + right, first, pv, greatest);
            return {left + L - k, greatest};
        }
        T* l_store = a + left;
        T* r_store = a + right;
        size_t l_read = left + L, r_read = right - L;
        while (l_read != r_read) {
            typename S::V v;
            if (static_cast<size_t>(r_store - a) - r_read < l_read - static_cast<size_t>(l_store - a)) {
                r_read -= L;
                v = S::load(a + r_read);
            } else {
                v = S::load(a + l_read);
                l_read += L;
            }
            int k = partition_vector<S, kStrict>(l_store, r_store, v, pv, greatest);
            r_store -= k;
            l_store += L - k;
        }
        int k = partition_vector<S, kStrict>(l_store, r_store, first, pv, greatest);
        r_store -= k;
        l_store += L - k;
        l_store += L - partition_vector<S, kStrict>(l_store, r_store, last, pv, greatest);
        return {static_cast<size_t>(l_store - a), greatest};
    }
    // The vectors beyond whole steps, then U at each end, held in registers till the end.
    typename S::V odd[U], ends[2 * U];
    const int odd_count = static_cast<int>(vectors % U);
    for (int i = 0; i < odd_count; ++i) odd[i] = S::load(a + left + i * L);
    left += odd_count * L;
#pragma GCC unroll 8
    for (int i = 0; i < U; ++i) {
        ends[i] = S::load(a + left + i * L);
        ends[U + i] = S::load(a + right - (U - i) * L);
    }
    T* l_store = a + (left - odd_count * L);
    T* r_store = a + right;
    size_t l_read = left + U * L, r_read = right - U * L;
    while (l_read != r_read) {
        typename S::V v[U];
        if (static_cast<size_t>(r_store - a) - r_read < l_read - static_cast<size_t>(l_store - a)) {
            r_read -= U * L;
#pragma GCC unroll 8
            for (int i = 0; i < U; ++i) v[i] = S::load(a + r_read + i * L);
        } else {
#pragma GCC unroll 8
            for (int i = 0; i < U; ++i) v[i] = S::load(a + l_read + i * L);
            l_read += U * L;
        }
#pragma GCC unroll 8
        for (int i = 0; i < U; ++i) {
            int k = partition_vector<S, kStrict>(l_store, r_store, v[i], pv, greatest);
            r_store -= k;
            l_store += L - k;
        }
    }
#pragma GCC unroll 16
    for (int i = 0; i < 2 * U; ++i) {
        int k = partition_vector<S, kStrict>(l_store, r_store, ends[i], pv, greatest);
        r_store -= k;
        l_store += L - k;
    }
    for (int i = 0; i < odd_count; ++i) {
        int k = partition_vector<S, kStrict>(l_store, r_store, odd[i], pv, greatest);
        r_store -= k;
        l_store += L - k;
    }
    return {static_cast<size_t>(l_store - a), greatest};
}

template <class S> UJIT_AVX512_INLINE typename S::T lane(typename S::V v, int i) {
    typename S::T lanes[S::kLanes];
    S::store(lanes, v);
    return lanes[i];
}

template <class S> UJIT_AVX512_INLINE typename S::T reduce_max(typename S::V v) {
    typename S::T lanes[S::kLanes];
    S::store(lanes, v);
    return *std::max_element(lanes, lanes + S::kLanes);
}

// The pivot: the median of 4 vectors spread evenly over the row, sorted by a network (a
// median of 32 or 64 keys splits a random row far closer to its middle than one of 3 or 9,
// so fewer passes over the row are needed).
template <class S> UJIT_AVX512 typename S::T choose_pivot(const typename S::T* a, size_t n) {
    constexpr int kVectors = 4;
    const size_t step = (n - S::kLanes) / (kVectors - 1);
    typename S::V r[kVectors];
    for (int i = 0; i < kVectors; ++i) r[i] = S::load(a + i * step);
    sort_registers<S, kVectors>(r);
    return lane<S>(r[kVectors / 2], 0);
}

// Whether every key of a[0, n) (n >= 2 vectors) is `key`: checked only where the first and
// last vectors hold nothing else, so that other rows pay two compares.
template <class S> UJIT_AVX512 bool all_equal(const typename S::T* a, size_t n, typename S::T key) {
    constexpr size_t L = S::kLanes;
    const typename S::V k = S::set1(key);
    constexpr auto kAll = static_cast<typename S::M>(~0u);
    if (S::eq(S::load(a), k) != kAll || S::eq(S::load(a + n - L), k) != kAll) return false;
    size_t i = 0;
    for (; i + L <= n; i += L)
        if (S::eq(S::load(a + i), k) != kAll) return false;
    return S::eq(S::load(a + n - L), k) == kAll;
}

// Vectors a partition step reads (as x86-simd-sort): 1 was about 1.8x slower on 1M than 4.
constexpr int kUnroll = 8;
// Rows of up to 32 vectors end in a network held in the 32 vector registers.
constexpr int kNetworkRegisters = 32;

template <class S> UJIT_AVX512 void quicksort(typename S::T* a, size_t n, int depth) {
    while (n > kNetworkRegisters * static_cast<size_t>(S::kLanes)) {
        if (depth-- == 0) {  // too many bad pivots: heapsort, O(n log n) whatever the data
            std::make_heap(a, a + n);
            std::sort_heap(a, a + n);
            return;
        }
        const typename S::T pivot = choose_pivot<S>(a, n);
        if (all_equal<S>(a, n, pivot)) return;  // constant rows (and runs of one key)
        const Split<S> split = partition<S, false, kUnroll>(a, n, pivot);
        size_t m = split.left;
        if (m == 0) {  // the pivot is the least key: its copies go first, and are in place
            m = partition<S, true, kUnroll>(a, n, pivot).left;
            a += m;
            n -= m;
            continue;
        }
        // Every key on the right is >= pivot: if none is greater, that side is done.
        const bool right_done = !(pivot < reduce_max<S>(split.greatest));
        if (right_done || m >= n - m) {
            if (!right_done) quicksort<S>(a + m, n - m, depth);
            n = m;
        } else {  // recurse into the smaller side, loop over the larger
            quicksort<S>(a, m, depth);
            a += m;
            n -= m;
        }
    }
    network_sort_fitted<S, kNetworkRegisters>(a, n);
}

template <class S> void sort_row(typename S::T* a, size_t n) {
    int depth = 0;
    for (size_t k = n; k > 1; k >>= 1) depth += 2;  // 2 log2 n, as introsort
    quicksort<S>(a, n, depth);
}

// avx512_sort's body for one key type (sort_avx512_64.cpp, sort_avx512_32.cpp): false, doing
// nothing, where the CPU cannot run it.
template <class S> bool sort_if_usable(typename S::T* a, size_t n) {
    if (!avx512_sort_usable()) return false;
    sort_row<S>(a, n);
    return true;
}

}  // namespace ujit::cpu::avx512

#endif
