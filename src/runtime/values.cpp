// The value side of the public API: dtypes, array views, owned arrays, dynamic values.
#include <dlpack/dlpack.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "runtime/convert.hpp"
#include "runtime/dtype.hpp"
#include "runtime/huge_pages.hpp"
#include "runtime/pyrepr.hpp"
#include "runtime/scalar.hpp"
#include "runtime/shape.hpp"
#include "strings/str_convert.hpp"
#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

namespace ujit {

using runtime::Shape;

int itemsize(DType t) {
    return runtime::visit_dtype(t, [](auto tag) { return int(sizeof(typename decltype(tag)::type)); });
}

const char* time_unit_name(TimeUnit u) {
    static const char* const names[] = {"Y",  "M",  "W",  nullptr, "D",  "h",  "m", "s",
                                        "ms", "us", "ns", "ps",    "fs", "as", ""};
    auto i = static_cast<size_t>(u);
    return i < std::size(names) ? names[i] : nullptr;
}

namespace {
// "datetime64[ns]", "timedelta64[]" (generic): NumPy's dtype names, made once.
const char* datetime_dtype_name(DType t) {
    static const auto names = [] {
        std::array<std::string, 64> n;
        for (int code = 0; code < 64; ++code)
            if (runtime::is_datetime_like(DType(code)) && runtime::is_valid_dtype(code))
                n[size_t(code)] = std::string(is_datetime64(DType(code)) ? "datetime64[" : "timedelta64[") +
                                  time_unit_name(time_unit(DType(code))) + "]";
        return n;
    }();
    return names[static_cast<size_t>(t) & 63].c_str();
}
}  // namespace

const char* dtype_name(DType t) {
    static const char* const names[] = {"bool",   "int8",   "int16",   "int32",   "int64",     "uint8",      "uint16",
                                        "uint32", "uint64", "float32", "float64", "complex64", "complex128", "float16"};
    int i = static_cast<int>(t);
    if (runtime::is_datetime_like(t) && runtime::is_valid_dtype(i)) return datetime_dtype_name(t);
    return runtime::is_valid_dtype(i) ? names[i] : "invalid-dtype";
}

// ------------------------------------------------------------------ ArrayRef

namespace {

// NumPy's flags: dimensions of extent 1 may have any stride; an empty array is both.
// Compares with the compact strides as it walks (C order: the last dimension first)
// instead of building them: every launch and call asks this of each array argument.
bool is_compact(const ArrayRef& a, bool c_order) {
    if (a.size() == 0) return true;
    const size_t n = a.shape.size();
    if (a.strides.empty()) {  // implied C order: F order too when at most one extent is not 1
        size_t wide = 0;
        for (int64_t d : a.shape) wide += d != 1;
        return c_order || wide <= 1;
    }
    if (a.strides.size() != n) return false;
    int64_t expected = a.item_bytes();
    for (size_t k = 0; k < n; ++k) {
        size_t i = c_order ? n - 1 - k : k;
        if (a.shape[i] != 1 && a.strides[i] != expected) return false;
        expected *= a.shape[i];
    }
    return true;
}

}  // namespace

int64_t ArrayRef::size() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

int64_t ArrayRef::item_bytes() const { return is_record() ? record_size : itemsize(dtype); }

bool ArrayRef::is_c_contiguous() const { return is_compact(*this, true); }

bool ArrayRef::is_f_contiguous() const { return is_compact(*this, false); }

ArrayRef ArrayRef::c_order(void* data, DType dtype, std::vector<int64_t> shape) {
    ArrayRef a;
    a.data = data;
    a.dtype = dtype;
    a.strides = runtime::c_strides(shape, itemsize(dtype));
    a.shape = std::move(shape);
    return a;
}

ArrayRef ArrayRef::f_order(void* data, DType dtype, std::vector<int64_t> shape) {
    ArrayRef a;
    a.data = data;
    a.dtype = dtype;
    a.strides = runtime::f_strides(shape, itemsize(dtype));
    a.shape = std::move(shape);
    return a;
}

namespace {

constexpr uint8_t kDLBoolCode = 6;  // DLPack >= 0.8; our header (0.6) predates it

[[noreturn]] void dlpack_error(const std::string& msg) { throw Error(Error::Kind::Argument, "DLPack tensor: " + msg); }

DType dtype_from_dlpack(const DLDataType& t) {
    if (t.lanes != 1) dlpack_error("vector dtypes (lanes = " + std::to_string(t.lanes) + ") are not supported");
    if (int time = int(t.code) - UJIT_DL_TIME_BASE;
        time >= 0 && t.bits == 64 && runtime::is_valid_dtype(time) && runtime::is_datetime_like(DType(time)))
        return DType(time);  // datetime64/timedelta64 (include/ujit/ujit.h)
    switch (t.code) {
    case kDLInt:
        switch (t.bits) {
        case 8: return DType::Int8;
        case 16: return DType::Int16;
        case 32: return DType::Int32;
        case 64: return DType::Int64;
        }
        break;
    case kDLUInt:
        switch (t.bits) {
        case 8: return DType::UInt8;
        case 16: return DType::UInt16;
        case 32: return DType::UInt32;
        case 64: return DType::UInt64;
        }
        break;
    case kDLFloat:
        if (t.bits == 16) return DType::Float16;
        if (t.bits == 32) return DType::Float32;
        if (t.bits == 64) return DType::Float64;
        break;
    case kDLComplex:
        if (t.bits == 64) return DType::Complex64;
        if (t.bits == 128) return DType::Complex128;
        break;
    case kDLBoolCode:
        if (t.bits == 8) return DType::Bool;
        break;
    case kDLBfloat: dlpack_error("bfloat16 is not supported");
    }
    dlpack_error("unsupported dtype (code " + std::to_string(t.code) + ", " + std::to_string(t.bits) + " bits)");
}

}  // namespace

ArrayRef ArrayRef::from_dlpack(const DLTensor& t) {
    if (t.device.device_type != kDLCPU && t.device.device_type != kDLCUDA)
        dlpack_error("device type " + std::to_string(t.device.device_type) + " is not supported (only CPU and CUDA)");
    if (t.ndim < 0 || t.ndim > runtime::kMaxDims) dlpack_error("ndim " + std::to_string(t.ndim) + " out of range");
    if (t.ndim > 0 && !t.shape) dlpack_error("null shape");
    ArrayRef a;
    a.dtype = dtype_from_dlpack(t.dtype);
    a.shape.assign(t.shape, t.shape + t.ndim);
    runtime::checked_size(a.shape, itemsize(a.dtype));
    if (!t.data && a.size() != 0) dlpack_error("null data pointer");
    a.data = static_cast<char*>(t.data) + t.byte_offset;
    if (t.strides) {
        a.strides.reserve(size_t(t.ndim));
        for (int i = 0; i < t.ndim; ++i) {
            int64_t bytes;
            if (__builtin_mul_overflow(t.strides[i], int64_t(itemsize(a.dtype)), &bytes))
                dlpack_error("stride out of range");
            a.strides.push_back(bytes);
        }
    } else {
        a.strides = runtime::c_strides(a.shape, itemsize(a.dtype));
    }
    return a;
}

// ------------------------------------------------------------------ Array

Array::Array(DType dtype, std::vector<int64_t> shape, bool fortran_order) {
    int64_t bytes = runtime::checked_size(shape, itemsize(dtype)) * itemsize(dtype);
    // Round up to the alignment (aligned_alloc requires it) and never allocate zero bytes,
    // so that even an empty array has a valid, distinct data pointer.
    size_t alloc = (static_cast<size_t>(bytes) + 63) / 64 * 64;
    void* p = std::aligned_alloc(64, alloc ? alloc : 64);
    if (!p) throw Error(Error::Kind::Runtime, "out of memory allocating " + std::to_string(bytes) + " bytes");
    runtime::advise_huge_pages(p, alloc);
    storage_ = std::shared_ptr<void>(p, std::free);
    ref_ =
        fortran_order ? ArrayRef::f_order(p, dtype, std::move(shape)) : ArrayRef::c_order(p, dtype, std::move(shape));
}

// ------------------------------------------------------------------ Value

Value Value::of(DType t, double x) { return Value(runtime::make_scalar(t, x)); }

Value Value::of_int(DType t, int64_t x) { return Value(runtime::make_scalar(t, x)); }

DType Value::dtype() const {
    if (is_scalar()) return scalar().type;
    if (is_array()) return array().dtype;
    throw Error(Error::Kind::Argument, std::string("a ") +
                                           (is_none()   ? "None"
                                            : is_list() ? "list"
                                            : is_str()  ? "str"
                                                        : "tuple") +
                                           " value has no dtype");
}

template <class T> T Value::converted() const {
    if (!is_scalar())
        throw Error(Error::Kind::Argument,
                    "expected a scalar value, got " + (is_array() ? std::string("an array") : repr()));
    return runtime::scalar_as<T>(scalar());
}

template bool Value::converted<bool>() const;
template int8_t Value::converted<int8_t>() const;
template int16_t Value::converted<int16_t>() const;
template int32_t Value::converted<int32_t>() const;
template int64_t Value::converted<int64_t>() const;
template long long Value::converted<long long>() const;
template uint8_t Value::converted<uint8_t>() const;
template uint16_t Value::converted<uint16_t>() const;
template uint32_t Value::converted<uint32_t>() const;
template uint64_t Value::converted<uint64_t>() const;
template unsigned long long Value::converted<unsigned long long>() const;
template float Value::converted<float>() const;
template double Value::converted<double>() const;
template std::complex<float> Value::converted<std::complex<float>>() const;
template std::complex<double> Value::converted<std::complex<double>>() const;

std::string Value::repr() const {
    if (is_none()) return "None";
    if (is_scalar()) return runtime::scalar_repr(scalar());
    if (is_str()) return strings::python_repr(str());
    if (is_array()) {
        const ArrayRef& a = array();
        return std::string("array(shape=") + runtime::format_shape(a.shape) + ", dtype=" + dtype_name(a.dtype) + ")";
    }
    if (is_list()) {
        std::string s = "[";
        for (size_t i = 0; i < list().size(); ++i) s += (i ? ", " : "") + list()[i].repr();
        return s + "]";
    }
    if (is_dict()) {
        std::string s = "{";
        for (size_t i = 0; i < dict().keys.size(); ++i)
            s += (i ? ", " : "") + dict().keys[i].repr() + ": " + dict().values[i].repr();
        return s + "}";
    }
    if (is_generator()) return "<_dynfunc._Generator object>";  // Numba's type, without an address
    if (is_set()) {
        if (set().items.empty()) return "set()";
        std::string s = "{";
        for (size_t i = 0; i < set().items.size(); ++i) s += (i ? ", " : "") + set().items[i].repr();
        return s + "}";
    }
    const Tuple& t = tuple();
    std::string s = "(";
    for (size_t i = 0; i < t.size(); ++i) {
        if (i) s += ", ";
        s += t[i].repr();
    }
    if (t.size() == 1) s += ",";
    return s + ")";
}

}  // namespace ujit
