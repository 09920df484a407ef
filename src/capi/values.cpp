#include "capi/values.hpp"

#include "capi/handles.hpp"
#include "pipeline/record_values.hpp"

#include "runtime/dtype.hpp"
#include "runtime/scalar.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <string>

namespace ujit::capi {

namespace {

ujit::DType checked_dtype(int dtype) {
    if (!runtime::is_valid_dtype(dtype))
        throw ujit::Error(ujit::Error::Kind::Argument, "error: invalid ujit_dtype " + std::to_string(dtype));
    return static_cast<ujit::DType>(dtype);
}

// The leaves of `v` in order: tuples flattened (nested ones too), None gives none.
void leaves(ujit::Value& v, std::vector<ujit::Value*>& out) {
    if (v.is_none()) return;
    if (v.is_tuple()) {
        for (const auto& e : v.tuple()) leaves(const_cast<ujit::Value&>(e), out);  // ours: the caller gave it up
        return;
    }
    out.push_back(&v);
}

// A str result's text for the caller (ujit_free_string frees it), NUL-terminated.
const char* copy_text(const std::string& text) {
    auto* p = static_cast<char*>(std::malloc(text.size() + 1));
    if (!p) throw std::bad_alloc();
    std::memcpy(p, text.data(), text.size());
    p[text.size()] = '\0';
    return p;
}

ujit_value scalar_c_value(const ujit::Value::Scalar& s) {
    ujit_value c{};
    c.is_array = 0;
    c.dtype = static_cast<ujit_dtype>(s.type);
    switch (runtime::dtype_kind(s.type)) {
    case runtime::DKind::Bool:
    case runtime::DKind::Int:
    case runtime::DKind::Datetime: c.v.i = s.i; break;
    case runtime::DKind::UInt: c.v.u = static_cast<uint64_t>(s.i); break;
    case runtime::DKind::Float: c.v.f = s.f; break;
    case runtime::DKind::Complex:
        c.v.c[0] = s.c.real();
        c.v.c[1] = s.c.imag();
        break;
    }
    return c;
}

}  // namespace

ujit::Value to_value(const ujit_value& v) {
    if (v.is_array == UJIT_LIST_RESULT) {  // shares the items: the call's changes show in the handle
        if (!v.v.list) throw ujit::Error(ujit::Error::Kind::Argument, "error: list argument with a null ujit_list");
        return v.v.list->value;
    }
    if (v.is_array == UJIT_DICT_RESULT) {  // shares the entries: the call's changes show in the handle
        if (!v.v.dict) throw ujit::Error(ujit::Error::Kind::Argument, "error: dict argument with a null ujit_dict");
        return v.v.dict->value;
    }
    if (v.is_array == UJIT_STRING) {
        if (!v.v.str.data && v.v.str.length)
            throw ujit::Error(ujit::Error::Kind::Argument, "error: str argument with null text");
        if (v.v.str.length < 0)
            throw ujit::Error(ujit::Error::Kind::Argument, "error: str argument of negative length");
        return ujit::Value(std::string(v.v.str.data ? v.v.str.data : "", static_cast<size_t>(v.v.str.length)));
    }
    if (v.is_array == UJIT_ARRAY_RESULT) {
        if (!v.v.result) throw ujit::Error(ujit::Error::Kind::Argument, "error: array argument with a null ujit_array");
        return v.v.result->value;  // shares the reference: the array lives through the call
    }
    if (v.is_array == UJIT_GENERATOR_RESULT)  // (its pointer is no DLTensor)
        throw ujit::Error(ujit::Error::Kind::Argument, "error: a generator cannot be passed to a compiled function");
    if ((v.is_array & ~2) == UJIT_RECORD_ARRAY)
        return ujit::Value(
            ujit::pipeline::record_array_from_dlpack(v.v.record.tensor, v.v.record.type, (v.is_array & 2) != 0));
    if (v.is_array) {
        if (!v.v.array) throw ujit::Error(ujit::Error::Kind::Argument, "error: array argument with a null DLTensor");
        ujit::ArrayRef a = ujit::ArrayRef::from_dlpack(*v.v.array);
        a.readonly = (v.is_array & 2) != 0;  // UJIT_ARRAY_READONLY
        return ujit::Value(std::move(a));
    }
    // Read the tag as the integer the C caller stored: in C++, loading an enum that holds
    // no enumerator's value is undefined (UBSan flags it), and junk is what we check for.
    int raw_dtype;
    static_assert(sizeof raw_dtype == sizeof v.dtype);
    std::memcpy(&raw_dtype, &v.dtype, sizeof raw_dtype);
    ujit::DType t = checked_dtype(raw_dtype);
    switch (runtime::dtype_kind(t)) {
    case runtime::DKind::Bool: return ujit::Value(v.v.i != 0);
    case runtime::DKind::Int:
    case runtime::DKind::Datetime: return ujit::Value::of_int(t, v.v.i);
    case runtime::DKind::UInt: return ujit::Value::of_int(t, static_cast<int64_t>(v.v.u));
    case runtime::DKind::Float: return ujit::Value::of(t, v.v.f);
    case runtime::DKind::Complex: break;
    }
    return ujit::Value(runtime::make_scalar(t, std::complex<double>(v.v.c[0], v.v.c[1])));
}

std::vector<ujit::Value> to_values(const ujit_value* vs, size_t n) {
    if (n && !vs) throw ujit::Error(ujit::Error::Kind::Argument, "error: null argument array");
    std::vector<ujit::Value> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) out.push_back(to_value(vs[i]));
    return out;
}

size_t to_c_values(ujit::Value&& result, ujit_value* out, size_t max_out) {
    // One value (the common result) needs no list: a malloc less per call (issue 18's
    // Python call returning np.empty(10)).
    std::vector<ujit::Value*> many;
    ujit::Value* one = &result;
    std::span<ujit::Value*> flat(&one, result.is_tuple() || result.is_none() ? 0 : 1);
    if (result.is_tuple()) {
        leaves(result, many);
        flat = many;
    }
    size_t n = std::min(flat.size(), max_out);
    size_t done = 0;  // out[0..done) are ours (the rest may hold what the caller left there)
    try {
        for (size_t i = 0; i < n; ++i) {
            ujit::Value& v = *flat[i];
            out[i] = ujit_value{};
            done = i + 1;
            if (v.is_list()) {
                out[i].is_array = UJIT_LIST_RESULT;
                out[i].v.list = new ujit_list{std::move(v)};
            } else if (v.is_dict() || v.is_set()) {
                out[i].is_array = UJIT_DICT_RESULT;
                out[i].v.dict = new ujit_dict{std::move(v)};
            } else if (v.is_array()) {
                out[i].is_array = UJIT_ARRAY_RESULT;
                out[i].dtype = static_cast<ujit_dtype>(v.array().dtype);
                out[i].v.result = nullptr;
                out[i].v.result = new ujit_array{std::move(v), {}, {}, true};
                fill_tensor(*out[i].v.result);
            } else if (v.is_generator()) {
                out[i].is_array = UJIT_GENERATOR_RESULT;
                out[i].v.generator = new ujit_generator{std::move(v)};
            } else if (v.is_str()) {
                out[i].is_array = UJIT_STRING;
                out[i].v.str.data = copy_text(v.str());
                out[i].v.str.length = static_cast<int64_t>(v.str().size());
            } else {
                out[i] = scalar_c_value(v.scalar());
            }
        }
    } catch (...) {
        // Nothing escapes a failed call: the handles and texts made so far go again.
        for (size_t i = 0; i < done; ++i) {
            if (out[i].is_array == UJIT_ARRAY_RESULT) ujit_array_release(out[i].v.result);
            if (out[i].is_array == UJIT_LIST_RESULT) ujit_list_release(out[i].v.list);
            if (out[i].is_array == UJIT_STRING) std::free(const_cast<char*>(out[i].v.str.data));
            if (out[i].is_array == UJIT_DICT_RESULT) ujit_dict_release(out[i].v.dict);
            if (out[i].is_array == UJIT_GENERATOR_RESULT) ujit_generator_release(out[i].v.generator);
            if (out[i].is_array == UJIT_ARRAY_RESULT || out[i].is_array == UJIT_LIST_RESULT ||
                out[i].is_array == UJIT_STRING || out[i].is_array == UJIT_DICT_RESULT ||
                out[i].is_array == UJIT_GENERATOR_RESULT)
                out[i] = ujit_value{};
        }
        throw;
    }
    return flat.size();
}

DLDataType dl_dtype(ujit::DType t) {
    constexpr uint8_t kDLBoolCode = 6;  // DLPack >= 0.8; Debian's header (0.6) predates it
    uint8_t bits = static_cast<uint8_t>(ujit::itemsize(t) * 8);
    switch (runtime::dtype_kind(t)) {
    case runtime::DKind::Bool: return {kDLBoolCode, 8, 1};
    case runtime::DKind::Int: return {kDLInt, bits, 1};
    case runtime::DKind::UInt: return {kDLUInt, bits, 1};
    case runtime::DKind::Float: return {kDLFloat, bits, 1};
    case runtime::DKind::Complex: break;
    case runtime::DKind::Datetime: return {static_cast<uint8_t>(UJIT_DL_TIME_BASE + int(t)), 64, 1};
    }
    return {kDLComplex, bits, 1};
}

}  // namespace ujit::capi
