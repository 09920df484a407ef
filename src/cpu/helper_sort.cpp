#include "cpu/helper_sort.hpp"

#include "runtime/dtype.hpp"

#include <algorithm>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <type_traits>

namespace ujit::cpu {

namespace {

// ---- NumPy's order, as a less-than (numpy/_core/src/npysort/npysort_common.h)

template <class T> bool nan_last_less(T a, T b) {
    if constexpr (std::is_floating_point_v<T>)
        return a < b || (b != b && a == a);
    else
        return a < b;
}

template <class F> bool nan_last_less(std::complex<F> a, std::complex<F> b) {
    F ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    if (ar < br) return ai == ai || bi != bi;
    if (ar > br) return bi != bi && ai == ai;
    if (ar == br || (ar != ar && br != br)) return ai < bi || (bi != bi && ai == ai);
    return br != br;
}

template <class T> bool is_nan(T v) {
    if constexpr (std::is_floating_point_v<T>)
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

// ---- LSD radix sort of keys (and, for argsort, their indices), one byte per pass

template <class U> void radix_sort(U* keys, U* keys_tmp, int64_t* idx, int64_t* idx_tmp, size_t n) {
    constexpr int kPasses = sizeof(U);
    size_t count[kPasses][256] = {};
    for (size_t i = 0; i < n; ++i) {
        U k = keys[i];
        for (int p = 0; p < kPasses; ++p) ++count[p][(k >> (8 * p)) & 0xff];
    }
    U* src = keys;
    U* dst = keys_tmp;
    int64_t* isrc = idx;
    int64_t* idst = idx_tmp;
    for (int p = 0; p < kPasses; ++p) {
        const unsigned shift = 8 * p;
        if (count[p][(keys[0] >> shift) & 0xff] == n) continue;  // one digit everywhere: nothing moves
        size_t offset[256];
        size_t sum = 0;
        for (int d = 0; d < 256; ++d) {
            offset[d] = sum;
            sum += count[p][d];
        }
        if (idx) {
            for (size_t i = 0; i < n; ++i) {
                size_t at = offset[(src[i] >> shift) & 0xff]++;
                dst[at] = src[i];
                idst[at] = isrc[i];
            }
            std::swap(isrc, idst);
        } else {
            for (size_t i = 0; i < n; ++i) dst[offset[(src[i] >> shift) & 0xff]++] = src[i];
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

constexpr size_t kInsertion = 16;  // rows this short: insertion sort, no buffer

template <class T> void insertion_sort(T* v, size_t n) {
    for (size_t i = 1; i < n; ++i) {
        T x = v[i];
        size_t j = i;
        for (; j > 0 && nan_last_less(x, v[j - 1]); --j) v[j] = v[j - 1];
        v[j] = x;
    }
}

template <class T> void sort_row(char* data, size_t n, int64_t stride) {
    if (n < 2) return;
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
        U* keys = static_cast<U*>(std::malloc(2 * n * sizeof(U)));
        if (!keys) return shell_sort<T>(data, n, stride);
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
        else
            radix_sort<U>(keys, keys + n, nullptr, nullptr, m);
        for (size_t i = 0; i < m; ++i) store(data + static_cast<int64_t>(i) * stride, K::from(keys[i]));
        std::free(keys);
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

template <class T> void argsort_row(const char* data, size_t n, int64_t stride, int64_t* out) {
    if constexpr (!std::is_arithmetic_v<T>) {
        argsort_compare<T>(data, n, stride, out);
    } else {
        using K = KeyOf<T>;
        using U = typename K::U;
        void* block = n ? std::malloc(n * (2 * sizeof(U) + sizeof(int64_t))) : nullptr;
        if (!block) return argsort_compare<T>(data, n, stride, out);
        U* keys = static_cast<U*>(block);
        int64_t* idx_tmp = reinterpret_cast<int64_t*>(keys + 2 * n);
        // Non-NaN keys with their indices first, the NaNs' indices after them in order.
        size_t m = 0;
        size_t nn = 0;
        for (size_t i = 0; i < n; ++i) {
            T v = load<T>(data + static_cast<int64_t>(i) * stride);
            if (is_nan(v)) {
                idx_tmp[nn++] = static_cast<int64_t>(i);
            } else {
                keys[m] = K::to(v);
                out[m++] = static_cast<int64_t>(i);
            }
        }
        std::memcpy(out + m, idx_tmp, nn * sizeof(int64_t));
        radix_sort<U>(keys, keys + n, out, idx_tmp, m);
        std::free(block);
    }
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
}
