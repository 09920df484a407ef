#include "types/const_array.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"
#include "types/type_values.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <map>

namespace ujit::types {

using namespace syntax;

namespace {

template <class T> std::string bytes_of(T v) {
    std::string out(sizeof(T), '\0');
    std::memcpy(out.data(), &v, sizeof(T));
    return out;
}

// The callee of a call: `np.array`, `numpy.array` or `array` imported from numpy.
std::optional<Member> callee_member(const Expr* e, const NameLookup& lookup) {
    if (auto* n = dyn_cast<Name>(e)) return lookup(*n);
    auto* a = dyn_cast<Attribute>(e);
    if (!a) return std::nullopt;
    auto base = callee_member(a->value, lookup);
    if (!base || base->what != Member::What::Namespace) return std::nullopt;
    return resolve_member(base->type->path(), a->attr);
}

class Freezer {
public:
    Freezer(const NameLookup& lookup, const char* context) : lookup_(lookup), context_(context) {}

    // Walks the nested displays: the shape from the first path down, every item evaluated.
    void walk(const Expr* e, size_t depth) {
        auto* t = dyn_cast<Tuple>(e);
        if (t && (t->display == Tuple::Display::List || t->display == Tuple::Display::Tuple)) {
            auto n = static_cast<int64_t>(t->elts.size());
            if (depth == shape_.size() && items_.empty() && !leaf_seen_)
                shape_.push_back(n);
            else if (depth >= shape_.size() || shape_[depth] != n)
                fail(e->loc, fmt::format("{}: np.array() needs nested sequences of one shape", context_));
            for (const Expr* el : t->elts) walk(el, depth + 1);
            return;
        }
        leaf_seen_ = true;
        if (depth != shape_.size())
            fail(e->loc, fmt::format("{}: np.array() needs nested sequences of one shape", context_));
        ConstValue v = eval_const(e, lookup_, context_);
        if (!v.type->is_number() && !v.type->is_bool())
            fail(e->loc, fmt::format("{}: np.array() of {} is not supported", context_, v.type->str()));
        items_.push_back(std::move(v));
    }

    ConstValue freeze(const Type* dtype) {
        if (!dtype) {
            for (const ConstValue& v : items_) dtype = dtype ? promote(dtype, v.type) : v.type;
            if (!dtype) dtype = float64();  // np.array([]) is float64
        }
        std::string bytes;
        for (const ConstValue& v : items_) bytes += const_item_bytes(v, dtype);
        return make_const_array(dtype, shape_, std::move(bytes));
    }

private:
    const NameLookup& lookup_;
    const char* context_;
    std::vector<int64_t> shape_;
    std::vector<ConstValue> items_;
    bool leaf_seen_ = false;
};

const Type* dtype_argument(const Expr* e, const NameLookup& lookup, const char* context) {
    if (auto* s = dyn_cast<StrLit>(e)) {
        if (const Type* t = scalar_from_name(s->value)) return t;
    } else if (auto m = callee_member(e, lookup); m && m->what == Member::What::DType && !is_type_value(m->type)) {
        return m->type->scalar();
    }
    fail(e->loc, fmt::format("{}: the dtype must be a NumPy or Numba number type", context));
}

// A call's arguments by parameter name (positional ones fill `names` in order), as the
// NumPy function would bind them; what it does not take is an error.
class Bound {
public:
    Bound(const Call* c, std::vector<std::string> names, const char* what, const char* context) : call_(c) {
        if (c->args.size() > names.size())
            fail(c->loc, fmt::format("{}: {}() takes at most {} arguments", context, what, names.size()));
        for (size_t i = 0; i < c->args.size(); ++i) args_[names[i]] = c->args[i];
        for (const Keyword& k : c->keywords) {
            if (std::find(names.begin(), names.end(), k.name) == names.end() || args_.count(k.name))
                fail(k.loc, fmt::format("{}: {}() got an unexpected keyword argument '{}'", context, what, k.name));
            args_[k.name] = k.value;
        }
    }
    const Expr* get(const std::string& name) const {
        auto it = args_.find(name);
        return it == args_.end() ? nullptr : it->second;
    }
    const Call* call() const { return call_; }

private:
    const Call* call_;
    std::map<std::string, const Expr*> args_;
};

ConstValue number(const Expr* e, const NameLookup& lookup, const char* context) {
    ConstValue v = eval_const(e, lookup, context);
    if (!v.type->is_number() || v.type->is_complex())
        fail(e->loc, fmt::format("{}: a real number is needed here, not {}", context, v.type->str()));
    return v;
}

double as_double(const ConstValue& v) { return convert_const(v, float64()).f; }

// A shape: an int or a tuple of ints (`-1` allowed once where `infer_size` is given).
std::vector<int64_t> shape_argument(const Expr* e, const NameLookup& lookup, const char* context) {
    ConstValue v = eval_const(e, lookup, context);
    std::vector<ConstValue> dims = v.type->is_tuple() ? v.elems : std::vector<ConstValue>{v};
    std::vector<int64_t> shape;
    for (const ConstValue& d : dims) {
        if (!d.type->is_int()) fail(e->loc, fmt::format("{}: a shape is an int or a tuple of ints", context));
        shape.push_back(d.i);
    }
    return shape;
}

int64_t checked_count(const std::vector<int64_t>& shape, SourceLoc loc, const char* context) {
    int64_t n = 1;
    for (int64_t d : shape)
        if (d < 0 || __builtin_mul_overflow(n, d, &n) || n > (int64_t{1} << 28))
            fail(loc, fmt::format("{}: a frozen array has dimensions of 0 to 2**28 items in all", context));
    return n;
}

// np.arange as NumPy fills it: the length from (stop - start) / step in double, the first
// two items start and start + step in the result type, then start + i * (second - first).
ConstValue arange(const Bound& a, const NameLookup& lookup, const char* context) {
    const Expr* first = a.get("start");
    if (!first) fail(a.call()->loc, fmt::format("{}: np.arange() needs a stop", context));
    ConstValue start = a.get("stop") ? number(first, lookup, context) : const_int(0);
    ConstValue stop = number(a.get("stop") ? a.get("stop") : first, lookup, context);
    ConstValue step = a.get("step") ? number(a.get("step"), lookup, context) : const_int(1);
    const Type* t = a.get("dtype") ? dtype_argument(a.get("dtype"), lookup, context) : nullptr;
    if (!t) t = promote(promote(start.type, stop.type), step.type)->is_float() ? float64() : int64();
    if (as_double(step) == 0) fail(a.call()->loc, fmt::format("{}: np.arange() with a step of zero", context));
    double len = std::ceil((as_double(stop) - as_double(start)) / as_double(step));
    std::vector<int64_t> shape{len > 0 ? static_cast<int64_t>(std::min(len, 1e12)) : 0};  // checked below
    int64_t n = checked_count(shape, a.call()->loc, context);
    std::string bytes;
    if (t->is_float() || t->is_complex()) {
        const Type* ct = t->is_complex() ? float64() : t;  // complex items from float64 reals
        const bool f32 = ct->bits() == 32;
        ConstValue v0 = convert_const(start, ct),
                   v1 = convert_const(const_float(as_double(start) + as_double(step)), ct);
        double d = f32 ? double(float(v1.f) - float(v0.f)) : v1.f - v0.f;
        for (int64_t i = 0; i < n; ++i) {
            double x = i == 0   ? v0.f
                       : i == 1 ? v1.f
                       : f32    ? double(float(v0.f) + float(i) * float(d))
                                : v0.f + double(i) * d;
            bytes += const_item_bytes(const_float(x), t);
        }
    } else {
        int64_t s0 = convert_const(start, int64()).i, d = convert_const(step, int64()).i;
        for (int64_t i = 0; i < n; ++i) bytes += const_item_bytes(const_int(s0 + i * d), t);
    }
    return make_const_array(t, shape, std::move(bytes));
}

// np.zeros / np.ones / np.full: float64 unless a dtype is given (np.full: the fill value's type).
ConstValue filled(const Bound& a, BuiltinId id, const NameLookup& lookup, const char* context) {
    if (!a.get("shape")) fail(a.call()->loc, fmt::format("{}: the shape is missing", context));
    std::vector<int64_t> shape = shape_argument(a.get("shape"), lookup, context);
    ConstValue fill = id == BuiltinId::NpZeros ? const_int(0) : const_int(1);
    const Type* t = float64();
    if (id == BuiltinId::NpFull) {
        if (!a.get("fill_value")) fail(a.call()->loc, fmt::format("{}: np.full() needs a fill value", context));
        fill = eval_const(a.get("fill_value"), lookup, context);
        if (!fill.type->is_number()) fail(a.call()->loc, fmt::format("{}: np.full() fills with a number", context));
        t = fill.type;
    }
    if (a.get("dtype")) t = dtype_argument(a.get("dtype"), lookup, context);
    int64_t n = checked_count(shape, a.call()->loc, context);
    std::string item = const_item_bytes(fill, t), bytes;
    for (int64_t i = 0; i < n; ++i) bytes += item;
    return make_const_array(t, shape, std::move(bytes));
}

// np.linspace as NumPy computes it: i * step + start, the last item stop exactly.
ConstValue linspace(const Bound& a, const NameLookup& lookup, const char* context) {
    if (!a.get("start") || !a.get("stop"))
        fail(a.call()->loc, fmt::format("{}: np.linspace() needs a start and a stop", context));
    double start = as_double(number(a.get("start"), lookup, context));
    double stop = as_double(number(a.get("stop"), lookup, context));
    ConstValue num = a.get("num") ? eval_const(a.get("num"), lookup, context) : const_int(50);
    if (!num.type->is_int() || num.i < 0)
        fail(a.call()->loc, fmt::format("{}: np.linspace()'s num must be a non-negative int", context));
    const Type* t = a.get("dtype") ? dtype_argument(a.get("dtype"), lookup, context) : float64();
    if (!t->is_float()) fail(a.call()->loc, fmt::format("{}: a frozen np.linspace() is of a float dtype", context));
    std::vector<int64_t> shape{num.i};
    int64_t n = checked_count(shape, a.call()->loc, context);
    double step = n > 1 ? (stop - start) / double(n - 1) : 0;
    std::string bytes;
    for (int64_t i = 0; i < n; ++i)
        bytes += const_item_bytes(const_float(i == n - 1 && n > 1 ? stop : double(i) * step + start), t);
    return make_const_array(t, shape, std::move(bytes));
}

// `<frozen array>.reshape(3, 4)` or `.reshape((3, -1))`: the same items in C order.
ConstValue reshaped(const ConstValue& base, const Call* c, const NameLookup& lookup, const char* context) {
    if (c->args.empty() || !c->keywords.empty())
        fail(c->loc, fmt::format("{}: reshape() takes the new shape", context));
    std::vector<int64_t> shape;
    for (const Expr* arg : c->args)
        for (int64_t d : shape_argument(arg, lookup, context)) shape.push_back(d);
    int64_t size = static_cast<int64_t>(base.array->bytes.size()) / base.type->dtype()->itemsize();
    auto unknown = std::find(shape.begin(), shape.end(), -1);
    if (unknown != shape.end()) {
        *unknown = 1;
        int64_t rest = checked_count(shape, c->loc, context);
        *unknown = rest ? size / rest : 0;
    }
    if (checked_count(shape, c->loc, context) != size)
        fail(c->loc, fmt::format("{}: cannot reshape an array of size {} into that shape", context, size));
    return make_const_array(base.type->dtype(), shape, base.array->bytes);
}

}  // namespace

std::string const_item_bytes(const ConstValue& v, const Type* dtype) {
    ConstValue x = convert_const(v, dtype);
    if (dtype->is_bool()) return bytes_of<uint8_t>(x.i != 0);
    if (dtype->is_int()) {
        switch (dtype->bits()) {
        case 8: return bytes_of(static_cast<int8_t>(x.i));
        case 16: return bytes_of(static_cast<int16_t>(x.i));
        case 32: return bytes_of(static_cast<int32_t>(x.i));
        default: return bytes_of(x.i);
        }
    }
    if (dtype->is_float()) return dtype->bits() == 32 ? bytes_of(static_cast<float>(x.f)) : bytes_of(x.f);
    if (dtype->bits() == 64) return bytes_of(std::complex<float>(x.c));
    return bytes_of(x.c);
}

namespace {

template <class T> T item_at(const std::string& bytes, int64_t flat) {
    T v;
    std::memcpy(&v, bytes.data() + flat * static_cast<int64_t>(sizeof(T)), sizeof(T));
    return v;
}

}  // namespace

ConstValue const_item(const ConstValue& array, int64_t flat) {
    const Type* t = array.type->dtype();
    const std::string& bytes = array.array->bytes;
    if (t->is_bool()) return const_int(item_at<uint8_t>(bytes, flat) != 0, t);
    if (t->is_int()) {
        switch (t->bits()) {
        case 8: return const_int(t->is_signed() ? item_at<int8_t>(bytes, flat) : item_at<uint8_t>(bytes, flat), t);
        case 16: return const_int(t->is_signed() ? item_at<int16_t>(bytes, flat) : item_at<uint16_t>(bytes, flat), t);
        case 32: return const_int(t->is_signed() ? item_at<int32_t>(bytes, flat) : item_at<uint32_t>(bytes, flat), t);
        default: return const_int(item_at<int64_t>(bytes, flat), t);
        }
    }
    if (t->is_float())
        return const_float(t->bits() == 32 ? item_at<float>(bytes, flat) : item_at<double>(bytes, flat), t);
    ConstValue c;
    c.type = t;
    c.c = t->bits() == 64 ? std::complex<double>(item_at<std::complex<float>>(bytes, flat))
                          : item_at<std::complex<double>>(bytes, flat);
    return c;
}

ConstValue make_const_array(const Type* dtype, std::vector<int64_t> shape, std::string bytes) {
    ConstValue c;
    c.type = array(dtype, static_cast<int>(shape.size()), Layout::C, /*readonly=*/true);
    ConstArray a;
    a.shape = std::move(shape);
    a.bytes = std::move(bytes);
    c.array = std::make_shared<const ConstArray>(std::move(a));
    return c;
}

ConstValue make_captured_array(const Type* dtype, std::vector<int64_t> shape, std::vector<int64_t> strides,
                               uint64_t address) {
    bool c_order = true;
    int64_t step = dtype->itemsize();
    for (size_t k = shape.size(); k-- > 0;) {
        if (shape[k] != 1 && strides[k] != step) c_order = false;
        step *= shape[k];
    }
    ConstValue c;
    c.type = array(dtype, static_cast<int>(shape.size()), c_order ? Layout::C : Layout::A);
    ConstArray a;
    a.shape = std::move(shape);
    a.by_reference = true;
    a.address = address;
    a.strides = std::move(strides);
    c.array = std::make_shared<const ConstArray>(std::move(a));
    return c;
}

std::optional<ConstValue> eval_const_array(const Expr* e, const NameLookup& lookup, const char* context) {
    auto* call = dyn_cast<Call>(e);
    if (!call) return std::nullopt;
    if (auto* method = dyn_cast<Attribute>(call->callee); method && method->attr == "reshape") {
        auto base = eval_const_array(method->value, lookup, context);
        return base ? std::optional(reshaped(*base, call, lookup, context)) : std::nullopt;
    }
    auto callee = callee_member(call->callee, lookup);
    if (!callee || callee->what != Member::What::Function) return std::nullopt;
    switch (callee->builtin) {
    case BuiltinId::NpArray: {
        Bound a(call, {"object", "dtype"}, "np.array", context);
        if (!a.get("object")) fail(call->loc, fmt::format("{}: np.array() needs an object", context));
        Freezer f(lookup, context);
        f.walk(a.get("object"), 0);
        return f.freeze(a.get("dtype") ? dtype_argument(a.get("dtype"), lookup, context) : nullptr);
    }
    case BuiltinId::NpArange:
        return arange(Bound(call, {"start", "stop", "step", "dtype"}, "np.arange", context), lookup, context);
    case BuiltinId::NpZeros:
    case BuiltinId::NpOnes:
        return filled(Bound(call, {"shape", "dtype"}, builtin_name(callee->builtin), context), callee->builtin, lookup,
                      context);
    case BuiltinId::NpFull:
        return filled(Bound(call, {"shape", "fill_value", "dtype"}, "np.full", context), callee->builtin, lookup,
                      context);
    case BuiltinId::NpLinspace:
        return linspace(Bound(call, {"start", "stop", "num", "dtype"}, "np.linspace", context), lookup, context);
    default: return std::nullopt;
    }
}

}  // namespace ujit::types
