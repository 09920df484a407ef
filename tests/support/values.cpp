#include "support/values.hpp"

#include <cmath>
#include <complex>
#include <cstring>
#include <fmt/format.h>

namespace ujit::test {

DType dtype_from_name(const std::string& n) {
    static const std::pair<const char*, DType> names[] = {{"bool", DType::Bool},
                                                          {"int8", DType::Int8},
                                                          {"int16", DType::Int16},
                                                          {"int32", DType::Int32},
                                                          {"int64", DType::Int64},
                                                          {"uint8", DType::UInt8},
                                                          {"uint16", DType::UInt16},
                                                          {"uint32", DType::UInt32},
                                                          {"uint64", DType::UInt64},
                                                          {"float32", DType::Float32},
                                                          {"float64", DType::Float64},
                                                          {"complex64", DType::Complex64},
                                                          {"complex128", DType::Complex128}};
    for (auto& [name, t] : names)
        if (n == name) return t;
    throw std::runtime_error("unknown dtype in test data: " + n);
}

static bool is_float(DType t) { return t == DType::Float32 || t == DType::Float64; }
static bool is_complex(DType t) { return t == DType::Complex64 || t == DType::Complex128; }

static Value scalar(DType t, const Json& v) {
    if (is_float(t)) return Value::of(t, v.number());
    if (is_complex(t)) {
        Value::Scalar s;
        s.type = t;
        s.c = {v[0].number(), v[1].number()};
        return Value(s);
    }
    if (t == DType::Bool) return Value(v.kind == Json::Kind::Bool ? v.b : v.integer() != 0);
    if (t == DType::UInt64) return Value::of_int(t, int64_t(std::strtoull(v.text.c_str(), nullptr, 10)));
    return Value::of_int(t, v.integer());
}

template <class T> static void store(void* p, T x) { std::memcpy(p, &x, sizeof x); }

Value value_from_json(const Json& j, std::deque<Array>& keep) {
    const std::string& type = j["type"].str();
    if (type == "tuple") {
        Value::Tuple t;
        for (const Json& e : j["items"].items) t.push_back(value_from_json(e, keep));
        return Value(std::move(t));
    }
    if (type != "array") return scalar(dtype_from_name(type), j["value"]);
    DType dt = dtype_from_name(j["dtype"].str());
    std::vector<int64_t> shape;
    for (const Json& d : j["shape"].items) shape.push_back(d.integer());
    bool fortran = j.has("order") && j["order"].str() == "F";
    Array& a = keep.emplace_back(dt, shape, fortran);
    // Values are listed in C order; place each by its C-order index into the array's strides.
    ArrayRef r = a.ref();
    const auto& vals = j["values"].items;
    int64_t n = r.size();
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t k = 0; k < n; ++k) {
        int64_t off = 0;
        for (size_t d = 0; d < shape.size(); ++d) off += idx[d] * r.strides[d];
        char* p = static_cast<char*>(r.data) + off;
        const Json& v = vals.at(size_t(k));
        switch (dt) {
        case DType::Bool: store<uint8_t>(p, v.kind == Json::Kind::Bool ? v.b : v.integer() != 0); break;
        case DType::Int8: store<int8_t>(p, int8_t(v.integer())); break;
        case DType::Int16: store<int16_t>(p, int16_t(v.integer())); break;
        case DType::Int32: store<int32_t>(p, int32_t(v.integer())); break;
        case DType::Int64: store<int64_t>(p, v.integer()); break;
        case DType::UInt8: store<uint8_t>(p, uint8_t(v.integer())); break;
        case DType::UInt16: store<uint16_t>(p, uint16_t(v.integer())); break;
        case DType::UInt32: store<uint32_t>(p, uint32_t(v.integer())); break;
        case DType::UInt64: store<uint64_t>(p, std::strtoull(v.text.c_str(), nullptr, 10)); break;
        case DType::Float16: store<_Float16>(p, _Float16(v.number())); break;
        case DType::Float32: store<float>(p, float(v.number())); break;
        case DType::Float64: store<double>(p, v.number()); break;
        case DType::Complex64: store(p, std::complex<float>(float(v[0].number()), float(v[1].number()))); break;
        case DType::Complex128: store(p, std::complex<double>(v[0].number(), v[1].number())); break;
        case DType::Datetime64:
        case DType::Timedelta64:
        default: store<int64_t>(p, v.integer()); break;  // a datetime64/timedelta64's count
        }
        for (int d = int(shape.size()) - 1; d >= 0; --d) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
    return Value(r);
}

static std::string compare_float(double got, double want, double rtol, double atol) {
    if (std::isnan(want)) return std::isnan(got) ? "" : fmt::format("got {}, expected nan", got);
    if (std::isinf(want) || want == 0.0) {
        if (got == want && std::signbit(got) == std::signbit(want)) return "";
        if (want == 0.0 && std::fabs(got) <= atol) return "";
        return fmt::format("got {}, expected {}", got, want);
    }
    if (std::fabs(got - want) <= atol + rtol * std::fabs(want)) return "";
    return fmt::format("got {:.17g}, expected {:.17g}", got, want);
}

std::string compare_value(const Value& got, const Json& expected, double rtol, double atol) {
    const std::string& type = expected["type"].str();
    if (type == "array") {
        if (!got.is_array()) return "expected an array result";
        return compare_array(got.array(), expected, rtol, atol);
    }
    if (type == "tuple") {
        if (!got.is_tuple()) return "expected a tuple, got " + got.repr();
        const auto& items = expected["items"].items;
        if (got.tuple().size() != items.size()) return "tuple arity differs: got " + got.repr();
        for (size_t i = 0; i < items.size(); ++i) {
            std::string m = compare_value(got.tuple()[i], items[i], rtol, atol);
            if (!m.empty()) return fmt::format("tuple item {}: {}", i, m);
        }
        return "";
    }
    if (type == "none") return got.is_none() ? "" : "expected None, got " + got.repr();
    DType dt = dtype_from_name(type);
    if (!got.is_scalar()) return "expected a scalar, got " + got.repr();
    if (got.dtype() != dt) return fmt::format("result type is {}, expected {}", dtype_name(got.dtype()), type);
    if (is_float(dt)) return compare_float(got.as<double>(), expected["value"].number(), rtol, atol);
    if (is_complex(dt)) {
        auto c = got.as<std::complex<double>>();
        std::string m = compare_float(c.real(), expected["value"][0].number(), rtol, atol);
        return m.empty() ? compare_float(c.imag(), expected["value"][1].number(), rtol, atol) : m;
    }
    if (dt == DType::Bool) {
        bool want = expected["value"].kind == Json::Kind::Bool ? expected["value"].b : expected["value"].integer() != 0;
        return got.as<bool>() == want ? "" : "got " + got.repr();
    }
    if (dt == DType::UInt64) {
        uint64_t want = std::strtoull(expected["value"].text.c_str(), nullptr, 10);
        return got.as<uint64_t>() == want ? "" : fmt::format("got {}, expected {}", got.repr(), want);
    }
    long long want = expected["value"].integer();
    return got.as<int64_t>() == want ? "" : fmt::format("got {}, expected {}", got.repr(), want);
}

std::string compare_array(const ArrayRef& got, const Json& expected, double rtol, double atol) {
    std::deque<Array> keep;
    Value want_v = value_from_json(expected, keep);
    const ArrayRef& want = want_v.array();
    if (got.shape != want.shape) return "array shape differs";
    if (got.dtype != want.dtype)
        return fmt::format("array dtype is {}, expected {}", dtype_name(got.dtype), dtype_name(want.dtype));
    ArrayRef g = got.strides.empty() ? ArrayRef::c_order(got.data, got.dtype, got.shape) : got;
    int64_t n = want.size();
    std::vector<int64_t> idx(want.shape.size(), 0);
    int isz = itemsize(want.dtype);
    for (int64_t k = 0; k < n; ++k) {
        int64_t og = 0, ow = 0;
        for (size_t d = 0; d < idx.size(); ++d) {
            og += idx[d] * g.strides[d];
            ow += idx[d] * want.strides[d];
        }
        const char* pg = static_cast<const char*>(g.data) + og;
        const char* pw = static_cast<const char*>(want.data) + ow;
        std::string m;
        if (want.dtype == DType::Float32) {
            float a, b;
            std::memcpy(&a, pg, 4);
            std::memcpy(&b, pw, 4);
            m = compare_float(a, b, rtol, atol);
        } else if (want.dtype == DType::Float64) {
            double a, b;
            std::memcpy(&a, pg, 8);
            std::memcpy(&b, pw, 8);
            m = compare_float(a, b, rtol, atol);
        } else if (std::memcmp(pg, pw, size_t(isz)) != 0) {
            m = "integer/bool element differs";
        }
        if (!m.empty()) return fmt::format("element {}: {}", k, m);
        for (int d = int(idx.size()) - 1; d >= 0; --d) {
            if (++idx[d] < want.shape[d]) break;
            idx[d] = 0;
        }
    }
    return "";
}

}  // namespace ujit::test
