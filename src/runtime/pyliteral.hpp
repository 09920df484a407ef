// Command-line arguments written as Python literals → ujit::Value, with the types Numba
// gives the same Python objects: 3 → int64 (uint64 beyond int64, as numba.typeof does),
// 3.0 / 1e-3 / inf / nan → float64, True/False → bool, 2j / 1+2j → complex128,
// (1, 2.0) → a tuple, None → None, [1, 2] → a list (Numba's reflected list), {1: 2.0} → a
// dict (numba.typed.Dict, typed from its first entry), {1, 2} → a set. Anything else is
// ujit::Error(Argument).
#pragma once

#include <string_view>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

Value parse_literal(std::string_view text);

// True for an argument naming a NumPy file ("x.npy", "data/in.npy") rather than a literal.
bool is_npy_path(std::string_view arg);

}  // namespace ujit::runtime
