#include "types/const_array.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <complex>
#include <cstring>

namespace ujit::types {

using namespace syntax;

namespace {

template <class T>
std::string bytes_of(T v) {
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
    } else if (auto m = callee_member(e, lookup); m && m->what == Member::What::DType) {
        return m->type->scalar();
    }
    fail(e->loc, fmt::format("{}: np.array()'s dtype must be a NumPy or Numba number type", context));
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

ConstValue make_const_array(const Type* dtype, std::vector<int64_t> shape, std::string bytes) {
    ConstValue c;
    c.type = array(dtype, static_cast<int>(shape.size()), Layout::C, /*readonly=*/true);
    c.array = std::make_shared<const ConstArray>(ConstArray{std::move(shape), std::move(bytes)});
    return c;
}

std::optional<ConstValue> eval_const_array(const Expr* e, const NameLookup& lookup, const char* context) {
    auto* call = dyn_cast<Call>(e);
    if (!call) return std::nullopt;
    auto callee = callee_member(call->callee, lookup);
    if (!callee || callee->what != Member::What::Function || callee->builtin != BuiltinId::NpArray)
        return std::nullopt;
    const Expr* dtype = call->args.size() > 1 ? call->args[1] : nullptr;
    for (const Keyword& k : call->keywords) {
        if (k.name != "dtype" || dtype)
            fail(call->loc, fmt::format("{}: np.array() takes the object and a dtype", context));
        dtype = k.value;
    }
    if (call->args.empty() || call->args.size() > 2)
        fail(call->loc, fmt::format("{}: np.array() takes the object and a dtype", context));
    Freezer f(lookup, context);
    f.walk(call->args[0], 0);
    return f.freeze(dtype ? dtype_argument(dtype, lookup, context) : nullptr);
}

}  // namespace ujit::types
