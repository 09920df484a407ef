// NumPy's str() and repr() of an array, character for character under NumPy's default
// print options (numpy/core/arrayprint.py: linewidth 75, threshold 1000, edgeitems 3,
// precision 8): what `print(a)` shows in Python and, as Numba prints arrays, inside
// compiled code; `ujit run` prints array results this way.
#pragma once

#include <string>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

// str(a): "[0.5 1.  2. ]", "[[1 2]\n [3 4]]", "[]" when empty; a 0-d array as its scalar
// ("0.5"); past 1000 elements the first and last 3 of each long axis around "...".
std::string array_str(const ArrayRef& a);
// repr(a): "array([0.5, 1. , 2. ])", "array([1, 2], dtype=int32)", "array([], shape=(2, 0), dtype=float64)".
std::string array_repr(const ArrayRef& a);
// What Python's print(v) shows for a host value: an array's str, a tuple with its arrays'
// reprs, a scalar's repr.
std::string print_str(const Value& v);

}  // namespace ujit::runtime
