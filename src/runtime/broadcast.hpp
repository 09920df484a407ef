// NumPy broadcasting: shapes are aligned at their last dimension; a dimension of extent 1
// (or a missing leading one) stretches to the other operands' extent with stride 0.
#pragma once

#include <vector>

#include "runtime/shape.hpp"
#include "ujit/ujit.hpp"

namespace ujit::runtime {

// The common shape, or ujit::Error(Argument) worded as NumPy words it:
// "operands could not be broadcast together with shapes (3,) (4,)".
Shape broadcast_shapes(const std::vector<Shape>& shapes);

// Byte strides that view `a` as an array of `shape` (which `a` must broadcast to:
// a.shape is a suffix of `shape` up to dimensions of extent 1).
Shape broadcast_strides(const ArrayRef& a, const Shape& shape);
ArrayRef broadcast_to(const ArrayRef& a, const Shape& shape);

}  // namespace ujit::runtime
