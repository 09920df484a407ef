// Shape arithmetic shared by arrays, broadcasting and npy I/O, and the check every output
// array passes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ujit {
struct ArrayRef;
}

namespace ujit::runtime {

using Shape = std::vector<int64_t>;

// NumPy's spelling in messages: (3,), (2,3), ().
std::string format_shape(const Shape& shape);
// Product of the dimensions; throws ujit::Error(Argument) on a negative dimension or
// when the product (times `itemsize`) overflows int64.
int64_t checked_size(const Shape& shape, int64_t itemsize = 1);
// Byte strides of a compact array.
Shape c_strides(const Shape& shape, int64_t itemsize);
Shape f_strides(const Shape& shape, int64_t itemsize);

// Throws NumPy's error for an output that must not be written ("output array is read-only";
// `what` names the output where that helps: "copy_to_host destination").
void require_writable(const ArrayRef& out, const char* what = "output array");

}  // namespace ujit::runtime
