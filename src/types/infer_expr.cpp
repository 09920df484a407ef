// Expressions: names, attribute chains, operators, subscripts, tuples. A null result means
// "not known yet" during the non-final passes (a variable assigned later in a loop).
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/internal_error.hpp"
#include "syntax/stack_budget.hpp"
#include "types/const_eval.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {
// Expressions nest through calls, subscripts and parentheses; chains of binary operators
// are walked iteratively, so this only bounds pathological nesting.
constexpr int kMaxExprDepth = 2000;
}  // namespace

const Type* Inferrer::set(const Expr* e, const Type* t) {
    if (!t) return t;
    uint32_t i = e->id - fn_.first_id;
    UJIT_INTERNAL_ASSERT(i < fn_.expr_types.size(), e->loc, "an expression outside the function was typed in it");
    fn_.expr_types[i] = t;
    return t;
}

const Type* Inferrer::expr(const Expr* e) {
    if (++depth_ > kMaxExprDepth) error(e->loc, "expression too deeply nested");
    check_stack(e->loc, "expressions");
    const Type* t = expr_inner(e);
    --depth_;
    if (!t && final_) error(e->loc, fmt::format("could not determine the type of {}", describe_expr(e)));
    return set(e, t);
}

std::string Inferrer::spelled(const Expr* e) const {
    if (auto* n = dyn_cast<Name>(e)) return n->id;
    if (auto* a = dyn_cast<Attribute>(e)) return spelled(a->value) + "." + a->attr;
    return describe_expr(e);
}

const Type* Inferrer::expr_inner(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLit: return cast<IntLit>(e)->value > static_cast<uint64_t>(INT64_MAX) ? uint64() : int64();
    case ExprKind::FloatLit: return float64();
    case ExprKind::ImagLit: return complex(128);
    case ExprKind::BoolLit: return boolean();
    case ExprKind::NoneLit: return none();
    case ExprKind::StrLit:
        if (!allow_str_) error(e->loc, "string literals are only supported as arguments of print() in ujit");
        return str_lit();
    case ExprKind::Name: return name(cast<Name>(e));
    case ExprKind::Attribute: return attribute(cast<Attribute>(e));
    case ExprKind::Subscript: return subscript(cast<Subscript>(e));
    case ExprKind::Slice: error(e->loc, "array slicing is not supported by ujit");
    case ExprKind::Call: return call(cast<Call>(e));
    case ExprKind::Unary: return unary(cast<Unary>(e));
    case ExprKind::Binary: return binary_chain(cast<Binary>(e));
    case ExprKind::Compare: return compare(cast<Compare>(e));
    case ExprKind::BoolOp: return boolop(cast<BoolOp>(e));
    case ExprKind::IfExp: return ifexp(cast<IfExp>(e));
    case ExprKind::Tuple: return tuple_expr(cast<Tuple>(e));
    }
    return nullptr;
}

const Type* Inferrer::name(const Name* n) {
    if (locals_.count(n->id)) {
        Variable* v = variable(n->id);
        if (!v || !v->type) {
            if (final_) error(n->loc, fmt::format("variable '{}' is used before it is assigned", n->id));
            return nullptr;
        }
        return v->type;
    }
    auto m = m_.lookup(n->id);
    if (!m) m_.fail_undefined(n->loc, n->id);
    return member(n, *m, n->id);
}

// What a resolved name or attribute denotes, as a type; records constants and builtin values.
const Type* Inferrer::member(const Expr* e, const Member& m, const std::string& what) {
    switch (m.what) {
    case Member::What::Constant: fn_.constants[e->id] = m.constant; return m.constant.type;
    case Member::What::Namespace:
    case Member::What::DType: return m.type;
    case Member::What::Function:
        if (m.type->kind() == Kind::BuiltinFunc) {
            if (!cuda() && is_cuda_only(m.builtin))
                error(e->loc, fmt::format("'{}' is only available in CUDA code (this is a CPU compilation)", what));
            if (cuda() && is_cpu_only(m.builtin))
                error(e->loc, fmt::format("'{}' is not available in CUDA code", what));
        }
        return m.type;
    case Member::What::Value:
        if (!cuda() && is_cuda_only(m.builtin))
            error(e->loc, fmt::format("'{}' is only available in CUDA code (this is a CPU compilation)", what));
        fn_.attributes[e->id] = m.builtin;
        return m.type;
    case Member::What::Decorator: error(e->loc, fmt::format("'{}' can only be used as a decorator", what));
    }
    return nullptr;
}

const Type* Inferrer::attribute(const Attribute* a) {
    const Type* base = expr(a->value);
    if (!base) return nullptr;
    switch (base->kind()) {
    case Kind::Namespace: {
        auto m = resolve_member(base->path(), a->attr);
        if (!m) error(a->attr_loc, fmt::format("'{}' has no attribute '{}' in ujit", spelled(a->value), a->attr));
        return member(a, *m, spelled(a));
    }
    case Kind::Array:
        if (a->attr == "shape") {
            fn_.attributes[a->id] = BuiltinId::ArrayShape;
            return tuple(std::vector<const Type*>(static_cast<size_t>(base->ndim()), int64()));
        }
        if (a->attr == "size") {
            fn_.attributes[a->id] = BuiltinId::ArraySize;
            return int64();
        }
        if (a->attr == "ndim") {
            fn_.constants[a->id] = const_int(base->ndim());
            return int64();
        }
        break;
    case Kind::Complex:
        if (a->attr == "real" || a->attr == "imag") {
            fn_.attributes[a->id] = a->attr == "real" ? BuiltinId::ComplexReal : BuiltinId::ComplexImag;
            return base->dtype();
        }
        if (a->attr == "conjugate") return builtin_func(BuiltinId::ComplexConjugate);
        break;
    default: break;
    }
    error(a->attr_loc, fmt::format("{} has no attribute '{}' in ujit", base->str(), a->attr));
}

std::optional<ConstValue> Inferrer::constant_of(const Expr* e) {
    NameLookup lookup = [this](const Name& n) -> std::optional<Member> {
        if (locals_.count(n.id)) return std::nullopt;
        return m_.lookup(n.id);
    };
    return try_eval_const(e, lookup);
}

const Type* Inferrer::subscript(const Subscript* s) {
    const Type* base = expr(s->value);
    if (isa<Slice>(s->index)) error(s->index->loc, "array slicing is not supported by ujit");
    if (auto* t = dyn_cast<Tuple>(s->index))
        for (auto* el : t->elts)
            if (isa<Slice>(el)) error(el->loc, "array slicing is not supported by ujit");
    // a[()]: the element of a 0-d array, Numba's one use of an empty tuple.
    if (auto* t = dyn_cast<Tuple>(s->index); t && t->elts.empty() && base && base->is_array())
        return array_index(s, base, set(s->index, types::tuple({})));
    const Type* index = expr(s->index);
    if (!base || !index) return nullptr;
    if (base->is_array()) return array_index(s, base, index);
    if (base->is_tuple()) {
        auto k = constant_of(s->index);
        if (!k || !k->type->is_int())
            error(s->index->loc, fmt::format("a tuple index must be a constant integer (indexing {})", base->str()));
        int64_t n = static_cast<int64_t>(base->elements().size());
        int64_t i = k->i < 0 ? k->i + n : k->i;
        if (i < 0 || i >= n) error(s->index->loc, fmt::format("tuple index {} out of range for {}", k->i, base->str()));
        fn_.constants[s->index->id] = const_int(i);
        return base->elements()[static_cast<size_t>(i)];
    }
    error(s->value->loc, fmt::format("{} of type {} is not subscriptable", describe_expr(s->value), base->str()));
}

const Type* Inferrer::array_index(const Subscript* s, const Type* array, const Type* index) {
    std::vector<const Type*> indices = index->is_tuple() ? index->elements() : std::vector<const Type*>{index};
    for (auto* t : indices)
        if (!t->is_int() && !t->is_bool())
            error(s->index->loc, fmt::format("array index must be an integer, not {}", t->str()));
        else if (t->is_bool())
            error(s->index->loc, "boolean array indexing is not supported by ujit");
    if (static_cast<int>(indices.size()) != array->ndim())
        error(s->index->loc,
              fmt::format("{} index{} for a {}-D array: ujit supports only full indexing (one integer per "
                          "dimension), not partial indexing or slicing",
                          indices.size(), indices.size() == 1 ? "" : "es", array->ndim()));
    return array->dtype();
}

const Type* Inferrer::binary(const Binary* b, const Type* l, const Type* r) {
    if (!l || !r) return nullptr;
    OpTypes t = binary_op_types(b->op, l, r);
    if (!t.result)
        error(b->loc, fmt::format("unsupported operand types for {}: {} and {}", spelling(b->op), l->str(), r->str()));
    return t.result;
}

// a + b + c + ... is a left-deep tree; walk its spine with a loop so that a long chain
// (100k terms) does not use 100k stack frames.
const Type* Inferrer::binary_chain(const Binary* b) {
    std::vector<const Binary*> spine;
    const Expr* cur = b;
    while (auto* bb = dyn_cast<Binary>(cur)) {
        spine.push_back(bb);
        cur = bb->lhs;
    }
    const Type* t = expr(cur);
    for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
        const Type* r = expr((*it)->rhs);
        t = binary(*it, t, r);
        if (*it != b) set(*it, t);
        if (!t && final_) error((*it)->loc, "could not determine the type of a binary operation");
    }
    return t;
}

const Type* Inferrer::unary(const Unary* u) {
    const Type* t = expr(u->operand);
    if (!t) return nullptr;
    OpTypes r = unary_op_types(u->op, t);
    if (!r.result) error(u->loc, fmt::format("bad operand type for unary {}: {}", spelling(u->op), t->str()));
    return r.result;
}

const Type* Inferrer::compare(const Compare* c) {
    std::vector<const Type*> types;
    for (auto* o : c->operands) types.push_back(expr(o));
    for (size_t i = 0; i < c->ops.size(); ++i) {
        CmpOp op = c->ops[i];
        if (op == CmpOp::In || op == CmpOp::NotIn)
            error(c->op_locs[i], fmt::format("the '{}' operator is not supported by ujit", spelling(op)));
        if (!types[i] || !types[i + 1]) continue;
        OpTypes r = compare_op_types(op, types[i], types[i + 1]);
        if (!r.result)
            error(c->op_locs[i],
                  fmt::format("unsupported comparison: {} {} {}", types[i]->str(), spelling(op), types[i + 1]->str()));
    }
    for (auto* t : types)
        if (!t) return nullptr;
    return boolean();
}

const Type* Inferrer::boolop(const BoolOp* b) {
    const Type* u = nullptr;
    bool unknown = false;
    for (auto* v : b->values) {
        const Type* t = expr(v);
        if (!t) {
            unknown = true;
            continue;
        }
        if (!t->is_number())
            error(v->loc, fmt::format("{} of type {} cannot be used with '{}'", describe_expr(v), t->str(),
                                      b->op == BoolOpKind::And ? "and" : "or"));
        const Type* n = unify(u, t);
        if (!n)
            error(v->loc, fmt::format("operands of '{}' have types {} and {} which cannot be unified",
                                      b->op == BoolOpKind::And ? "and" : "or", u->str(), t->str()));
        u = n;
    }
    return unknown ? nullptr : u;
}

const Type* Inferrer::ifexp(const IfExp* e) {
    truth_test(e->test);
    const Type* a = expr(e->body);
    const Type* b = expr(e->orelse);
    if (!a || !b) return nullptr;
    const Type* u = unify(a, b);
    if (!u)
        error(e->loc, fmt::format("the branches of the conditional expression have types {} and {} which cannot be "
                                  "unified",
                                  a->str(), b->str()));
    return u;
}

const Type* Inferrer::tuple_expr(const Tuple* t) {
    if (t->display != Tuple::Display::Tuple)
        error(t->loc, t->from_list() ? "list literals are not supported by ujit (use a tuple)"
                                     : "set and dict literals are not supported by ujit");
    if (t->elts.empty()) error(t->loc, "empty tuples are not supported by ujit");
    std::vector<const Type*> elems;
    bool unknown = false;
    for (auto* e : t->elts) {
        const Type* et = expr(e);
        if (!et) {
            unknown = true;
            continue;
        }
        if (!et->is_value()) error(e->loc, fmt::format("{} cannot be an element of a tuple", et->str()));
        elems.push_back(et);
    }
    if (unknown) return nullptr;
    const Type* type = tuple(std::move(elems));
    if (std::string why = mixed_tuple_error(type); !why.empty()) error(t->loc, why);
    return type;
}

}  // namespace ujit::types
