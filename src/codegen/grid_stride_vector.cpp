#include "codegen/grid_stride_vector.hpp"

#include "codegen/grid_stride.hpp"

#include <algorithm>

namespace ujit::codegen {

namespace {

using namespace syntax;
using types::TypedFunction;

bool plain_number(const types::Type* t) { return t && (t->is_int() || t->is_float() || t->is_bool()); }

class PlanBuilder {
public:
    PlanBuilder(const TypedFunction& kernel, const std::string& counter) : kernel_(kernel), counter_(counter) {
        for (const Param& p : kernel.def->params) params_.insert(p.name);
        assigned_names(kernel.def->body, assigned_);
    }

    // `A[i]` (A an array parameter): records A; false where it is anything else.
    bool array_item(const Expr* e, bool stored) {
        auto* sub = dyn_cast<Subscript>(e);
        if (!sub) return false;
        auto* array = dyn_cast<Name>(sub->value);
        auto* index = dyn_cast<Name>(sub->index);
        if (!array || !index || index->id != counter_) return false;
        if (!params_.count(array->id) || assigned_.count(array->id)) return false;
        const types::Type* t = kernel_.type_of(array);
        if (!t || !t->is_array() || t->ndim() != 1) return false;
        const types::Type* d = t->dtype();
        if (!d || !(d->is_int() || d->is_float()) || (d->itemsize() != 4 && d->itemsize() != 8)) return false;
        if (plan_.itemsize != 0 && plan_.itemsize != d->itemsize()) return false;
        plan_.itemsize = d->itemsize();
        auto use = std::find_if(plan_.arrays.begin(), plan_.arrays.end(),
                                [&](const GridStrideVectorPlan::ArrayUse& u) { return u.name->id == array->id; });
        if (use == plan_.arrays.end()) use = plan_.arrays.insert(plan_.arrays.end(), {array, false});
        use->stored |= stored;
        return true;
    }

    // EXPR of the rules in grid_stride_vector.hpp.
    bool element_expr(const Expr* e) {
        if (!plain_number(kernel_.type_of(e))) return false;
        if (const types::ConstValue* c = kernel_.constant(e); c && !c->array) return true;
        switch (e->kind) {
        case ExprKind::IntLit:
        case ExprKind::FloatLit:
        case ExprKind::BoolLit: return true;
        case ExprKind::Name: {
            const types::Variable* var = kernel_.find_variable(cast<Name>(e)->id);
            return var && plain_number(var->type);
        }
        case ExprKind::Subscript: return array_item(e, false);
        case ExprKind::Unary: {
            auto* u = cast<Unary>(e);
            return u->op != UnaryOp::Not && element_expr(u->operand);
        }
        case ExprKind::Binary: {
            auto* x = cast<Binary>(e);
            bool pure = x->op == BinOp::Add || x->op == BinOp::Sub || x->op == BinOp::Mul || x->op == BinOp::BitAnd ||
                        x->op == BinOp::BitOr || x->op == BinOp::BitXor;
            return pure && element_expr(x->lhs) && element_expr(x->rhs);
        }
        default: return false;
        }
    }

    std::optional<GridStrideVectorPlan> finish() {
        if (plan_.arrays.empty() || plan_.itemsize == 0) return std::nullopt;
        plan_.width = kGridStrideVectorBytes / plan_.itemsize;
        return plan_;
    }

private:
    const TypedFunction& kernel_;
    std::string counter_;
    std::set<std::string> params_, assigned_;
    GridStrideVectorPlan plan_;
};

}  // namespace

std::optional<GridStrideVectorPlan> grid_stride_vector_plan(const TypedFunction& kernel, const For& loop) {
    if (grid_stride_form(kernel, loop) != GridStrideForm::Partitioned) return std::nullopt;
    auto* counter = dyn_cast<Name>(loop.target);
    const types::Variable* var = counter ? kernel.find_variable(counter->id) : nullptr;
    if (!var || !var->type->is_int() || !var->type->is_signed() || var->type->itemsize() != 8) return std::nullopt;
    if (const types::Type* t = kernel.type_of(loop.target); t && t != var->type) return std::nullopt;
    if (loop.body.empty()) return std::nullopt;
    PlanBuilder plan(kernel, counter->id);
    for (const Stmt* s : loop.body) {
        auto* a = dyn_cast<Assign>(s);
        if (!a || a->deletes || a->targets.size() != 1) return std::nullopt;
        if (!plan.array_item(a->targets[0], /*stored=*/true) || !plan.element_expr(a->value)) return std::nullopt;
    }
    return plan.finish();
}

}  // namespace ujit::codegen
