// Strided device views ↔ host: see memory_strided.hpp.
//
// The view is first normalized: every axis with a negative stride is flipped (its origin moved
// to its last element), so that the driver sees non-negative pitches. The host side is a
// compact C-order staging array in the normalized order; the caller's array is packed into
// it, or unpacked from it, through a host view that flips the same axes back.
#include "cudadrv/memory_strided.hpp"

#include <fmt/format.h>

#include <cstring>

#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "runtime/cast.hpp"

namespace ujit::cuda::detail {
namespace {

struct Normalized {
    ArrayRef dev;         // non-negative strides
    std::vector<bool> flipped;
};

Normalized normalize(const ArrayRef& dev) {
    Normalized n{dev, std::vector<bool>(dev.shape.size(), false)};
    auto* base = static_cast<char*>(dev.data);
    for (size_t k = 0; k < dev.shape.size(); ++k) {
        if (dev.strides[k] < 0 && dev.shape[k] > 1) {
            base += (dev.shape[k] - 1) * dev.strides[k];
            n.dev.strides[k] = -dev.strides[k];
            n.flipped[k] = true;
        }
    }
    n.dev.data = base;
    return n;
}

// A view of the normalized-order staging array in the original view's order.
ArrayRef in_view_order(const Array& staging, const Normalized& n) {
    ArrayRef v = staging.ref();
    if (v.strides.empty()) v = ArrayRef::c_order(v.data, v.dtype, v.shape);
    auto* base = static_cast<char*>(v.data);
    for (size_t k = 0; k < v.shape.size(); ++k) {
        if (n.flipped[k]) {
            base += (v.shape[k] - 1) * v.strides[k];
            v.strides[k] = -v.strides[k];
        }
    }
    v.data = base;
    return v;
}

// The 2-D piece each driver call copies, and the axes looped over outside it.
struct Plan {
    size_t width = 0;        // bytes per row
    int height_axis = -1;    // the axis whose elements are the rows (-1: one row)
    std::vector<int> outer;  // the other axes, outermost first
};

Plan plan_for(const ArrayRef& dev, const std::vector<int64_t>& host_strides) {
    const int nd = static_cast<int>(dev.shape.size());
    const int64_t isz = itemsize(dev.dtype);
    Plan p;
    int inner = nd - 1;  // the last axis, as one contiguous run when its stride is the item size
    bool rows = nd > 0 && (dev.shape[inner] == 1 || dev.strides[inner] == isz);
    if (nd == 0) {
        p.width = size_t(isz);
        return p;
    }
    if (rows) {
        p.width = size_t(dev.shape[inner] * isz);
        int h = inner - 1;
        if (h >= 0 && dev.strides[h] >= int64_t(p.width) && host_strides[h] >= int64_t(p.width)) p.height_axis = h;
    } else {
        p.width = size_t(isz);
        if (dev.strides[inner] >= isz) p.height_axis = inner;
    }
    for (int k = 0; k < nd; ++k)
        if (k != p.height_axis && !(rows && k == inner)) p.outer.push_back(k);
    return p;
}

std::vector<int64_t> c_strides(const ArrayRef& a) { return ArrayRef::c_order(nullptr, a.dtype, a.shape).strides; }

template <class CopyPiece> void for_each_piece(const ArrayRef& dev, const std::vector<int64_t>& host_strides,
                                               const Plan& p, const CopyPiece& piece) {
    std::vector<int64_t> idx(p.outer.size(), 0);
    for (;;) {
        int64_t dev_off = 0, host_off = 0;
        for (size_t j = 0; j < p.outer.size(); ++j) {
            dev_off += idx[j] * dev.strides[p.outer[j]];
            host_off += idx[j] * host_strides[p.outer[j]];
        }
        piece(dev_off, host_off);
        size_t j = p.outer.size();
        while (j > 0) {
            --j;
            if (++idx[j] < dev.shape[p.outer[j]]) break;
            idx[j] = 0;
            if (j == 0) return;
        }
        if (p.outer.empty()) return;
    }
}

void copy_pieces(const ArrayRef& dev, void* host, bool to_device, CUstream stream) {
    std::vector<int64_t> hs = c_strides(dev);
    Plan p = plan_for(dev, hs);
    size_t height = p.height_axis >= 0 ? size_t(dev.shape[p.height_axis]) : 1;
    size_t dev_pitch = p.height_axis >= 0 ? size_t(dev.strides[p.height_axis]) : p.width;
    size_t host_pitch = p.height_axis >= 0 ? size_t(hs[p.height_axis]) : p.width;
    for_each_piece(dev, hs, p, [&](int64_t dev_off, int64_t host_off) {
        CUDA_MEMCPY2D c{};
        CUdeviceptr d = CUdeviceptr(static_cast<char*>(dev.data) + dev_off);
        char* h = static_cast<char*>(host) + host_off;
        if (to_device) {
            c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = h, c.srcPitch = host_pitch;
            c.dstMemoryType = CU_MEMORYTYPE_DEVICE, c.dstDevice = d, c.dstPitch = dev_pitch;
        } else {
            c.srcMemoryType = CU_MEMORYTYPE_DEVICE, c.srcDevice = d, c.srcPitch = dev_pitch;
            c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = h, c.dstPitch = host_pitch;
        }
        c.WidthInBytes = p.width;
        c.Height = height;
        check(driver().cuMemcpy2DAsync(&c, stream), "cuMemcpy2DAsync",
              [&] { return fmt::format("{} rows of {} bytes", height, p.width); });
    });
    check(driver().cuStreamSynchronize(stream), "cuStreamSynchronize", [] { return std::string("strided copy"); });
}

}  // namespace

HostCopy copy_view_to_host(const ArrayRef& dev, CUstream stream) {
    Normalized n = normalize(dev);
    HostCopy out{Array(dev.dtype, dev.shape), {}};
    if (dev.size() > 0) copy_pieces(n.dev, out.staging.ref().data, false, stream);
    out.view = in_view_order(out.staging, n);
    return out;
}

void copy_view_from_host(const ArrayRef& host, const ArrayRef& dev, CUstream stream) {
    for (size_t k = 0; k < dev.shape.size(); ++k)
        if (dev.strides[k] == 0 && dev.shape[k] > 1)
            throw Error(Error::Kind::Argument,
                        "error: copy to device: the device array repeats its elements (a zero stride), so it "
                        "cannot be written");
    if (dev.size() == 0) return;
    Normalized n = normalize(dev);
    Array staging(dev.dtype, dev.shape);
    runtime::copy_cast(host, in_view_order(staging, n));
    copy_pieces(n.dev, staging.ref().data, true, stream);
}

}  // namespace ujit::cuda::detail
