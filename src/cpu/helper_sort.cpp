#include "cpu/helper_sort.hpp"

#include "cpu/numpy_order.hpp"
#include "cpu/sort_avx512.hpp"
#include "runtime/convert.hpp"
#include "runtime/dtype.hpp"

#include <algorithm>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <type_traits>

namespace ujit::cpu {

namespace {

template <class T> bool is_nan(T v) {
    if constexpr (runtime::is_float_v<T>)
        return v != v;
    else
        return false;
}

// ---- Order-preserving unsigned keys of the radix sort

template <class T> struct KeyOf {
    using U = std::make_unsigned_t<T>;
    static U to(T v) {
        U u = static_cast<U>(v);
        if constexpr (std::is_signed_v<T>) u ^= U(1) << (sizeof(U) * 8 - 1);
        return u;
    }
    static T from(U u) {
        if constexpr (std::is_signed_v<T>) u ^= U(1) << (sizeof(U) * 8 - 1);
        return static_cast<T>(u);
    }
};
template <> struct KeyOf<bool> {
    using U = uint8_t;
    static U to(bool v) { return v ? 1 : 0; }
    static bool from(U u) { return u != 0; }
};
// A float's bits, flipped so that unsigned order is numeric order: negative numbers have
// every bit flipped, the others only their sign bit (NaNs never get here).
template <class F, class U> struct FloatKey {
    static constexpr U kSign = U(1) << (sizeof(U) * 8 - 1);
    static U to(F v) {
        U u;
        std::memcpy(&u, &v, sizeof u);
        return (u & kSign) ? ~u : (u | kSign);
    }
    static F from(U u) {
        u = (u & kSign) ? (u & ~kSign) : ~u;
        F v;
        std::memcpy(&v, &u, sizeof v);
        return v;
    }
};
template <> struct KeyOf<float> : FloatKey<float, uint32_t> {
    using U = uint32_t;
};
template <> struct KeyOf<double> : FloatKey<double, uint64_t> {
    using U = uint64_t;
};

// ---- LSD radix sort of keys (and, for argsort, their indices)

// Digits of 11 bits for 32- and 64-bit keys (3 and 6 passes: fewer trips through memory than
// bytes, with counts that still fit in L1/L2), bytes for narrower keys.
template <class U> struct Digits {
    static constexpr int kBits = sizeof(U) >= 4 ? 11 : 8;
    static constexpr int kRadix = 1 << kBits;
    static constexpr int kPasses = (8 * static_cast<int>(sizeof(U)) + kBits - 1) / kBits;
    static constexpr size_t kCounts = static_cast<size_t>(kPasses) * kRadix;  // workspace size
};

// `count` is a workspace of Digits<U>::kCounts entries (heap: too large for a fiber's stack).
template <class U> void radix_sort(U* keys, U* keys_tmp, int64_t* idx, int64_t* idx_tmp, size_t n, size_t* count) {
    using D = Digits<U>;
    constexpr U kMask = static_cast<U>(D::kRadix - 1);
    std::fill(count, count + D::kCounts, size_t(0));
    for (size_t i = 0; i < n; ++i) {
        U k = keys[i];
        for (int p = 0; p < D::kPasses; ++p) ++count[p * D::kRadix + ((k >> (D::kBits * p)) & kMask)];
    }
    U* src = keys;
    U* dst = keys_tmp;
    int64_t* isrc = idx;
    int64_t* idst = idx_tmp;
    for (int p = 0; p < D::kPasses; ++p) {
        const unsigned shift = D::kBits * p;
        size_t* c = count + p * D::kRadix;
        if (c[(keys[0] >> shift) & kMask] == n) continue;  // one digit everywhere: nothing moves
        size_t sum = 0;
        for (int d = 0; d < D::kRadix; ++d) {  // counts become offsets
            size_t k = c[d];
            c[d] = sum;
            sum += k;
        }
        if (idx) {
            for (size_t i = 0; i < n; ++i) {
                size_t at = c[(src[i] >> shift) & kMask]++;
                dst[at] = src[i];
                idst[at] = isrc[i];
            }
            std::swap(isrc, idst);
        } else {
            for (size_t i = 0; i < n; ++i) dst[c[(src[i] >> shift) & kMask]++] = src[i];
        }
        std::swap(src, dst);
    }
    if (src != keys) {
        std::memcpy(keys, src, n * sizeof(U));
        if (idx) std::memcpy(idx, isrc, n * sizeof(int64_t));
    }
}

template <class T> T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class T> void store(char* p, T v) { std::memcpy(p, &v, sizeof v); }

// In place without a buffer, for when malloc fails: Shell's sort over the strided row.
template <class T> void shell_sort(char* data, size_t n, int64_t stride) {
    static const size_t gaps[] = {1391376, 463792, 198768, 86961, 33936, 13776, 4592, 1968,
                                  861,     336,    112,    48,    21,    7,     3,    1};
    for (size_t gap : gaps) {
        if (gap >= n) continue;
        for (size_t i = gap; i < n; ++i) {
            T v = load<T>(data + static_cast<int64_t>(i) * stride);
            size_t j = i;
            for (; j >= gap && nan_last_less(v, load<T>(data + static_cast<int64_t>(j - gap) * stride)); j -= gap)
                store(data + static_cast<int64_t>(j) * stride, load<T>(data + static_cast<int64_t>(j - gap) * stride));
            store(data + static_cast<int64_t>(j) * stride, v);
        }
    }
}

constexpr size_t kInsertion = 16;  // rows this short: insertion sort

// Rows shorter than this are sorted by comparisons: a radix pass costs its counts (2048 per
// pass for 11-bit digits) whatever the row's length, which short rows of a 2-D array repeat.
template <class U> constexpr size_t kRadixMin = sizeof(U) >= 4 ? 1024 : 64;

template <class T> void insertion_sort(T* v, size_t n) {
    for (size_t i = 1; i < n; ++i) {
        T x = v[i];
        size_t j = i;
        for (; j > 0 && nan_last_less(x, v[j - 1]); --j) v[j] = v[j - 1];
        v[j] = x;
    }
}

// The dtypes the AVX-512 quicksort takes (cpu/sort_avx512.hpp).
template <class T> constexpr bool kVectorSorted = std::is_same_v<T, double> || std::is_same_v<T, float> ||
                                                  std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t> ||
                                                  std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;

// The index of the first NaN in v[0, n), n if none: blocks of 64 compared without an early
// exit, so that each block's test vectorizes.
template <class T> size_t first_nan(const T* v, size_t n) {
    constexpr size_t kBlock = 64;
    size_t i = 0;
    for (; i + kBlock <= n; i += kBlock) {
        bool any = false;
        for (size_t j = 0; j < kBlock; ++j) any |= v[i + j] != v[i + j];
        if (any) break;
    }
    while (i < n && !is_nan(v[i])) ++i;
    return i;
}

// np.sort's default kind where the CPU has AVX-512: NaNs moved to the end (in place for a
// contiguous row, else while gathering into a buffer), the rest sorted by the vector
// quicksort. False where the CPU lacks AVX-512 or malloc fails: the row then holds its
// elements still, perhaps with the NaNs moved, for the other sorts.
template <class T> bool sort_row_vectorized(char* data, size_t n, int64_t stride) {
    const bool contiguous =
        stride == static_cast<int64_t>(sizeof(T)) && reinterpret_cast<uintptr_t>(data) % alignof(T) == 0;
    if (contiguous) {
        T* v = reinterpret_cast<T*>(data);
        size_t m = n;
        if constexpr (std::is_floating_point_v<T>) {
            m = first_nan(v, n);  // most rows have none: a vector scan, then nothing moves
            for (size_t i = m; i < n; ++i)
                if (!is_nan(v[i])) std::swap(v[m++], v[i]);
        }
        return avx512_sort(v, m);
    }
    T* v = static_cast<T*>(std::malloc(n * sizeof(T)));
    if (!v) return false;
    size_t m = 0, back = n;  // numbers at the front, NaNs from the back
    for (size_t i = 0; i < n; ++i) {
        T x = load<T>(data + static_cast<int64_t>(i) * stride);
        if (is_nan(x))
            v[--back] = x;
        else
            v[m++] = x;
    }
    bool sorted = avx512_sort(v, m);
    if (sorted)
        for (size_t i = 0; i < n; ++i) store(data + static_cast<int64_t>(i) * stride, v[i]);
    std::free(v);
    return sorted;
}

template <class T> void sort_row(char* data, size_t n, int64_t stride) {
    if (n < 2) return;
    if constexpr (kVectorSorted<T>)
        if (sort_row_vectorized<T>(data, n, stride)) return;
    if constexpr (!std::is_arithmetic_v<T>) {  // complex: a comparison sort of a gathered copy
        if (stride == static_cast<int64_t>(sizeof(T))) {
            T* v = reinterpret_cast<T*>(data);
            std::sort(v, v + n, [](T a, T b) { return nan_last_less(a, b); });
            return;
        }
        T* v = static_cast<T*>(std::malloc(n * sizeof(T)));
        if (!v) return shell_sort<T>(data, n, stride);
        for (size_t i = 0; i < n; ++i) v[i] = load<T>(data + static_cast<int64_t>(i) * stride);
        std::sort(v, v + n, [](T a, T b) { return nan_last_less(a, b); });
        for (size_t i = 0; i < n; ++i) store(data + static_cast<int64_t>(i) * stride, v[i]);
        std::free(v);
    } else {
        using K = KeyOf<T>;
        using U = typename K::U;
        void* block = std::malloc(2 * n * sizeof(U) + Digits<U>::kCounts * sizeof(size_t));
        if (!block) return shell_sort<T>(data, n, stride);
        size_t* count = static_cast<size_t*>(block);  // first: aligned for size_t
        U* keys = reinterpret_cast<U*>(count + Digits<U>::kCounts);
        // Gather the keys; NaNs go straight to the end of the row, in their order.
        size_t m = 0;
        U* nans = keys + n;  // the radix buffer's space holds them meanwhile
        size_t nn = 0;
        for (size_t i = 0; i < n; ++i) {
            T v = load<T>(data + static_cast<int64_t>(i) * stride);
            if (is_nan(v))
                std::memcpy(&nans[nn++], &v, sizeof v);
            else
                keys[m++] = K::to(v);
        }
        for (size_t j = 0; j < nn; ++j) {
            T v;
            std::memcpy(&v, &nans[j], sizeof v);
            store(data + static_cast<int64_t>(m + j) * stride, v);
        }
        if (m <= kInsertion)
            insertion_sort(keys, m);
        else if (m < kRadixMin<U>)
            std::sort(keys, keys + m);
        else
            radix_sort<U>(keys, keys + n, nullptr, nullptr, m, count);
        for (size_t i = 0; i < m; ++i) store(data + static_cast<int64_t>(i) * stride, K::from(keys[i]));
        std::free(block);
    }
}

// Stable argsort without a buffer of our own (std::stable_sort degrades to an in-place
// merge when it gets none): complex rows, and the fallback when malloc fails.
template <class T> void argsort_compare(const char* data, size_t n, int64_t stride, int64_t* out) {
    std::iota(out, out + n, int64_t(0));
    std::stable_sort(out, out + n, [&](int64_t a, int64_t b) {
        return nan_last_less(load<T>(data + a * stride), load<T>(data + b * stride));
    });
}

// NumPy's order treats -0.0 and 0.0 as equal: one key for both, so that a stable argsort keeps
// them in index order (their bit patterns would order -0.0 first).
template <class T> T zero_unsigned(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return v + T(0);  // -0.0 + 0.0 is 0.0, and x + 0.0 is x: no branch on the data
    else
        return v;
}

// The radix sort's passes over the row: its digits in which the (non-NaN) keys differ.
template <class T> int radix_passes(const char* data, size_t n, int64_t stride) {
    using K = KeyOf<T>;
    using U = typename K::U;
    // Without branches, so that a contiguous row's scan vectorizes (a NaN first key only
    // overestimates the passes).
    auto key = [](T v) { return is_nan(v) ? U(0) : K::to(zero_unsigned(v)); };
    const U first = key(load<T>(data));
    U differ = 0;
    if (stride == static_cast<int64_t>(sizeof(T))) {
        for (size_t i = 0; i < n; ++i) {
            T v = load<T>(data + i * sizeof(T));
            differ |= is_nan(v) ? U(0) : key(v) ^ first;
        }
    } else {
        for (size_t i = 0; i < n; ++i) {
            T v = load<T>(data + static_cast<int64_t>(i) * stride);
            differ |= is_nan(v) ? U(0) : key(v) ^ first;
        }
    }
    int passes = 0;
    for (int p = 0; p < Digits<U>::kPasses; ++p)
        passes += ((differ >> (Digits<U>::kBits * p)) & U(Digits<U>::kRadix - 1)) != 0;
    return passes;
}

// Stable argsort of 32-bit keys by the AVX-512 sort of 64-bit words: each key's order-
// preserving bits above its index. The words are distinct, so however the sort breaks ties
// the indices of equal keys come out in order. NaNs get the greatest key (every float's is
// below it): last, in index order. False where that sort is unusable or malloc fails.
template <class T> bool argsort_packed(const char* data, size_t n, int64_t stride, int64_t* out) {
    static_assert(sizeof(T) == 4);
    if (!avx512_sort_usable() || n > (size_t(1) << 32)) return false;
    uint64_t* words = static_cast<uint64_t*>(std::malloc(n * sizeof(uint64_t)));
    if (!words) return false;
    for (size_t i = 0; i < n; ++i) {
        T v = load<T>(data + static_cast<int64_t>(i) * stride);
        uint64_t key = is_nan(v) ? 0xffffffffu : KeyOf<T>::to(zero_unsigned(v));
        words[i] = key << 32 | i;
    }
    avx512_sort(words, n);
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<int64_t>(words[i] & 0xffffffffu);
    std::free(words);
    return true;
}

// Stable argsort of 64-bit keys by the AVX-512 sort of (key, index) pairs: NaNs' indices
// last in order, the other keys gathered with their indices and sorted. False where that sort
// is unusable or malloc fails.
template <class T> bool argsort_pairs(const char* data, size_t n, int64_t stride, int64_t* out) {
    static_assert(sizeof(T) == 8);
    if (!avx512_sort_usable()) return false;
    T* keys = static_cast<T*>(std::malloc(n * sizeof(T)));
    if (!keys) return false;
    size_t m = 0, back = n;
    for (size_t i = 0; i < n; ++i) {
        T v = load<T>(data + static_cast<int64_t>(i) * stride);
        if (is_nan(v)) {
            out[--back] = static_cast<int64_t>(i);
        } else {
            keys[m] = zero_unsigned(v);
            out[m++] = static_cast<int64_t>(i);
        }
    }
    std::reverse(out + m, out + n);  // the NaNs' indices came in from the back
    avx512_argsort(keys, out, m);
    std::free(keys);
    return true;
}

template <class T> void argsort_row(const char* data, size_t n, int64_t stride, int64_t* out) {
    if constexpr (!std::is_arithmetic_v<T>) {
        argsort_compare<T>(data, n, stride, out);
    } else {
        if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
            // The vector sorts cost about as much as 2 radix passes (1M keys here): rows whose
            // keys differ in fewer digits (few distinct values, small ranges) go to the radix sort.
            if (n > kInsertion && radix_passes<T>(data, n, stride) > (sizeof(T) == 8 ? 2 : 1)) {
                if constexpr (sizeof(T) == 4)
                    if (argsort_packed<T>(data, n, stride, out)) return;
                if constexpr (sizeof(T) == 8)
                    if (argsort_pairs<T>(data, n, stride, out)) return;
            }
        }
        using K = KeyOf<T>;
        using U = typename K::U;
        if (n < kRadixMin<U>) return argsort_compare<T>(data, n, stride, out);
        void* block = std::malloc(n * (2 * sizeof(U) + sizeof(int64_t)) + Digits<U>::kCounts * sizeof(size_t));
        if (!block) return argsort_compare<T>(data, n, stride, out);
        int64_t* idx_tmp = static_cast<int64_t*>(block);  // first: 8-byte aligned for any U
        size_t* count = reinterpret_cast<size_t*>(idx_tmp + n);
        U* keys = reinterpret_cast<U*>(count + Digits<U>::kCounts);
        // Non-NaN keys with their indices first, the NaNs' indices after them in order.
        size_t m = 0;
        size_t nn = 0;
        for (size_t i = 0; i < n; ++i) {
            T v = load<T>(data + static_cast<int64_t>(i) * stride);
            if (is_nan(v)) {
                idx_tmp[nn++] = static_cast<int64_t>(i);
            } else {
                keys[m] = K::to(zero_unsigned(v));
                out[m++] = static_cast<int64_t>(i);
            }
        }
        std::memcpy(out + m, idx_tmp, nn * sizeof(int64_t));
        radix_sort<U>(keys, keys + n, out, idx_tmp, m, count);
        std::free(block);
    }
}

template <class T> int64_t unique_row(char* data, size_t n) {
    sort_row<T>(data, n, sizeof(T));
    T* v = reinterpret_cast<T*>(data);
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) {
        bool nan = v[i] != v[i];
        if (m > 0 && (v[i] == v[m - 1] || (nan && v[m - 1] != v[m - 1]))) continue;
        v[m++] = v[i];
    }
    return static_cast<int64_t>(m);
}

}  // namespace

}  // namespace ujit::cpu

extern "C" {

void ujit_rt_sort(void* data, int64_t n, int64_t stride, int32_t dtype) {
    if (n < 2 || !ujit::runtime::is_valid_dtype(dtype)) return;
    ujit::runtime::visit_dtype(static_cast<ujit::DType>(dtype), [&](auto tag) {
        using T = typename decltype(tag)::type;
        ujit::cpu::sort_row<T>(static_cast<char*>(data), static_cast<size_t>(n), stride);
    });
}

void ujit_rt_argsort(const void* data, int64_t n, int64_t stride, int32_t dtype, int64_t* out) {
    if (n < 1 || !ujit::runtime::is_valid_dtype(dtype)) return;
    ujit::runtime::visit_dtype(static_cast<ujit::DType>(dtype), [&](auto tag) {
        using T = typename decltype(tag)::type;
        ujit::cpu::argsort_row<T>(static_cast<const char*>(data), static_cast<size_t>(n), stride, out);
    });
}

int64_t ujit_rt_unique(void* data, int64_t n, int32_t dtype) {
    if (n < 1 || !ujit::runtime::is_valid_dtype(dtype)) return 0;
    return ujit::runtime::visit_dtype(static_cast<ujit::DType>(dtype), [&](auto tag) {
        using T = typename decltype(tag)::type;
        return ujit::cpu::unique_row<T>(static_cast<char*>(data), static_cast<size_t>(n));
    });
}
}
