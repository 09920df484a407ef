#include "cpu/helper_partition.hpp"

#include "cpu/numpy_order.hpp"
#include "runtime/dtype.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

namespace ujit::cpu {

namespace {

// The kth positions made non-negative, sorted and unique; false if one is out of bounds.
bool sorted_positions(const int64_t* kth, int64_t k, int64_t n, std::vector<int64_t>* out) {
    for (int64_t i = 0; i < k; ++i) {
        int64_t p = kth[i];
        if (p >= n || p < -n) return false;
        out->push_back(p < 0 ? p + n : p);
    }
    std::sort(out->begin(), out->end());
    out->erase(std::unique(out->begin(), out->end()), out->end());
    return true;
}

// Selects each position in turn, within what the previous one left above it.
template <class It, class Less> void select_positions(It first, It last, const std::vector<int64_t>& at, Less less) {
    It from = first;
    for (int64_t p : at) {
        std::nth_element(from, first + p, last, less);
        from = first + p + 1;
    }
}

template <class T> int32_t partition_row(char* data, size_t n, int64_t stride, const std::vector<int64_t>& at) {
    T* v = static_cast<T*>(std::malloc(n * sizeof(T)));
    if (!v) return 2;
    for (size_t i = 0; i < n; ++i) std::memcpy(&v[i], data + static_cast<int64_t>(i) * stride, sizeof(T));
    select_positions(v, v + n, at, [](T a, T b) { return nan_last_less(a, b); });
    for (size_t i = 0; i < n; ++i) std::memcpy(data + static_cast<int64_t>(i) * stride, &v[i], sizeof(T));
    std::free(v);
    return 0;
}

template <class T>
int32_t argpartition_row(const char* data, size_t n, int64_t stride, const std::vector<int64_t>& at, int64_t* out) {
    T* v = static_cast<T*>(std::malloc(n * sizeof(T)));
    if (!v) return 2;
    for (size_t i = 0; i < n; ++i) std::memcpy(&v[i], data + static_cast<int64_t>(i) * stride, sizeof(T));
    std::iota(out, out + n, int64_t{0});
    select_positions(out, out + n, at, [v](int64_t a, int64_t b) { return nan_last_less(v[a], v[b]); });
    std::free(v);
    return 0;
}

}  // namespace

}  // namespace ujit::cpu

extern "C" {

int32_t ujit_rt_partition(void* data, int64_t n, int64_t stride, int32_t dtype, const int64_t* kth, int64_t k) {
    if (n < 1 || !ujit::runtime::is_valid_dtype(dtype)) return 0;
    std::vector<int64_t> at;
    if (!ujit::cpu::sorted_positions(kth, k, n, &at)) return 1;
    return ujit::runtime::visit_dtype(static_cast<ujit::DType>(dtype), [&](auto tag) {
        using T = typename decltype(tag)::type;
        return ujit::cpu::partition_row<T>(static_cast<char*>(data), static_cast<size_t>(n), stride, at);
    });
}

int32_t ujit_rt_argpartition(const void* data, int64_t n, int64_t stride, int32_t dtype, const int64_t* kth, int64_t k,
                             int64_t* out) {
    if (n < 1 || !ujit::runtime::is_valid_dtype(dtype)) return 0;
    std::vector<int64_t> at;
    if (!ujit::cpu::sorted_positions(kth, k, n, &at)) return 1;
    return ujit::runtime::visit_dtype(static_cast<ujit::DType>(dtype), [&](auto tag) {
        using T = typename decltype(tag)::type;
        return ujit::cpu::argpartition_row<T>(static_cast<const char*>(data), static_cast<size_t>(n), stride, at, out);
    });
}
}
