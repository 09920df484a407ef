// Copies between a strided view of GPU memory (a slice such as d[:, 1] or d[::-1]) and host
// memory. The driver copies 2-D pieces (cuMemcpy2DAsync: rows of one width at a pitch), so a
// column of a matrix is one call, and an N-D view as many calls as its outer dimensions
// hold. Only the view's own bytes are touched on the device: writing never rewrites the
// bytes between its elements, which other work may own.
#pragma once

#include <cuda.h>

#include "ujit/ujit.hpp"

namespace ujit::cuda::detail {

// A host copy of a device view: `staging` owns the elements, `view` reads them in the device
// view's order and shape (its strides may be negative where the device view's are).
struct HostCopy {
    Array staging;
    ArrayRef view;
};

// Both wait for the copies on `stream` to finish. A destination that repeats an element (a
// zero stride over more than one element: a broadcast) is refused.
HostCopy copy_view_to_host(const ArrayRef& dev, CUstream stream);
void copy_view_from_host(const ArrayRef& host, const ArrayRef& dev, CUstream stream);

}  // namespace ujit::cuda::detail
