// Numba's typing rules for operators, promotion and unification (see numba-notes.md):
// integer arithmetic follows Numba's integer-typing proposal (everything narrower than
// 64 bits widens to int64, or uint64 when every operand is unsigned), mixed arithmetic
// follows NumPy's promote_types, `/` on integers is float64.
#include "types/rules.hpp"

#include "types/named_tuples.hpp"
#include "types/optional_rules.hpp"
#include "types/vector_types.hpp"

#include <algorithm>

namespace ujit::types {

using syntax::BinOp;
using syntax::CmpOp;
using syntax::UnaryOp;

namespace {

bool is_integral(const Type* t) { return t->is_int() || t->is_bool(); }

// Numba's "machine int" result for integer operands: uint64 when all are unsigned
// integers (bool counts as signed here: bool + bool is int64), int64 otherwise.
const Type* machine_int(const Type* a, const Type* b = nullptr) {
    bool all_unsigned = a->is_int() && !a->is_signed() && (!b || (b->is_int() && !b->is_signed()));
    return all_unsigned ? uint64() : int64();
}

// NumPy's promote_types for two integers.
const Type* promote_ints(const Type* a, const Type* b) {
    if (a->is_signed() == b->is_signed()) return integer(std::max(a->bits(), b->bits()), a->is_signed());
    const Type* s = a->is_signed() ? a : b;
    const Type* u = a->is_signed() ? b : a;
    if (s->bits() > u->bits()) return s;
    if (u->bits() == 64) return float64();
    return integer(u->bits() * 2, true);
}

// The float type an integer needs to be represented alongside floats (NumPy: 8/16-bit
// integers fit float32, wider ones need float64).
int float_bits_for_int(const Type* i) { return i->bits() <= 16 ? 32 : 64; }

// Lists of the same items up to the Made and Reflected flavors, which share one runtime layout
// (Numba's List.unify keeps `reflected` if either is): [items] of a reflected argument unifies
// with a list of made lists.
bool same_list_items(const Type* a, const Type* b) {
    if (a == b) return true;
    if (!a || !b || !a->is_list() || !b->is_list()) return false;
    if (a->flavor() == Type::ListFlavor::Typed || b->flavor() == Type::ListFlavor::Typed) return false;
    return same_list_items(a->item(), b->item());
}

const Type* float_part_of(const Type* t) {
    if (t->is_complex()) return t->dtype();
    if (t->is_float()) return t;
    if (t->is_bool()) return nullptr;  // bool adds nothing
    return floating(float_bits_for_int(t));
}

}  // namespace

const Type* promote(const Type* a, const Type* b) {
    if (!a || !b || !a->is_number() || !b->is_number()) return nullptr;
    if (a == b) return a;
    if (a->is_bool()) return b;
    if (b->is_bool()) return a;
    if (a->is_int() && b->is_int()) return promote_ints(a, b);
    // ---- bf16: numba-cuda's overloads are bfloat16's own (bf16, bf16) and the float ones, picked
    // by the fewest unsafe conversions: an 8-bit integer converts safely to bfloat16, bfloat16 safely
    // to float32 and float64, anything else (float16 or a wider integer) only unsafely to bfloat16.
    if (a->is_bfloat16() || b->is_bfloat16()) {
        const Type* other = a->is_bfloat16() ? b : a;
        if (other->is_bfloat16() || (other->is_int() && other->bits() == 8)) return a->is_bfloat16() ? a : b;
        return promote(float32(), other);
    }
    // ---- end bf16
    bool cplx = a->is_complex() || b->is_complex();
    const Type* fa = float_part_of(a);
    const Type* fb = float_part_of(b);
    int bits = std::max(fa->bits(), fb->bits());
    return cplx ? complex(bits * 2) : floating(bits);
}

namespace {
// ntuple: both named tuples of one class (its name and fields).
bool same_named_class(const Type* a, const Type* b) {
    return is_named_tuple(a) && is_named_tuple(b) && tuple_class(a) == tuple_class(b) &&
           field_names(a) == field_names(b);
}
}  // namespace

const Type* unify(const Type* a, const Type* b) {
    if (!a) return b;
    if (!b) return a;
    if (a == b) return a;
    // An IntEnum member meets a number (or another IntEnum's member) as an int; other members
    // unify only with their own type.
    if (a->is_enum() || b->is_enum())
        return (a->is_int_enum() || b->is_int_enum()) && !(a->is_enum() && !a->is_int_enum()) &&
                       !(b->is_enum() && !b->is_int_enum())
                   ? unify(int_enums_as_ints(a), int_enums_as_ints(b))
                   : nullptr;
    if (a->is_number() && b->is_number()) return promote(a, b);
    if (is_vector(a) || is_vector(b)) return nullptr;  // a vector type unifies only with itself
    if (a->is_tuple() && b->is_tuple() && a->elements().size() == b->elements().size()) {
        // A named tuple meets only its own class (its fields unify); Numba's conversions never
        // cross between named tuples and tuples.
        if ((is_named_tuple(a) || is_named_tuple(b)) && !same_named_class(a, b)) return nullptr;
        std::vector<const Type*> elems;
        for (size_t i = 0; i < a->elements().size(); ++i) {
            const Type* u = unify(a->elements()[i], b->elements()[i]);
            if (!u) return nullptr;
            elems.push_back(u);
        }
        return is_named_tuple(a) ? named_tuple(tuple_class(a), field_names(a), elems) : tuple(std::move(elems));
    }
    if (a->is_array() && b->is_array() && a->dtype() == b->dtype() && a->ndim() == b->ndim())
        return array(a->dtype(), a->ndim(), Layout::A, a->is_readonly() || b->is_readonly());
    // Lists (as Numba's List.unify): an undecided item type takes the other's; the items unify.
    const bool typed = a->is_list() && b->is_list() &&
                       (a->flavor() == Type::ListFlavor::Typed || b->flavor() == Type::ListFlavor::Typed);
    if (a->is_list() && b->is_list() && (a->flavor() == b->flavor() || !typed)) {
        const Type* item = a->item() && b->item() ? unify(a->item(), b->item()) : a->item() ? a->item() : b->item();
        if (a->item() && b->item() && !item) return nullptr;
        return list_of(item, a->flavor() == b->flavor() ? a->flavor() : Type::ListFlavor::Reflected);
    }
    // Dicts and sets: an undecided part takes the other's; decided parts unify.
    if ((a->is_dict() && b->is_dict()) || (a->is_set() && b->is_set())) {
        auto part = [](const Type* x, const Type* y) -> const Type* { return !x ? y : !y ? x : unify(x, y); };
        const Type* k = part(a->elements()[0], b->elements()[0]);
        if (a->elements()[0] && b->elements()[0] && !k) return nullptr;
        if (a->is_set()) return set_of(k);
        const Type* v = part(a->dict_value(), b->dict_value());
        if (a->dict_value() && b->dict_value() && !v) return nullptr;
        return dict_of(k, v);
    }
    return nullptr;
}

bool can_convert(const Type* from, const Type* to) {
    if (!from || !to) return false;
    if (from == to) return true;
    // Numba's Optional.can_convert_to/_from: None and T become Optional(T); an Optional(T)
    // converts to what T does (checked at run time when it is not Optional).
    if (to->is_optional()) return from->is_none() || can_convert(strip_optional(from), to->optional_of());
    if (from->is_optional()) return can_convert(from->optional_of(), to);
    if (from->is_int_enum() && !to->is_enum()) return can_convert(from->enum_value(), to);
    if (from->is_number() && to->is_number()) return !(from->is_complex() && !to->is_complex());
    if (is_vector(from) || is_vector(to)) return false;  // a vector type converts to nothing else
    if (from->is_tuple() && to->is_tuple()) {
        if (from->elements().size() != to->elements().size()) return false;
        if ((is_named_tuple(from) || is_named_tuple(to)) && !same_named_class(from, to)) return false;
        for (size_t i = 0; i < from->elements().size(); ++i)
            if (!can_convert(from->elements()[i], to->elements()[i])) return false;
        return true;
    }
    // A list converts only to a list of the same items (a store shares it), or from `[]`.
    if (from->is_list() && to->is_list()) return !from->item() || same_list_items(from->item(), to->item());
    // A dict or set converts only to its own type (a store shares it), or from an undecided one.
    if ((from->is_dict() && to->is_dict()) || (from->is_set() && to->is_set()))
        return from == to || !from->is_decided();
    if (from->is_array() && to->is_array())
        return from->dtype() == to->dtype() && from->ndim() == to->ndim() &&
               (to->layout() == Layout::A || to->layout() == from->layout()) &&
               (to->is_readonly() || !from->is_readonly());  // never drops the read-only flag
    return false;
}

OpTypes binary_op_types(BinOp op, const Type* lhs, const Type* rhs) {
    // An Optional operand is its payload (Numba's templates unpack it): lowering checks for None.
    lhs = int_enums_as_ints(strip_optional(lhs));
    rhs = int_enums_as_ints(strip_optional(rhs));
    if (lhs && rhs && (lhs->is_str() || rhs->is_str())) return str_binary_types(op, lhs, rhs);
    if (lhs && rhs && (lhs->is_datetime_like() || rhs->is_datetime_like())) return datetime_binary_types(op, lhs, rhs);
    if (!lhs || !rhs || !lhs->is_number() || !rhs->is_number()) return {};
    const bool ints = is_integral(lhs) && is_integral(rhs);
    const bool any_complex = lhs->is_complex() || rhs->is_complex();
    switch (op) {
    case BinOp::Add:
    case BinOp::Sub:
    case BinOp::Mul: {
        const Type* t = ints ? machine_int(lhs, rhs) : promote(lhs, rhs);
        return {t, t};
    }
    case BinOp::FloorDiv:
    case BinOp::Mod: {
        if (any_complex) return {};
        const Type* t = ints ? machine_int(lhs, rhs) : promote(lhs, rhs);
        return {t, t};
    }
    case BinOp::Div: {
        const Type* t = ints ? float64() : promote(lhs, rhs);
        return {t, t};
    }
    case BinOp::Pow: {
        if (ints) {
            const Type* t = machine_int(lhs, rhs);
            return {t, t};
        }
        // float ** int keeps an integer exponent and the float's type (Numba's powi cases).
        if (lhs->is_float() && !lhs->is_bfloat16() && is_integral(rhs)) return {lhs, lhs, int64()};
        // bf16: numba-cuda has no bfloat16 power: it is float32's or float64's
        const Type* t =
            lhs->is_bfloat16() || rhs->is_bfloat16() ? promote(promote(lhs, rhs), float32()) : promote(lhs, rhs);
        return {t, t};
    }
    case BinOp::LShift:
    case BinOp::RShift: {
        if (!ints) return {};
        const Type* t = lhs->is_int() && !lhs->is_signed() ? uint64() : int64();
        return {t, t};
    }
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor: {
        if (!ints) return {};
        if (lhs->is_bool() && rhs->is_bool()) return {boolean(), boolean()};
        const Type* t = machine_int(lhs, rhs);
        return {t, t};
    }
    case BinOp::MatMul: return {};  // numbers have no product operator; arrays: Inferrer::binary
    }
    return {};
}

OpTypes compare_op_types(CmpOp op, const Type* lhs, const Type* rhs) {
    if (!lhs || !rhs) return {};
    if (lhs->is_optional() || rhs->is_optional()) {
        // `x is None`, and `x == None` as Numba's none_equality does it: a test of the value's
        // presence (the operand type: the Optional). Otherwise the payloads compare.
        const bool identity = op == CmpOp::Is || op == CmpOp::IsNot || op == CmpOp::Eq || op == CmpOp::Ne;
        if (identity && (lhs->is_none() || rhs->is_none())) return {lhs->is_none() ? rhs : lhs, boolean()};
        return compare_op_types(op, strip_optional(lhs), strip_optional(rhs));
    }
    if (lhs->is_enum() || rhs->is_enum()) {
        // Members of one class compare by identity, which is their value's (Numba's enum_is,
        // enum_eq); the operand type is then the member type. Otherwise `is` is False, and an
        // IntEnum member compares as an int; `==` of other objects is False (Python's: none()
        // as the operand type says the answer is constant).
        const bool identity = op == CmpOp::Is || op == CmpOp::IsNot || op == CmpOp::Eq || op == CmpOp::Ne;
        if (lhs == rhs && identity) return {lhs, boolean()};
        if (op == CmpOp::Is || op == CmpOp::IsNot) return {none(), boolean()};
        if (lhs->is_int_enum() || rhs->is_int_enum()) {
            const Type* l = int_enums_as_ints(lhs);
            const Type* r = int_enums_as_ints(rhs);
            if (!l->is_enum() && !r->is_enum()) return compare_op_types(op, l, r);
        }
        if (op == CmpOp::Eq || op == CmpOp::Ne) return {none(), boolean()};
        return {};
    }
    if (op == CmpOp::Is || op == CmpOp::IsNot) {
        // `x is None`: known from the types (None only is None; an Optional: above).
        if (lhs->is_none() || rhs->is_none()) return {none(), boolean()};
        // Numba's generic_is and bool_is_impl: immutable values of one type are `==`; of two
        // types `is` is False (none() as the operand type: the answer is constant).
        if (lhs == rhs && lhs->is_number()) return {lhs, boolean()};
        if (lhs->is_number() && rhs->is_number()) return {none(), boolean()};
        return {};
    }
    if (lhs->is_str() || rhs->is_str()) return str_compare_types(op, lhs, rhs);
    if (lhs->is_datetime_like() || rhs->is_datetime_like()) return datetime_compare_types(op, lhs, rhs);
    if (op == CmpOp::In || op == CmpOp::NotIn) return {};
    if (lhs->is_tuple() && rhs->is_tuple()) {
        // Numba's TupleCompare: the items zip compares pair by pair (lengths may differ,
        // then the shorter tuple's prefix decides, as in Python); lowering walks the items.
        const size_t n = std::min(lhs->elements().size(), rhs->elements().size());
        for (size_t i = 0; i < n; ++i)
            if (!compare_op_types(op, lhs->elements()[i], rhs->elements()[i]).result) return {};
        return {lhs, boolean()};
    }
    if (!lhs->is_number() || !rhs->is_number()) return {};
    if ((lhs->is_complex() || rhs->is_complex()) && op != CmpOp::Eq && op != CmpOp::Ne) return {};
    // Numba has a comparison for each scalar type (int32 < int32 compares int32s); mixed
    // operands meet at NumPy's promotion.
    return {promote(lhs, rhs), boolean()};
}

OpTypes unary_op_types(UnaryOp op, const Type* operand) {
    operand = int_enums_as_ints(strip_optional(operand));
    if (operand && (operand->is_str() || operand->is_list()) && op == UnaryOp::Not) return {operand, boolean()};
    if (operand && operand->is_datetime_like()) return datetime_unary_types(op, operand);
    if (!operand || !operand->is_number()) return {};
    switch (op) {
    case UnaryOp::Not: return {operand, boolean()};
    case UnaryOp::Neg:
    case UnaryOp::Pos: {
        const Type* t = is_integral(operand) ? machine_int(operand) : operand;
        return {t, t};
    }
    case UnaryOp::Invert: {
        if (operand->is_bool()) return {boolean(), boolean()};
        if (!operand->is_int()) return {};
        const Type* t = machine_int(operand);
        return {t, t};
    }
    }
    return {};
}

}  // namespace ujit::types
