#include "runtime/broadcast.hpp"

#include <algorithm>

namespace ujit::runtime {

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
    size_t nd = 0;
    for (const Shape& s : shapes) nd = std::max(nd, s.size());
    Shape out(nd, 1);
    for (const Shape& s : shapes) {
        for (size_t k = 0; k < s.size(); ++k) {
            int64_t& o = out[nd - s.size() + k];
            int64_t d = s[k];
            if (d == o || d == 1) continue;
            if (o == 1) {
                o = d;
                continue;
            }
            std::string msg = "operands could not be broadcast together with shapes";
            for (const Shape& t : shapes) msg.append(" ").append(format_shape(t));
            throw Error(Error::Kind::Argument, msg);
        }
    }
    return out;
}

Shape broadcast_strides(const ArrayRef& a, const Shape& shape) {
    Shape src = a.strides.empty() ? c_strides(a.shape, itemsize(a.dtype)) : a.strides;
    size_t nd = shape.size(), ad = a.shape.size();
    auto mismatch = [&] {
        return Error(Error::Kind::Argument, "cannot broadcast an array of shape " + format_shape(a.shape) +
                                                " to shape " + format_shape(shape));
    };
    if (ad > nd || src.size() != ad) throw mismatch();
    Shape out(nd, 0);
    for (size_t k = 0; k < ad; ++k) {
        int64_t d = a.shape[k], want = shape[nd - ad + k];
        if (d == want)
            out[nd - ad + k] = want == 1 ? 0 : src[k];
        else if (d != 1)
            throw mismatch();
    }
    return out;
}

ArrayRef broadcast_to(const ArrayRef& a, const Shape& shape) {
    ArrayRef r = a;
    r.strides = broadcast_strides(a, shape);
    r.shape = shape;
    return r;
}

}  // namespace ujit::runtime
