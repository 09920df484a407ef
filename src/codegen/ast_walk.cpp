#include "codegen/ast_walk.hpp"

namespace ujit::codegen {

using namespace syntax;

bool any_expr(const Expr* e, const std::function<bool(const Expr*)>& visit) {
    if (!e) return false;
    if (visit(e)) return true;
    switch (e->kind) {
    case ExprKind::Attribute: return any_expr(cast<Attribute>(e)->value, visit);
    case ExprKind::Subscript:
        return any_expr(cast<Subscript>(e)->value, visit) || any_expr(cast<Subscript>(e)->index, visit);
    case ExprKind::Slice: {
        auto* s = cast<Slice>(e);
        return any_expr(s->lower, visit) || any_expr(s->upper, visit) || any_expr(s->step, visit);
    }
    case ExprKind::Call: {
        auto* c = cast<Call>(e);
        if (any_expr(c->callee, visit)) return true;
        for (const Expr* a : c->args)
            if (any_expr(a, visit)) return true;
        for (const Keyword& k : c->keywords)
            if (any_expr(k.value, visit)) return true;
        return false;
    }
    case ExprKind::Unary: return any_expr(cast<Unary>(e)->operand, visit);
    case ExprKind::Binary: return any_expr(cast<Binary>(e)->lhs, visit) || any_expr(cast<Binary>(e)->rhs, visit);
    case ExprKind::Compare:
        for (const Expr* o : cast<Compare>(e)->operands)
            if (any_expr(o, visit)) return true;
        return false;
    case ExprKind::BoolOp:
        for (const Expr* v : cast<BoolOp>(e)->values)
            if (any_expr(v, visit)) return true;
        return false;
    case ExprKind::IfExp: {
        auto* i = cast<IfExp>(e);
        return any_expr(i->test, visit) || any_expr(i->body, visit) || any_expr(i->orelse, visit);
    }
    case ExprKind::Tuple:
        for (const Expr* v : cast<Tuple>(e)->elts)
            if (any_expr(v, visit)) return true;
        return false;
    case ExprKind::ListComp:
        if (any_expr(cast<ListComp>(e)->elt, visit)) return true;
        for (const ListComp::Generator& g : cast<ListComp>(e)->generators) {
            if (any_expr(g.target, visit) || any_expr(g.iter, visit)) return true;
            for (const Expr* x : g.ifs)
                if (any_expr(x, visit)) return true;
        }
        return false;
    case ExprKind::Starred: return any_expr(cast<Starred>(e)->value, visit);
    default: return false;
    }
}

std::vector<const Expr*> own_exprs(const Stmt* s) {
    switch (s->kind) {
    case StmtKind::ExprStmt: return {cast<ExprStmt>(s)->value};
    case StmtKind::Assign: {
        std::vector<const Expr*> v(cast<Assign>(s)->targets.begin(), cast<Assign>(s)->targets.end());
        v.push_back(cast<Assign>(s)->value);
        return v;
    }
    case StmtKind::AugAssign: return {cast<AugAssign>(s)->target, cast<AugAssign>(s)->value};
    case StmtKind::If: return {cast<If>(s)->test};
    case StmtKind::While: return {cast<While>(s)->test};
    case StmtKind::For: return {cast<For>(s)->target, cast<For>(s)->iter};
    case StmtKind::Return: return {cast<Return>(s)->value};
    case StmtKind::Raise: return {cast<Raise>(s)->exc};
    default: return {};
    }
}

std::vector<const Block*> nested_blocks(const Stmt* s) {
    switch (s->kind) {
    case StmtKind::If: return {&cast<If>(s)->body, &cast<If>(s)->orelse};
    case StmtKind::While: return {&cast<While>(s)->body, &cast<While>(s)->orelse};
    case StmtKind::For: return {&cast<For>(s)->body, &cast<For>(s)->orelse};
    case StmtKind::Try:
        return {&cast<Try>(s)->body, &cast<Try>(s)->handler, &cast<Try>(s)->orelse, &cast<Try>(s)->finalbody};
    default: return {};
    }
}

bool any_statement_expr(const Block& block, const std::function<bool(const Expr*)>& visit) {
    for (const Stmt* s : block) {
        for (const Expr* e : own_exprs(s))
            if (e && visit(e)) return true;
        for (const Block* b : nested_blocks(s))
            if (any_statement_expr(*b, visit)) return true;
    }
    return false;
}

bool any_expr_in_block(const Block& block, const std::function<bool(const Expr*)>& visit) {
    return any_statement_expr(block, [&](const Expr* e) { return any_expr(e, visit); });
}

bool binds(const Expr* target, const std::string& name) {
    return (isa<Name>(target) || isa<Tuple>(target)) && any_expr(target, [&](const Expr* x) {
               auto* n = dyn_cast<Name>(x);
               return n && n->id == name;
           });
}

bool rebinds(const Block& block, const std::string& name) {
    for (const Stmt* s : block) {
        if (auto* a = dyn_cast<Assign>(s))
            for (const Expr* t : a->targets)
                if (binds(t, name)) return true;
        if (auto* a = dyn_cast<AugAssign>(s); a && binds(a->target, name)) return true;
        if (auto* f = dyn_cast<For>(s); f && binds(f->target, name)) return true;
        for (const Block* nested : nested_blocks(s))
            if (rebinds(*nested, name)) return true;
    }
    return false;
}

}  // namespace ujit::codegen
