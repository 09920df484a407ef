// t[lo:hi:step] on a tuple: Numba takes it only with constant bounds (its static_getitem), so
// the items it picks are known when typing; inference records them, lowering copies them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ujit::types {

// The positions Python's slice(lo, hi, step).indices(n) walks (an absent bound is None);
// step is not 0.
std::vector<int64_t> slice_positions(int64_t n, std::optional<int64_t> lo, std::optional<int64_t> hi, int64_t step);

// Numba's refusal of a slice with a run-time bound: no getitem of a tuple takes a slice
// value. `parts` is 2 or 3 (slice<a:b> or slice<a:b:c>, as Numba names the slice types).
std::string tuple_slice_refusal(const std::string& tuple_type, int parts);

}  // namespace ujit::types
