// Statements: assignments (with unification), control flow, loops, returns.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/const_eval.hpp"
#include "types/dead_branches.hpp"
#include "types/optional_rules.hpp"
#include "types/rules.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <optional>

namespace ujit::types {

using namespace syntax;

namespace {

bool surely(const Block& b, const TypedFunction& fn, bool loop_jumps) {
    for (const Stmt* s : b) {
        if (auto* r = dyn_cast<Return>(s); (r && !r->yields) || isa<Raise>(s)) return true;
        if (loop_jumps && (isa<Break>(s) || isa<Continue>(s))) return true;
        auto* i = dyn_cast<If>(s);
        if (!i) continue;
        auto known = fn.constants.find(i->test->id);
        if (known != fn.constants.end() && known->second.type == boolean()) {
            if (surely(known->second.i ? i->body : i->orelse, fn, loop_jumps)) return true;
        } else if (surely(i->body, fn, loop_jumps) && surely(i->orelse, fn, loop_jumps)) {
            return true;
        }
    }
    return false;
}

}  // namespace

bool block_leaves(const Block& b, const TypedFunction& fn) { return surely(b, fn, false); }
bool block_jumps(const Block& b, const TypedFunction& fn) { return surely(b, fn, true); }

void Inferrer::block(const Block& b) {
    for (const Stmt* s : b) {
        stmt(s);
        // After an `if` typing pruned (see StmtKind::If) to a branch that leaves (or breaks or
        // continues), the rest of the block is dead code, left untyped as Numba leaves it (and
        // unlowered).
        if (auto* i = dyn_cast<If>(s)) {
            auto it = fn_.constants.find(i->test->id);
            if (it != fn_.constants.end() && it->second.type == boolean() &&
                block_jumps(it->second.i ? i->body : i->orelse, fn_))
                return;
        }
    }
}

void Inferrer::truth_test(const Expr* test) {
    // `while stack and stack[-1] > x:`: in a test only each operand's truth matters (Python
    // jumps on it, and so does Numba's bytecode), so the operands need not unify (a list and a
    // bool); the test is a bool (FunctionLowering::condition short-circuits it).
    if (auto* bo = dyn_cast<BoolOp>(test)) {
        for (const Expr* v : bo->values) {
            truth_test(v);
            if (std::optional<bool> k = known_test(v); k && *k == (bo->op == BoolOpKind::Or)) break;
        }
        set(test, boolean());
        return;
    }
    const Type* t = expr(test);
    // An Optional's truth is its payload's (Numba's bool() unpacks it: TypeError when None).
    if (t && t->is_optional() && (t->optional_of()->is_number() || t->optional_of()->is_str())) return;
    if (t && !t->is_number() && !t->is_str() && !t->is_list())
        error(test->loc, fmt::format("{} of type {} cannot be used as a condition", describe_expr(test), t->str()));
}

void Inferrer::stmt(const Stmt* s) {
    switch (s->kind) {
    case StmtKind::ExprStmt: {
        const Expr* v = cast<ExprStmt>(s)->value;
        if (isa<StrLit>(v)) {  // a string statement is a comment
            set(v, unicode());
            return;
        }
        expr(v);
        return;
    }
    case StmtKind::Assign: {
        auto* a = cast<Assign>(s);
        if (a->deletes) return slice_delete(a);
        if (auto* sub = dyn_cast<Subscript>(a->targets[0]); a->targets.size() == 1 && sub && isa<Slice>(sub->index))
            if (const Type* c = expr(sub->value); c && c->is_list()) return list_slice_store(sub, c, a->value);
        const Type* v = expr(a->value);
        if (a->targets.size() == 1) {
            v = refined_list_value(a->value, v, a->targets[0]);
            v = decided_container_value(a->value, v, a->targets[0]);
        }
        for (const Expr* t : a->targets) assign_target(t, v, a->value->loc);
        return;
    }
    case StmtKind::AugAssign: {
        auto* a = cast<AugAssign>(s);
        const Type* target_type = expr(a->target);  // reads the target (variable or element)
        if (auto* sub = dyn_cast<Subscript>(a->target)) require_writable(sub->value, expr(sub->value));
        const Type* v = expr(a->value);
        if (!target_type || !v) return;
        if (target_type->is_list()) {  // l += iterable extends l; l *= n repeats it
            if (a->op == BinOp::Add) {
                const Type* item = iterable_item(a->value);
                if (item) refine_list(a->target, target_type, item, a->value->loc);
            } else if (a->op != BinOp::Mul || !(v->is_int() || v->is_bool())) {
                error(s->loc, fmt::format("unsupported operand types for {}=: {} and {}", spelling(a->op),
                                          target_type->str(), v->str()));
            }
            return;
        }
        if (target_type->is_set()) {  // s |= t, &=, -=, ^=: s updated in place
            set_binary(a->op, s->loc, target_type, v);
            return;
        }
        if (target_type->is_array()) {  // a += b: the array expression a + b stored into a
            require_writable(a->target, target_type);
            if (auto* sub = dyn_cast<Subscript>(a->target)) {  // a[mask] += v: v's items go to the true positions
                const Type* idx = fn_.type_of(sub->index);
                const Type* container = fn_.type_of(sub->value);
                if (idx && container && nplib::is_boolean_mask(idx, container) && v->is_array() && v->ndim() != 1)
                    error(s->loc, fmt::format("a[mask] {}= x takes a number or a 1-D array's items, not {}",
                                              spelling(a->op), v->str()));
            }
            const Type* r = array_ufunc(s->loc, nplib::binary_ufunc(a->op), {target_type, v});
            if (!can_convert(r->dtype(), target_type->dtype()))
                error(s->loc, fmt::format("cannot store {} into {}", r->str(), target_type->str()));
            return;
        }
        if (target_type->is_tuple() && v->is_tuple() && a->op == BinOp::Add)  // t += (x,): a new, longer tuple
            error(s->loc, fmt::format("t += t2 makes a tuple of another type ({} + {}), and a ujit variable keeps "
                                      "one type: bind t + t2 to a new name",
                                      target_type->str(), v->str()));
        OpTypes r = binary_op_types(a->op, target_type, v);
        if (!r.result)
            error(s->loc, fmt::format("unsupported operand types for {}=: {} and {}", spelling(a->op),
                                      target_type->str(), v->str()));
        if (auto* n = dyn_cast<Name>(a->target)) {
            bind(n, r.result, a->value->loc);
            if (final_) set(n, variable(n->id)->type);
        } else if (auto* attr = dyn_cast<Attribute>(a->target);
                   attr && fn_.type_of(attr->value) && fn_.type_of(attr->value)->is_jitclass()) {
            jitclass_store(attr, fn_.type_of(attr->value), r.result, a->value->loc);  // obj.x += v
        } else if (!can_convert(r.result, target_type)) {
            error(s->loc,
                  fmt::format("cannot store {} into an element of type {}", r.result->str(), target_type->str()));
        }
        return;
    }
    case StmtKind::If: {
        auto* i = cast<If>(s);
        truth_test(i->test);
        if (std::optional<bool> live = known_test(i->test)) {
            fn_.constants[i->test->id] = const_int(*live ? 1 : 0, boolean());
            block(*live ? i->body : i->orelse);
            return;
        }
        // A pass that knew the test (`x is None` while x was only None, before a later `x = 5`
        // made it Optional) left its answer: this one does not know it.
        fn_.constants.erase(i->test->id);
        block(i->body);
        block(i->orelse);
        return;
    }
    case StmtKind::While: {
        auto* w = cast<While>(s);
        truth_test(w->test);
        ++loop_depth_;
        block(w->body);
        --loop_depth_;
        block(w->orelse);
        return;
    }
    case StmtKind::For: for_loop(cast<For>(s)); return;
    case StmtKind::Try: {
        auto* t = cast<Try>(s);
        block(t->body);
        block(t->handler);
        block(t->orelse);
        block(t->finalbody);
        return;
    }
    case StmtKind::Return: ret(cast<Return>(s)); return;
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Pass: return;
    case StmtKind::Raise: raise_stmt(cast<Raise>(s)); return;
    case StmtKind::FunctionDef: inner_def(cast<FunctionDef>(s)); return;
    case StmtKind::Import:
    case StmtKind::ImportFrom:
        error(s->loc, "imports inside functions are not supported by ujit (import at module level)");
    }
}

void Inferrer::assign_target(const Expr* target, const Type* value, SourceLoc where) {
    switch (target->kind) {
    case ExprKind::Name: {
        auto* n = cast<Name>(target);
        bind(n, value, where);
        if (final_) {
            Variable* v = variable(n->id);
            if (!v) error(n->loc, fmt::format("variable '{}' has no type", n->id));
            if (value && !can_convert(value, v->type))
                error(where,
                      fmt::format("cannot assign {} to variable '{}' of type {}", value->str(), n->id, v->type->str()));
            set(n, v->type);
        }
        return;
    }
    case ExprKind::Tuple: {
        auto* t = cast<Tuple>(target);
        if (std::string m = vector_not_tuple(value, "unpacking"); !m.empty()) error(where, m);
        if (value && !value->is_tuple())
            error(where, fmt::format("cannot unpack {} into {} targets", value->str(), t->elts.size()));
        if (value && value->elements().size() != t->elts.size())
            error(where, fmt::format("cannot unpack {} ({} values) into {} targets", value->str(),
                                     value->elements().size(), t->elts.size()));
        for (size_t i = 0; i < t->elts.size(); ++i)
            assign_target(t->elts[i], value ? value->elements()[i] : nullptr, where);
        set(t, value);
        return;
    }
    case ExprKind::Subscript: {
        auto* s = cast<Subscript>(target);
        const Type* container = expr(s->value);
        if (container && (container->is_record() ||
                          (container->is_array() && isa<StrLit>(s->index) && container->dtype()->is_record())))
            return record_store(target, value, where);
        if (container && (container->is_dict() || container->is_set())) return dict_store(s, container, value, where);
        if (container && container->is_tuple())
            error(target->loc, "tuples are immutable: cannot assign to a tuple element");
        if (container && container->is_list() && isa<Slice>(s->index))
            error(target->loc, "a list slice is assigned only alone in ujit (`l[a:b] = iterable`), not as one of "
                               "several targets");
        require_writable(s->value, container);
        mask_target_ = true;
        const Type* elem = expr(target);
        mask_target_ = false;
        if (auto* idx = fn_.type_of(s->index);
            elem && value && idx && container &&
            nplib::is_boolean_mask(idx, container) &&  // (a mask of rows: fancy_store)
            !value->is_number() && !(value->is_array() && value->ndim() == 1))
            error(where, fmt::format("a[mask] = x stores a number or a 1-D array's items, not {}", value->str()));
        if (elem && value && elem->is_array() && container && !container->is_list()) {  // a[1:3] = x: broadcast
            const Type* from = value->is_array() ? value->dtype() : value;
            if (!from->is_number() || !can_convert(from, elem->dtype()))
                error(where, fmt::format("cannot store {} into {}", value->str(), elem->str()));
            return;
        }
        if (elem && value && !can_convert(value, elem))
            error(where, fmt::format("cannot store {} into an element of {}", value->str(), container->str()));
        return;
    }
    case ExprKind::Attribute: {
        const Type* base = expr(cast<Attribute>(target)->value);
        if (base && base->is_jitclass()) return jitclass_store(cast<Attribute>(target), base, value, where);
        if (base && (base->is_record() || (base->is_array() && base->dtype()->is_record())))
            return record_store(target, value, where);
        if (base && value && is_vector(base))  // numba-cuda's lanes are read-only
            error(target->loc, fmt::format("Cannot resolve setattr: ({}).{} = {}", base->str(),
                                           cast<Attribute>(target)->attr, value->str()));
        error(target->loc, fmt::format("cannot assign to attribute '{}'", cast<Attribute>(target)->attr));
    }
    default: error(target->loc, fmt::format("cannot assign to {}", describe_expr(target)));
    }
}

void Inferrer::require_writable(const Expr* at, const Type* array) {
    if (array && array->kind() == Kind::FlatIter) array = array->flat_array();  // a.flat[i] = x
    if (array && array->is_array() && array->is_readonly())
        error(at->loc, fmt::format("Cannot modify readonly array of type: {}", array->str()));
}

void Inferrer::for_loop(const For* f) {
    const bool unroll = literal_unroll_call(f->iter);
    if (unroll && unroll_depth_ > 0) error(f->loc, "Nesting of literal_unroll is unsupported");  // as Numba
    if (unroll && unrolled_loop(f)) return;  // infer_unroll.cpp
    const Type* elem = iteration_item(f->iter);
    assign_target(f->target, elem, f->target->loc);
    ++loop_depth_;
    unroll_depth_ += unroll;
    block(f->body);
    unroll_depth_ -= unroll;
    --loop_depth_;
    block(f->orelse);
}

void Inferrer::ret(const Return* r) {
    const FunctionDef& def = *fn_.def;
    if (def.is_generator) return generator_return(r);
    const Type* t = r->value ? expr(r->value) : none();
    if (r->value && isa<NoneLit>(r->value)) t = none();
    if (!t) return;
    if (fn_.role == FunctionRole::Kernel) {
        if (!t->is_none())
            error(r->value->loc, fmt::format("CUDA kernel '{}' cannot return a value (kernels write their results "
                                             "into array arguments)",
                                             def.name));
        return;
    }
    if (t->is_none()) {
        has_bare_return_ = true;
        if (fn_.return_type && !fn_.return_type->is_none() && !fn_.return_type->is_optional())
            error(r->loc,
                  fmt::format("'{}' is declared to return {} but returns None here", def.name, fn_.return_type->str()));
        return;
    }
    if (!t->is_value()) error(r->value->loc, fmt::format("cannot return {} from '{}'", t->str(), def.name));
    has_value_return_ = true;
    if (fn_.return_type) {
        if (!can_convert(t, fn_.return_type))
            error(r->value->loc, fmt::format("'{}' is declared to return {} but returns {} here", def.name,
                                             fn_.return_type->str(), t->str()));
        return;
    }
    if (!returned_) {
        returned_ = t;
        returned_loc_ = r->value->loc;
        return;
    }
    const Type* u = unify_or_optional(returned_, t);  // an Optional callee's result beside a value
    if (!u)
        fail(r->value->loc,
             fmt::format("'{}' returns {} at {}:{} and {} at {}:{} which cannot be unified", def.name, returned_->str(),
                         returned_loc_.line, returned_loc_.col, t->str(), r->value->loc.line, r->value->loc.col),
             {Diagnostic{Severity::Note, returned_loc_, fmt::format("returns {} here", returned_->str()), {}}});
    returned_ = u;
}

// Numba's dead branch pruning: a test known from constants and types (`if FLAG:`, `if b is
// None:` with b None or a number, `if K == 2:` of constants, `if isinstance(x, T):`, and
// `not`, `and`, `or` of these) types and lowers its live branch only, so the other may hold
// code for another case (an @overload implementation's `if is_tuple: b = b[0]`). The
// lowering reads the answer as the test's constant.
std::optional<bool> Inferrer::known_test(const Expr* test) {
    // Constants of the function's code (literals, globals, locals bound once), not of
    // its parameters: a specialization for a literal argument (literal_args) types the
    // same code as any other, as Numba's @njit does (fib(10) still recurses).
    std::function<bool(const Expr*)> fixed = [&](const Expr* e) -> bool {
        if (auto* n = dyn_cast<Name>(e)) {
            for (const Param& p : fn_.def->params)
                if (p.name == n->id) return false;
            return std::find(fn_.captures.begin(), fn_.captures.end(), n->id) == fn_.captures.end();
        }
        if (auto* u = dyn_cast<Unary>(e)) return fixed(u->operand);
        if (auto* b = dyn_cast<Binary>(e)) return fixed(b->lhs) && fixed(b->rhs);
        if (auto* a = dyn_cast<Attribute>(e)) return fixed(a->value);
        return isa<IntLit>(e) || isa<BoolLit>(e) || isa<FloatLit>(e) || isa<NoneLit>(e);
    };
    auto constant = [&](const Expr* e) { return fixed(e) ? constant_of(e) : std::nullopt; };
    std::function<std::optional<bool>(const Expr*)> known = [&](const Expr* e) -> std::optional<bool> {
        if (auto* u = dyn_cast<Unary>(e); u && u->op == UnaryOp::Not)
            if (auto c = known(u->operand)) return !*c;
        if (auto* call = dyn_cast<Call>(e)) {  // isinstance(x, T): infer_isinstance.cpp
            const Type* ct = fn_.type_of(call->callee);
            auto it = fn_.constants.find(call->id);
            if (ct && ct->kind() == Kind::BuiltinFunc && ct->builtin() == BuiltinId::Isinstance &&
                it != fn_.constants.end())
                return it->second.i != 0;
        }
        if (auto* bo = dyn_cast<BoolOp>(e)) {  // known when the values up to the deciding one are
            const bool is_or = bo->op == BoolOpKind::Or;
            for (const Expr* v : bo->values) {
                std::optional<bool> k = known(v);
                if (!k) return std::nullopt;  // decided at run time (and maybe with side effects)
                if (*k == is_or) return is_or;
            }
            return !is_or;
        }
        if (auto* c = dyn_cast<Compare>(e); c && c->ops.size() == 1) {
            const CmpOp op = c->ops[0];
            const Type* lt = fn_.type_of(c->operands[0]);
            const Type* rt = fn_.type_of(c->operands[1]);
            if (lt && rt && (lt->is_optional() || rt->is_optional())) return std::nullopt;  // known at run time
            if ((op == CmpOp::Is || op == CmpOp::IsNot) && lt && rt && (lt->is_none() || rt->is_none()))
                return (lt->is_none() && rt->is_none()) == (op == CmpOp::Is);
            auto a = constant(c->operands[0]);
            auto b = constant(c->operands[1]);
            auto integral = [](const std::optional<ConstValue>& v) {
                return v && v->type && (v->type->is_int() || v->type->is_bool());
            };
            if (integral(a) && integral(b)) switch (op) {
                case CmpOp::Eq:
                case CmpOp::Is: return a->i == b->i;
                case CmpOp::Ne:
                case CmpOp::IsNot: return a->i != b->i;
                case CmpOp::Lt: return a->i < b->i;
                case CmpOp::Le: return a->i <= b->i;
                case CmpOp::Gt: return a->i > b->i;
                case CmpOp::Ge: return a->i >= b->i;
                default: return std::nullopt;
                }
            return std::nullopt;
        }
        if (auto v = constant(e); v && v->type && (v->type->is_int() || v->type->is_bool())) return v->i != 0;
        return std::nullopt;
    };
    return known(test);
}

}  // namespace ujit::types
