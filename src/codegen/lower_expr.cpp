// Expressions that are not arithmetic or calls: literals, names, attributes, subscripts
// of tuples, and/or, conditional expressions, tuple displays.
#include "codegen/lower_context.hpp"

#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/vector_values.hpp"
#include "nplib/array_typing.hpp"
#include "syntax/stack_budget.hpp"
#include "types/builtins.hpp"
#include "types/named_tuples.hpp"
#include "types/vector_types.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <functional>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

const Type* FunctionLowering::type_of(const Expr* e) const {
    const Type* t = fn.type_of(e);
    UJIT_INTERNAL_ASSERT(t, e->loc, "expression was not typed");
    return t;
}

llvm::Value* FunctionLowering::convert_or_fail(llvm::Value* v, const Type* from, const Type* to, SourceLoc loc) {
    if (from->is_optional() && !to->is_optional()) {  // where a T is needed (Numba's optional_to_any)
        v = optional_payload(v, from, loc);
        from = from->optional_of();
    }
    llvm::Value* out = convert(b, v, from, to);
    if (!out) unsupported(loc, fmt::format("cannot convert {} to {}", from->str(), to->str()));
    return out;
}

llvm::Value* FunctionLowering::expr_as(const Expr* e, const Type* to) {
    if (to->is_list() && type_of(e)->is_list() && !type_of(e)->item()) return new_list(to, b.getInt64(0), e->loc);
    return convert_or_fail(expr(e), type_of(e), to, e->loc);
}

namespace {

// The walk of an `and`/`or` shared by its value (bool_op) and a test's truth (condition):
// `operand(i, need_truth)` emits operand i, stores what the walk yields for it, and returns its
// truth where asked; the walk stops at the last operand, at one after which typing pruned the
// rest, or where an operand's truth decides (false for `and`, true for `or`), then at `done`.
void short_circuit(llvm::IRBuilder<>& b, BoolOpKind op, const std::vector<Expr*>& values,
                   const types::TypedFunction& fn, const std::function<llvm::Value*(size_t, bool)>& operand,
                   const std::function<llvm::BasicBlock*()>& next_block, llvm::BasicBlock* done) {
    for (size_t i = 0; i < values.size(); ++i) {
        const bool last = i + 1 == values.size() || !fn.type_of(values[i + 1]);  // (pruned: untyped)
        llvm::Value* c = operand(i, !last);
        if (last) break;
        llvm::BasicBlock* next = next_block();
        if (op == BoolOpKind::And)
            b.CreateCondBr(c, next, done);
        else
            b.CreateCondBr(c, done, next);
        b.SetInsertPoint(next);
    }
    b.CreateBr(done);
    b.SetInsertPoint(done);
}

}  // namespace

llvm::Value* FunctionLowering::condition(const Expr* e) {
    if (auto* bo = dyn_cast<BoolOp>(e)) {  // a test's `and`/`or`: each operand's truth, short-circuited
        llvm::AllocaInst* slot = entry_alloca(b.getInt1Ty(), "cond");
        auto operand = [&](size_t i, bool) {
            llvm::Value* c = condition(bo->values[i]);
            b.CreateStore(c, slot);
            return c;
        };
        short_circuit(
            b, bo->op, bo->values, fn, operand, [&] { return new_block("cond.next"); }, new_block("cond.end"));
        return b.CreateLoad(b.getInt1Ty(), slot);
    }
    const Type* t = type_of(e);
    llvm::Value* v = expr(e);
    if (t->is_optional()) {  // its payload's truth (Numba's bool() unpacks it: TypeError when None)
        v = optional_payload(v, t, e->loc);
        t = t->optional_of();
    }
    llvm::Value* c = truth_of(v, t);
    if (!c) unsupported(e->loc, "the truth value of " + t->str() + " is not defined here");
    return c;
}

// convert.hpp's truth, and a list's: non-empty (Numba's sequence truth is len() != 0).
llvm::Value* FunctionLowering::truth_of(llvm::Value* v, const Type* t) {
    if (t->is_list()) return b.CreateICmpNE(list_size(v), b.getInt64(0));
    return truth(b, v, t);
}

std::optional<int64_t> FunctionLowering::const_int(const Expr* e) const {
    if (const types::ConstValue* c = fn.constant(e))
        if (c->type && (c->type->is_int() || c->type->is_bool())) return c->i;
    if (auto* lit = dyn_cast<IntLit>(e)) return static_cast<int64_t>(lit->value);
    if (auto* u = dyn_cast<Unary>(e))
        if (u->op == UnaryOp::Neg)
            if (auto v = const_int(u->operand)) return -*v;
    return std::nullopt;
}

namespace {

// A constant with a frozen array or a string among its items (a global tuple of NumPy arrays,
// `('a', 1)`): its value is built item by item, not one LLVM constant.
bool holds_runtime_item(const types::ConstValue& c) {
    if (c.array || c.type->is_str()) return true;
    for (const types::ConstValue& e : c.elems)
        if (holds_runtime_item(e)) return true;
    return false;
}

}  // namespace

llvm::Value* FunctionLowering::constant(const types::ConstValue& c) {
    if (c.array) return frozen_array(c);
    if (c.type->is_str()) return str_literal(c.s);
    if (!holds_runtime_item(c)) return constant_value(b, c);
    llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), c.type));
    for (unsigned i = 0; i < c.elems.size(); ++i) out = b.CreateInsertValue(out, constant(c.elems[i]), i);
    return out;
}

llvm::Value* FunctionLowering::expr(const Expr* e) {
    syntax::check_stack(e->loc, "expressions");
    if (!lane_values_.empty())
        if (auto it = lane_values_.find(e); it != lane_values_.end()) return it->second;
    if (is_array_expr(e)) return new_array_expr(e);
    // (A constant on a Call of cuda.shared/local.array is its shape, not its value.)
    if (const types::ConstValue* c = fn.constant(e); c && c->array) return frozen_array(*c);
    if (const types::ConstValue* c = fn.constant(e); c && !(isa<Call>(e) && type_of(e)->is_array())) {
        llvm::Value* v = constant(*c);
        const Type* t = fn.type_of(e);
        return t && t != c->type ? convert_or_fail(v, c->type, t, e->loc) : v;
    }
    if (const Type* t = fn.type_of(e); t && t->is_static_value()) return nullptr;  // no run-time data
    switch (e->kind) {
    case ExprKind::IntLit: {
        auto* lit = cast<IntLit>(e);
        const Type* t = type_of(e);
        const Type* lit_t = lit->value > static_cast<uint64_t>(INT64_MAX) ? types::uint64() : types::int64();
        return convert_or_fail(b.getInt64(lit->value), lit_t, t, e->loc);
    }
    case ExprKind::FloatLit:
        return convert_or_fail(llvm::ConstantFP::get(b.getDoubleTy(), cast<FloatLit>(e)->value), types::float64(),
                               type_of(e), e->loc);
    case ExprKind::ImagLit: {
        const types::Type* t = types::complex(128);
        types::ConstValue c;
        c.type = t;
        c.c = {0.0, cast<ImagLit>(e)->value};
        return convert_or_fail(constant_value(b, c), t, type_of(e), e->loc);
    }
    case ExprKind::BoolLit:
        return convert_or_fail(b.getInt1(cast<BoolLit>(e)->value), types::boolean(), type_of(e), e->loc);
    case ExprKind::NoneLit: return nullptr;
    case ExprKind::StrLit: return str_literal(cast<StrLit>(e)->value);
    case ExprKind::Name: return name(cast<Name>(e));
    case ExprKind::Attribute: return attribute(cast<Attribute>(e));
    case ExprKind::Subscript: return subscript(cast<Subscript>(e));
    case ExprKind::Slice: unsupported(e->loc, "slices are not supported here");
    case ExprKind::Call: return call(cast<Call>(e));
    case ExprKind::Unary: return unary(cast<Unary>(e));
    case ExprKind::Binary: return binary(cast<Binary>(e));
    case ExprKind::Compare: return compare(cast<Compare>(e));
    case ExprKind::BoolOp: return bool_op(cast<BoolOp>(e));
    case ExprKind::IfExp: return if_exp(cast<IfExp>(e));
    case ExprKind::ListComp: return list_comprehension(cast<ListComp>(e));
    case ExprKind::Tuple: return tuple_expr(cast<Tuple>(e));
    case ExprKind::Lambda: return nullptr;  // a function: a static value
    case ExprKind::Starred: syntax::internal_error(e->loc, "a starred argument outside its call");
    case ExprKind::StarItem: return star_item(cast<StarItem>(e));
    }
    syntax::internal_error(e->loc, "unknown expression kind");
}

llvm::Value* FunctionLowering::name(const Name* e) {
    const Type* t = type_of(e);
    const types::Variable* var = fn.find_variable(e->id);
    if (!var || !t->is_value())
        unsupported(e->loc, fmt::format("'{}' ({}) cannot be used as a value", e->id, t->str()));
    if (var->type->is_none()) return nullptr;
    llvm::Value* v = b.CreateLoad(value_type(mod.ctx, var->type), variable(e->id, e->loc), e->id);
    return convert_or_fail(v, var->type, t, e->loc);
}

llvm::Value* FunctionLowering::attribute(const Attribute* e) {
    if (fn.record_field(e)) return record_field_read(e);
    const Type* t = type_of(e);
    const Type* vt = fn.type_of(e->value);
    if (vt && vt->is_jitclass()) return jitclass_attribute(e);  // lower_jitclass.cpp
    // Typing resolved the attribute chain and recorded the builtin (contract rule 7).
    const types::BuiltinId* id = fn.attribute_builtin(e);
    if (id && types::is_cuda_value(*id)) return cuda_value(*id, t, e->loc);
    if (t && t->kind() == types::Kind::FlatIter)  // only what iterates, indexes or len()s it reads it
        unsupported(e->loc, fmt::format("ujit uses {} only iterated (for v in a.flat), indexed (a.flat[i]) and "
                                        "in len(a.flat)",
                                        t->str()));
    if (vt && vt->is_array()) return array_attribute(expr(e->value), vt, e->attr, e->loc);
    if (vt && vt->is_range()) return range_attribute(e);
    if (vt && vt->kind() == types::Kind::Namespace && vt->path() == "array.flags") {  // a.flags.c_contiguous
        const Expr* array = cast<Attribute>(e->value)->value;
        return array_attribute(expr(array), type_of(array), e->attr, e->loc);
    }
    if (vt && vt->is_complex()) {
        llvm::Value* c = expr(e->value);
        const Type* part = vt->dtype() ? vt->dtype() : types::floating(vt->bits() / 2);
        if (e->attr == "real") return convert_or_fail(b.CreateExtractValue(c, 0), part, t, e->loc);
        if (e->attr == "imag") return convert_or_fail(b.CreateExtractValue(c, 1), part, t, e->loc);
    }
    if (vt && types::is_named_tuple(vt)) {  // p.x: types/named_tuples.hpp
        int i = types::field_index(vt, e->attr);
        return convert_or_fail(b.CreateExtractValue(expr(e->value), static_cast<unsigned>(i)), vt->elements()[i], t,
                               e->loc);
    }
    if (vt && types::is_vector(vt))  // v.x: types/vector_types.hpp
        return vector_lane_value(b, expr(e->value), types::vector_lane(vt, e->attr));
    if (vt && vt->is_enum() && e->attr == "value") return expr(e->value);  // a member is its value
    if (vt && (vt->is_int() || vt->is_float() || vt->is_bool())) {
        // x.real / x.imag of a real number
        if (e->attr == "real") return expr_as(e->value, t);
        if (e->attr == "imag") return zero_value(b, t);
    }
    unsupported(e->loc, fmt::format("attribute '{}' of {} cannot be used as a value", e->attr,
                                    vt ? vt->str() : std::string("this object")));
}

llvm::Value* FunctionLowering::bool_op(const BoolOp* e) {
    const Type* t = type_of(e);
    llvm::AllocaInst* slot = entry_alloca(value_type(mod.ctx, t), "boolop");
    llvm::BasicBlock* done = new_block("boolop.end");
    auto operand = [&](size_t i, bool need_truth) -> llvm::Value* {
        const Expr* v = e->values[i];
        const Type* vt = type_of(v);
        llvm::Value* x = expr(v);
        b.CreateStore(convert_or_fail(x, vt, t, v->loc), slot);
        if (!need_truth) return nullptr;
        llvm::Value* c = truth(b, x, vt);
        if (!c) unsupported(v->loc, "the truth value of " + vt->str() + " is not defined here");
        return c;
    };
    short_circuit(b, e->op, e->values, fn, operand, [&] { return new_block("boolop.next"); }, done);
    return b.CreateLoad(value_type(mod.ctx, t), slot);
}

llvm::Value* FunctionLowering::if_exp(const IfExp* e) {
    const Type* t = type_of(e);
    if (auto live = const_int(e->test)) return expr_as(*live ? e->body : e->orelse, t);  // a test typing knew
    llvm::Value* c = condition(e->test);
    if (t->is_none()) unsupported(e->loc, "conditional expressions without a value are not supported");
    llvm::AllocaInst* slot = entry_alloca(value_type(mod.ctx, t), "ifexp");
    llvm::BasicBlock* then_bb = new_block("ifexp.then");
    llvm::BasicBlock* else_bb = new_block("ifexp.else");
    llvm::BasicBlock* done = new_block("ifexp.end");
    b.CreateCondBr(c, then_bb, else_bb);
    b.SetInsertPoint(then_bb);
    b.CreateStore(expr_as(e->body, t), slot);
    b.CreateBr(done);
    b.SetInsertPoint(else_bb);
    b.CreateStore(expr_as(e->orelse, t), slot);
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return b.CreateLoad(value_type(mod.ctx, t), slot);
}

llvm::Value* FunctionLowering::tuple_expr(const Tuple* e) {
    const Type* t = type_of(e);
    if (t->is_list()) return list_display(e);
    if (t->is_dict() || t->is_set()) return dict_display(e);
    if (!t->is_tuple() || t->elements().size() != e->elts.size())
        syntax::internal_error(e->loc, "tuple display typed as " + t->str());
    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
    for (unsigned i = 0; i < e->elts.size(); ++i)
        out = b.CreateInsertValue(out, expr_as(e->elts[i], t->elements()[i]), i);
    return out;
}

llvm::Value* FunctionLowering::subscript(const Subscript* e) {
    if (fn.record_field(e)) return record_field_read(e);
    const Type* vt = type_of(e->value);
    if (vt->is_list()) return list_subscript(e);
    if (vt->is_dict()) return dict_subscript(e);
    if (vt->is_range()) return range_subscript(e);
    if (vt->kind() == types::Kind::FlatIter) {  // a.flat[i]: nplib/lower_nditer.cpp
        const Type* dt = vt->flat_array()->dtype();
        llvm::Value* v = from_storage(b, b.CreateLoad(storage_type(mod.ctx, dt), flat_index_pointer(e)), dt);
        return convert_or_fail(v, dt, type_of(e), e->loc);
    }
    if (vt->is_array()) {
        if (const Type* it = type_of(e->index); nplib::is_advanced_index(it))
            return nplib::is_boolean_mask(it, vt) ? masked_copy(e) : fancy_take(e);  // a[mask], a[idx], m[idx, :]
        llvm::Value* arr = expr(e->value);
        const Type* elem = nullptr;
        llvm::Value* view = nullptr;
        llvm::Value* p = element_pointer(arr, vt, e->index, e->loc, &elem, &view);
        if (view) return convert_or_fail(view, elem, type_of(e), e->loc);
        if (elem->is_record()) return p;  // a reference to the record, as Numba
        llvm::Value* v = from_storage(b, b.CreateLoad(storage_type(mod.ctx, elem), p), elem);
        return convert_or_fail(v, elem, type_of(e), e->loc);
    }
    if (vt->is_tuple()) return tuple_index(e, expr(e->value), vt);
    if (vt->is_str()) return str_subscript(e);
    unsupported(e->loc, vt->str() + " cannot be indexed");
}

llvm::Value* FunctionLowering::tuple_index(const Subscript* e, llvm::Value* tup, const Type* tt) {
    const Type* t = type_of(e);
    if (isa<Slice>(e->index)) {  // t[lo:hi:step]: the positions inference took (types/tuple_slices.hpp)
        const types::ConstValue* picks = fn.constant(e->index);
        if (!picks) syntax::internal_error(e->index->loc, "a tuple slice without its positions");
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
        for (unsigned i = 0; i < picks->elems.size(); ++i)
            out = b.CreateInsertValue(out, b.CreateExtractValue(tup, static_cast<unsigned>(picks->elems[i].i)), i);
        return out;
    }
    int64_t n = static_cast<int64_t>(tt->elements().size());
    if (auto k = const_int(e->index)) {
        int64_t i = *k < 0 ? *k + n : *k;
        if (i < 0 || i >= n)
            unsupported(e->index->loc, fmt::format("tuple index {} out of range for {}", *k, tt->str()));
        return convert_or_fail(b.CreateExtractValue(tup, static_cast<unsigned>(i)), tt->elements()[i], t, e->loc);
    }
    if (n == 0 || !tt->is_uniform_tuple())
        unsupported(e->index->loc, "a non-constant index needs a tuple of one element type, not " + tt->str());
    // Uniform tuple, run-time index: spill to a stack array (wrapping negatives). Out of range
    // is Numba's IndexError on both targets (in CUDA code the thread ends there).
    const Type* et = tt->elements()[0];
    llvm::Type* elem_ty = value_type(mod.ctx, et);
    llvm::AllocaInst* slot = entry_alloca(llvm::ArrayType::get(elem_ty, n), "tuple.spill");
    for (unsigned i = 0; i < n; ++i)
        b.CreateStore(b.CreateExtractValue(tup, i), b.CreateConstGEP2_32(slot->getAllocatedType(), slot, 0, i));
    llvm::Value* idx = index_value(e->index);
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(idx, b.getInt64(0)), b.CreateAdd(idx, b.getInt64(n)), idx);
    raise_if(b.CreateICmpUGE(wrapped, b.getInt64(n)), "IndexError", "tuple index out of range", e->index->loc);
    llvm::Value* p = b.CreateGEP(slot->getAllocatedType(), slot, {b.getInt64(0), wrapped});
    return convert_or_fail(b.CreateLoad(elem_ty, p), et, t, e->loc);
}

}  // namespace ujit::codegen
