// DeviceArray: allocation from the pool, views, host ↔ device and device ↔ device copies.
// Device arrays that ujit allocates are compact (C or F order); views of them (slices) may
// be strided, and copy through cudadrv/memory_strided.hpp. Host arrays of any strides are
// packed into (or unpacked from) a compact staging copy on the host. Arrays of the host
// device (cudadrv/host_device.hpp) make the same checks, then copy on the host.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/host_device.hpp"
#include "cudadrv/memory_external.hpp"
#include "cudadrv/memory_pointer.hpp"
#include "cudadrv/memory_pool.hpp"
#include "cudadrv/memory_strided.hpp"
#include "runtime/cast.hpp"
#include "runtime/shape.hpp"
#include "ujit/cuda.hpp"

namespace ujit::cuda {
namespace {

CUstream raw(const Stream& s) { return static_cast<CUstream>(s.handle()); }

bool is_compact(const ArrayRef& a) { return a.is_c_contiguous() || a.is_f_contiguous(); }

// Same layout in memory: both C or both F contiguous (size ≤ 1 arrays are both).
bool same_layout(const ArrayRef& a, const ArrayRef& b) {
    return (a.is_c_contiguous() && b.is_c_contiguous()) || (a.is_f_contiguous() && b.is_f_contiguous());
}

std::string item_name(const ArrayRef& a) {
    return a.is_record() ? fmt::format("records of {} bytes ({})", a.record_size, a.record) : dtype_name(a.dtype);
}

// Records match by size, and by type where both name theirs (a C API host tensor names none).
bool same_item_type(const ArrayRef& a, const ArrayRef& b) {
    if (a.is_record() || b.is_record())
        return a.is_record() && b.is_record() && a.record_size == b.record_size && a.record == b.record;
    return a.dtype == b.dtype;
}

void check_same_array_type(const ArrayRef& dev, const ArrayRef& host, const char* what,
                           const char* other = "the host array") {
    if (!same_item_type(dev, host) || dev.shape != host.shape)
        throw Error(Error::Kind::Argument, fmt::format("error: {}: device array is {}{} but {} is {}{}", what,
                                                       item_name(dev), runtime::format_shape(dev.shape), other,
                                                       item_name(host), runtime::format_shape(host.shape)));
}

// Records copy as their bytes: an array of records viewed as uint8 with one more axis, the
// bytes of each record (stride 1), so that every copy path below serves them unchanged.
ArrayRef bytes_of(const ArrayRef& a) {
    ArrayRef b = a;
    b.strides = a.strides.empty() ? runtime::c_strides(a.shape, a.record_size) : a.strides;
    b.shape.push_back(a.record_size);
    b.strides.push_back(1);
    b.dtype = DType::UInt8;
    b.record.clear();
    b.record_size = 0;
    return b;
}

DeviceArray bytes_of(const DeviceArray& a) {
    ArrayRef b = bytes_of(a.ref());
    return a.view(0, b.shape, b.strides, DType::UInt8);
}

// A host array with `dev`'s compact layout (for packing a strided host array).
Array staging_like(const ArrayRef& dev) {
    return Array(dev.dtype, dev.shape, !dev.is_c_contiguous() && dev.is_f_contiguous());
}

size_t byte_size(const ArrayRef& a) { return size_t(a.size()) * size_t(a.item_bytes()); }

// A copy between two host-memory arrays of one shape and dtype: memcpy when their layouts
// match, else element by element.
void copy_on_host(const ArrayRef& from, const ArrayRef& to) {
    if (same_layout(from, to))
        std::memmove(to.data, from.data, byte_size(to));  // the two may be one array
    else
        runtime::copy_cast(from, to);
}

DeviceContext& bind_device(int ordinal) {
    DeviceContext& dc = device_context(ordinal);
    bind(dc);
    return dc;
}

}  // namespace

size_t DeviceArray::nbytes() const { return byte_size(ref_); }

DeviceArray device_array(std::vector<int64_t> shape, DType dtype, Order order) {
    int64_t n = runtime::checked_size(shape, itemsize(dtype));
    size_t bytes = size_t(n) * size_t(itemsize(dtype));
    DeviceArray a;
    uint64_t ptr = 0;
    if (uses_host_device()) {
        auto external = external_allocator(0);
        a.owner_ =
            external ? allocate_external(std::move(external), 0, bytes, &ptr) : allocate_host_device(bytes, &ptr);
        a.on_host_ = true;
    } else {
        DeviceContext& dc = bind();
        auto external = external_allocator(dc.ordinal);
        a.owner_ = external ? allocate_external(std::move(external), dc.ordinal, bytes, &ptr)
                            : allocate_device(dc, bytes, &ptr);
        a.device_ = dc.ordinal;
    }
    void* data = reinterpret_cast<void*>(ptr);
    a.ref_ = order == Order::F ? ArrayRef::f_order(data, dtype, std::move(shape))
                               : ArrayRef::c_order(data, dtype, std::move(shape));
    return a;
}

DeviceArray device_array(std::vector<int64_t> shape, std::string record, int64_t record_size, Order order) {
    int64_t isz = std::max<int64_t>(record_size, 1);  // view_records refuses a bad size, after
    int64_t n = runtime::checked_size(shape, isz);
    std::vector<int64_t> strides = order == Order::F ? runtime::f_strides(shape, isz) : runtime::c_strides(shape, isz);
    return device_array({n * isz}, DType::UInt8)
        .view_records(0, std::move(shape), std::move(strides), std::move(record), record_size);
}

DeviceArray device_array_like(const DeviceArray& like) { return device_array_like(like.ref()); }

DeviceArray device_array_like(const ArrayRef& like) {
    Order order = !like.is_c_contiguous() && like.is_f_contiguous() ? Order::F : Order::C;
    if (like.is_record()) return device_array(like.shape, like.record, like.record_size, order);
    return device_array(like.shape, like.dtype, order);
}

DeviceArray to_device(const ArrayRef& host, const Stream& stream) {
    DeviceArray a = device_array_like(host);
    a.copy_from_host(host, stream);
    return a;
}

void DeviceArray::copy_from_host(const ArrayRef& host, const Stream& stream) {
    runtime::require_writable(ref_, "copy to device destination");
    check_same_array_type(ref_, host, "copy to device");
    if (ref_.is_record()) return bytes_of(*this).copy_from_host(bytes_of(host), stream);
    size_t n = nbytes();
    if (n == 0) return;
    if (on_host_) return copy_on_host(host, ref_);
    bind_device(device_);
    if (!is_compact(ref_)) return detail::copy_view_from_host(host, ref_, raw(stream));
    if (same_layout(ref_, host)) {
        // Pageable memory: the driver stages it, and the call returns once the source can be
        // reused; pinned memory on a user stream is truly asynchronous.
        check(driver().cuMemcpyHtoDAsync(CUdeviceptr(ref_.data), host.data, n, raw(stream)), "cuMemcpyHtoDAsync",
              [&] { return fmt::format("{} bytes", n); });
        if (stream.is_default() || !is_pinned_host_pointer(host.data)) stream.synchronize();
        return;
    }
    Array staging = staging_like(ref_);
    runtime::copy_cast(host, staging.ref());
    check(driver().cuMemcpyHtoDAsync(CUdeviceptr(ref_.data), staging.ref().data, n, raw(stream)), "cuMemcpyHtoDAsync",
          [&] { return fmt::format("{} bytes", n); });
    stream.synchronize();  // the staging copy dies here
}

Array DeviceArray::copy_to_host(const Stream& stream) const {
    if (ref_.is_record())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: copy_to_host of an array of {} makes no Array (it holds numbers): copy into "
                                "an ArrayRef of those records",
                                item_name(ref_)));
    Array out = staging_like(ref_);
    size_t n = nbytes();
    if (n == 0) return out;
    if (on_host_) {
        copy_on_host(ref_, out.ref());
        return out;
    }
    bind_device(device_);
    if (!is_compact(ref_)) {
        runtime::copy_cast(detail::copy_view_to_host(ref_, raw(stream)).view, out.ref());
        return out;
    }
    check(driver().cuMemcpyDtoHAsync(out.ref().data, CUdeviceptr(ref_.data), n, raw(stream)), "cuMemcpyDtoHAsync",
          [&] { return fmt::format("{} bytes", n); });
    stream.synchronize();
    return out;
}

void DeviceArray::copy_to_host(const ArrayRef& host, const Stream& stream) const {
    runtime::require_writable(host, "copy_to_host destination");
    check_same_array_type(ref_, host, "copy to host");
    if (ref_.is_record()) return bytes_of(*this).copy_to_host(bytes_of(host), stream);
    size_t n = nbytes();
    if (n == 0) return;
    if (on_host_) return copy_on_host(ref_, host);
    bind_device(device_);
    if (!is_compact(ref_)) return runtime::copy_cast(detail::copy_view_to_host(ref_, raw(stream)).view, host);
    if (same_layout(ref_, host)) {
        check(driver().cuMemcpyDtoHAsync(host.data, CUdeviceptr(ref_.data), n, raw(stream)), "cuMemcpyDtoHAsync",
              [&] { return fmt::format("{} bytes", n); });
        if (stream.is_default() || !is_pinned_host_pointer(host.data)) stream.synchronize();
        return;
    }
    Array staging = copy_to_host(stream);
    runtime::copy_cast(staging.ref(), host);
}

void DeviceArray::copy_from(const DeviceArray& other, const Stream& stream) {
    runtime::require_writable(ref_, "device-to-device copy destination");
    check_same_array_type(ref_, other.ref_, "device-to-device copy", "the source");
    if (on_host_ != other.on_host_)
        throw Error(Error::Kind::Argument, "error: device-to-device copy between an array of the host device "
                                           "and one in GPU memory");
    if (ref_.is_record()) return bytes_of(*this).copy_from(bytes_of(other), stream);
    size_t n = nbytes();
    if (n == 0) return;
    if (!same_layout(ref_, other.ref_)) {
        // Views of any strides (d[::2] = e[1::2]): through a host copy of the source, which
        // also makes overlapping views of one array behave as NumPy's assignment does.
        Array staged = other.copy_to_host(stream);
        return copy_from_host(staged.ref(), stream);
    }
    if (on_host_) return copy_on_host(other.ref_, ref_);
    DeviceContext& dst = bind_device(device_);
    if (other.device_ != device_) {
        // Between two GPUs: the driver copies peer to peer where the devices allow it, else
        // through the host.
        DeviceContext& src = device_context(other.device_);
        check(driver().cuMemcpyPeerAsync(CUdeviceptr(ref_.data), dst.context, CUdeviceptr(other.ref_.data), src.context,
                                         n, raw(stream)),
              "cuMemcpyPeerAsync",
              [&] { return fmt::format("{} bytes from device {} to device {}", n, other.device_, device_); });
        return;
    }
    check(driver().cuMemcpyDtoDAsync(CUdeviceptr(ref_.data), CUdeviceptr(other.ref_.data), n, raw(stream)),
          "cuMemcpyDtoDAsync", [&] { return fmt::format("{} bytes", n); });
}

DeviceArray DeviceArray::copy(const Stream& stream) const {
    DeviceArray out = device_array_like(*this);
    out.copy_from(*this, stream);
    return out;
}

}  // namespace ujit::cuda
