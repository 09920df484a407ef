// Typing of the functions and methods that make new arrays (nplib/constructors.hpp), with
// Numba's result types: np.empty/zeros/ones/eye/identity default to float64, np.full takes
// the fill value's type, the *_like functions keep the prototype's dtype and its C or F
// layout, np.arange's dtype follows its bounds (any float: float64, else int64), np.linspace
// is float64, copies (a.copy(), np.copy, flatten) are C-contiguous, astype keeps C or F.
// Each call records its operand types in parameter order (null: absent or a dtype).
#include "types/infer_impl.hpp"
#include "types/type_values.hpp"

#include "nplib/constructors.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

// The element types of a nested tuple display `t` of numbers, row-major, and its shape.
bool nested_numbers(const Type* t, std::vector<int64_t>& shape, size_t depth, std::vector<const Type*>& elems) {
    if (t->is_number()) {
        if (depth != shape.size()) return false;  // ragged: a number where a row was
        elems.push_back(t);
        return true;
    }
    if (!t->is_tuple()) return false;
    int64_t n = static_cast<int64_t>(t->elements().size());
    if (depth == shape.size()) {
        if (!elems.empty()) return false;  // a row where a number was
        shape.push_back(n);
    } else if (shape[depth] != n) {
        return false;
    }
    for (const Type* e : t->elements())
        if (!nested_numbers(e, shape, depth + 1, elems)) return false;
    return true;
}

}  // namespace

// dtype=: np.float32 / numba.float32 / float32 (types), float, int, bool, complex (Python's
// classes), 'float32' / 'f4' (strings). Null for None or left out.
const Type* Inferrer::dtype_argument(const Expr* e, const std::string& what) {
    if (!e || isa<NoneLit>(e)) return nullptr;
    if (auto* s = dyn_cast<StrLit>(e)) {
        set(e, unicode());
        if (const Type* t = scalar_from_name(s->value)) return t;
        error(e->loc, fmt::format("{}(): data type '{}' not understood", what, s->value));
    }
    const Type* t = expr(e);
    if (!t) return nullptr;
    if (t->kind() == Kind::DTypeObj && !is_type_value(t)) return t->scalar();
    if (t->kind() == Kind::BuiltinFunc) switch (t->builtin()) {
        case BuiltinId::Float: return float64();
        case BuiltinId::Int: return int64();
        case BuiltinId::Bool: return boolean();
        case BuiltinId::Complex: return complex(128);
        default: break;
        }
    error(e->loc,
          fmt::format("{}(): dtype must be a type such as np.float32, float32 or 'float32', not {}", what, t->str()));
}

// A shape: an integer (1-D) or a tuple of integers (its length in dimensions, () for 0-d).
// Records its operand type (int64, or a tuple of int64) in `ops`.
int Inferrer::shape_argument(const Expr* e, const std::string& what, const Type** op) {
    const Type* t = expr(e);
    if (!t) return -1;
    if (t->is_int() || t->is_bool()) {
        *op = int64();
        return 1;
    }
    if (t->is_tuple()) {
        for (const Type* d : t->elements())
            if (!d->is_int() && !d->is_bool())
                error(e->loc,
                      fmt::format("{}(): the shape must be an integer or a tuple of integers, not {}", what, t->str()));
        if (t->elements().size() > 8) error(e->loc, fmt::format("{}(): ujit arrays have at most 8 dimensions", what));
        *op = tuple(std::vector<const Type*>(t->elements().size(), int64()));
        return static_cast<int>(t->elements().size());
    }
    error(e->loc, fmt::format("{}(): the shape must be an integer or a tuple of integers, not {}", what, t->str()));
}

const Type* Inferrer::array_alloc(const Call* c, BuiltinId id) {
    const Expr* self = nullptr;
    if (auto* attr = dyn_cast<Attribute>(c->callee); attr && is_array_method(id)) self = attr->value;
    const std::string what = self ? cast<Attribute>(c->callee)->attr : spelled(c->callee);
    std::string why;
    SourceLoc where;
    std::vector<const Expr*> arg = nplib::bind_arguments(c, nplib::constructor_params(id), &why, &where);
    if (!why.empty()) error(where, fmt::format("{}() {}", what, why));
    if (cuda()) error(c->loc, nplib::cuda_allocation_error(self ? "." + what + "()" : what + "()"));
    const std::vector<std::string>& params = nplib::constructor_params(id);
    std::vector<const Type*> ops(arg.size(), nullptr);
    auto slot = [&](const char* name) -> size_t {
        for (size_t i = 0; i < params.size(); ++i)
            if (params[i] == name) return i;
        return params.size();
    };
    auto required = [&](size_t i) {
        if (!arg[i]) error(c->loc, fmt::format("{}() missing required argument '{}'", what, params[i]));
        return arg[i];
    };
    auto number = [&](size_t i, const Type* to) -> const Type* {
        const Type* t = expr(required(i));
        if (t && (!t->is_number() || (t->is_complex() && !to->is_complex())))
            error(arg[i]->loc, fmt::format("{}() needs a number for '{}', not {}", what, params[i], t->str()));
        ops[i] = to;
        return t;
    };
    size_t dtype_slot = slot("dtype");
    const Type* dt = dtype_slot < arg.size() ? dtype_argument(arg[dtype_slot], what) : nullptr;
    if (!dt) dt = nplib::default_dtype(id);
    const Type* result = nullptr;
    switch (id) {
    case BuiltinId::NpEmpty:
    case BuiltinId::NpZeros:
    case BuiltinId::NpOnes:
    case BuiltinId::NpFull: {
        int ndim = shape_argument(required(0), what, &ops[0]);
        if (id == BuiltinId::NpFull) {
            const Type* fill = expr(required(1));
            if (!fill) return nullptr;
            if (!fill->is_number())
                error(arg[1]->loc, fmt::format("{}() needs a number as fill_value, not {}", what, fill->str()));
            if (!dt) dt = fill;
            number(1, dt);
        }
        if (ndim < 0) return nullptr;
        result = array(dt, ndim, Layout::C);
        break;
    }
    case BuiltinId::NpEmptyLike:
    case BuiltinId::NpZerosLike:
    case BuiltinId::NpOnesLike:
    case BuiltinId::NpFullLike:
    case BuiltinId::NpCopy:
    case BuiltinId::ArrayCopy:
    case BuiltinId::ArrayFlatten:
    case BuiltinId::ArrayAstype: {
        const Type* a = self ? fn_.type_of(self) : expr(required(0));
        if (!a) return nullptr;
        if (!a->is_array()) error(arg[0]->loc, fmt::format("{}() needs an array, not {}", what, a->str()));
        if (!self) ops[0] = a;
        if (!dt) dt = a->dtype();
        if (id == BuiltinId::NpFullLike) {
            const Type* fill = expr(required(1));
            if (fill && !fill->is_number())
                error(arg[1]->loc, fmt::format("{}() needs a number as fill_value, not {}", what, fill->str()));
            number(1, dt);
        }
        if (id == BuiltinId::ArrayAstype && !arg[0]) error(c->loc, "astype() missing required argument 'dtype'");
        // Copies are C-contiguous; the *_like functions and astype keep C or F (A becomes C).
        bool keeps = id != BuiltinId::NpCopy && id != BuiltinId::ArrayCopy && id != BuiltinId::ArrayFlatten;
        Layout l = keeps && a->layout() == Layout::F ? Layout::F : Layout::C;
        result = array(dt, id == BuiltinId::ArrayFlatten ? 1 : a->ndim(), l);
        break;
    }
    case BuiltinId::NpArange: {
        required(0);
        bool any_float = false;
        for (size_t i = 0; i < 3; ++i) {
            if (!arg[i] || isa<NoneLit>(arg[i])) continue;
            const Type* t = expr(arg[i]);
            if (!t) return nullptr;
            if (t->is_complex()) error(arg[i]->loc, "np.arange() of complex numbers is not supported by ujit");
            if (!t->is_number())
                error(arg[i]->loc, fmt::format("{}() needs numbers as bounds, not {}", what, t->str()));
            any_float |= t->is_float();
        }
        const Type* natural = any_float ? float64() : int64();
        for (size_t i = 0; i < 3; ++i)
            if (arg[i] && !isa<NoneLit>(arg[i])) ops[i] = natural;
        result = array(dt ? dt : natural, 1, Layout::C);
        break;
    }
    case BuiltinId::NpLinspace: {
        number(0, float64());
        number(1, float64());
        if (arg[2]) {
            const Type* n = expr(arg[2]);
            if (n && !n->is_int()) error(arg[2]->loc, fmt::format("{}() needs an integer num, not {}", what, n->str()));
            ops[2] = int64();
        }
        result = array(float64(), 1, Layout::C);
        break;
    }
    case BuiltinId::NpEye:
    case BuiltinId::NpIdentity: {
        size_t count = id == BuiltinId::NpEye ? 3 : 1;
        required(0);
        for (size_t i = 0; i < count; ++i) {
            if (!arg[i] || isa<NoneLit>(arg[i])) continue;
            const Type* t = expr(arg[i]);
            if (t && !t->is_int() && !t->is_bool())
                error(arg[i]->loc, fmt::format("{}() needs an integer '{}', not {}", what, params[i], t->str()));
            ops[i] = int64();
        }
        result = array(dt, 2, Layout::C);
        break;
    }
    case BuiltinId::NpArray:
    case BuiltinId::NpAsarray: {
        allow_list_ = isa<Tuple>(required(0));  // np.array([[1, 2], [3, 4]]): lists as tuples
        const Type* t = expr(arg[0]);
        allow_list_ = false;
        if (!t) return nullptr;
        ops[0] = t;
        if (t->is_array() && id == BuiltinId::NpAsarray && (!dt || dt == t->dtype())) {
            result = t;  // np.asarray(a) is a itself
            break;
        }
        if (t->is_array()) {
            result = array(dt ? dt : t->dtype(), t->ndim(), Layout::C);
            break;
        }
        if (t->is_list()) {
            result = array_of_list(arg[0], t, dt, what);
            break;
        }
        std::vector<int64_t> shape;
        std::vector<const Type*> elems;
        if (!nested_numbers(t, shape, 0, elems))  // a number alone: a 0-d array
            error(arg[0]->loc, fmt::format("{}() needs an array or a (nested) tuple of numbers of one shape, not {}",
                                           what, t->str()));
        if (!dt) {
            if (elems.empty()) dt = float64();  // np.array(()) is float64, as NumPy's
            for (const Type* e : elems) dt = dt ? promote(dt, e) : e;
        }
        result = array(dt, static_cast<int>(shape.size()), Layout::C);
        break;
    }
    default: error(c->loc, fmt::format("{}() cannot be called like this", what));
    }
    operands(c, std::move(ops));
    return result;
}

// np.array(l) of a list of numbers, of lists of them (any depth) or of tuples of them: one
// dimension per list level, then the tuples' (Numba's _parse_nested_sequence; that every
// row has the same length is checked at run time).
const Type* Inferrer::array_of_list(const Expr* at, const Type* list, const Type* dt, const std::string& what) {
    int depth = 0;
    const Type* t = list;
    for (; t && t->is_list(); t = t->item()) ++depth;
    if (!t)
        error(at->loc,
              fmt::format("Cannot infer the type of {}, have imprecise type: {}", describe_expr(at), list->str()));
    if (t->is_array()) error(at->loc, fmt::format("{} not allowed in a homogeneous sequence", t->str()));
    std::vector<int64_t> shape;
    std::vector<const Type*> elems;
    if ((!t->is_number() && !t->is_tuple()) || !nested_numbers(t, shape, 0, elems))
        error(at->loc, fmt::format("{}(): type {} does not have a regular shape", what, list->str()));
    if (!dt) {
        if (elems.empty()) dt = float64();
        for (const Type* e : elems) dt = dt ? promote(dt, e) : e;
    }
    if (depth + shape.size() > 8) error(at->loc, fmt::format("{}(): ujit arrays have at most 8 dimensions", what));
    return array(dt, depth + static_cast<int>(shape.size()), Layout::C);
}

}  // namespace ujit::types
