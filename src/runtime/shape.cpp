#include "runtime/shape.hpp"

#include <limits>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

std::string format_shape(const Shape& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ",";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1) s += ",";
    return s + ")";
}

int64_t checked_size(const Shape& shape, int64_t itemsize) {
    // The product of the non-zero dimensions must fit too, even when a zero makes the array
    // empty: the compact strides (c_strides, f_strides) are built from it. NumPy refuses
    // np.empty((0, 2**32, 2**32)) for the same reason (found by tools/fuzz/fuzz_npy).
    int64_t n = 1;
    bool overflow = false, empty = false;
    for (int64_t d : shape) {
        if (d < 0) throw Error(Error::Kind::Argument, "negative dimension in shape " + format_shape(shape));
        if (d == 0) empty = true;
        if (d > 0 && __builtin_mul_overflow(n, d, &n)) overflow = true;
    }
    int64_t bytes;
    if (overflow || __builtin_mul_overflow(n, itemsize, &bytes))
        throw Error(Error::Kind::Argument, "array of shape " + format_shape(shape) + " is too large");
    return empty ? 0 : n;
}

Shape c_strides(const Shape& shape, int64_t itemsize) {
    Shape s(shape.size());
    int64_t step = itemsize;
    for (size_t i = shape.size(); i-- > 0;) {
        s[i] = step;
        step *= shape[i] > 0 ? shape[i] : 1;
    }
    return s;
}

Shape f_strides(const Shape& shape, int64_t itemsize) {
    Shape s(shape.size());
    int64_t step = itemsize;
    for (size_t i = 0; i < shape.size(); ++i) {
        s[i] = step;
        step *= shape[i] > 0 ? shape[i] : 1;
    }
    return s;
}

void require_writable(const ArrayRef& out, const char* what) {
    if (out.readonly) throw Error(Error::Kind::Argument, std::string("error: ") + what + " is read-only");
}

}  // namespace ujit::runtime
