#include "types/tuple_slices.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

namespace {

// CPython's PySlice_AdjustIndices for one bound: negative counts from the end, then clamped
// to [0, n] going forward or [-1, n - 1] going backward.
int64_t adjust(std::optional<int64_t> bound, int64_t n, int64_t step, bool is_start) {
    const int64_t lowest = step < 0 ? -1 : 0, highest = step < 0 ? n - 1 : n;
    if (!bound) return (step < 0) == is_start ? highest : lowest;
    int64_t v = *bound < 0 ? *bound + n : *bound;
    return std::clamp(v, lowest, highest);
}

}  // namespace

std::vector<int64_t> slice_positions(int64_t n, std::optional<int64_t> lo, std::optional<int64_t> hi, int64_t step) {
    const int64_t start = adjust(lo, n, step, true), stop = adjust(hi, n, step, false);
    std::vector<int64_t> out;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(i);
    return out;
}

std::string tuple_slice_refusal(const std::string& tuple_type, int parts) {
    return fmt::format("No implementation of function Function(<built-in function getitem>) found for signature: "
                       "getitem({}, {}) (Numba slices a tuple only with constant bounds)",
                       tuple_type, parts == 3 ? "slice<a:b:c>" : "slice<a:b>");
}

}  // namespace ujit::types
