// The names a block mentions or binds (syntax/ast_names.hpp).
#include "syntax/ast_names.hpp"

#include "syntax/stack_budget.hpp"

namespace ujit::syntax {

namespace {

void exprs(const std::vector<Expr*>& es, std::set<std::string>& out) {
    for (const Expr* e : es) names_in(e, out);
}

void function(const FunctionDef& def, std::set<std::string>& out) {
    out.insert(def.name);
    for (const Param& p : def.params) out.insert(p.name), names_in(p.default_value, out);
    names_in(def.body, out);
}

void comprehension_targets(const Expr* e, std::set<std::string>& out);

}  // namespace

void names_in(const Expr* e, std::set<std::string>& out) {
    if (!e) return;
    check_stack(e->loc, "expressions");
    switch (e->kind) {
    case ExprKind::Name: out.insert(cast<Name>(e)->id); return;
    case ExprKind::Attribute: names_in(cast<Attribute>(e)->value, out); return;
    case ExprKind::Subscript:
        names_in(cast<Subscript>(e)->value, out), names_in(cast<Subscript>(e)->index, out);
        return;
    case ExprKind::Slice: {
        auto* s = cast<Slice>(e);
        names_in(s->lower, out), names_in(s->upper, out), names_in(s->step, out);
        return;
    }
    case ExprKind::Call: {
        auto* c = cast<Call>(e);
        names_in(c->callee, out);
        exprs(c->args, out);
        for (const Keyword& k : c->keywords) names_in(k.value, out);
        return;
    }
    case ExprKind::Unary: names_in(cast<Unary>(e)->operand, out); return;
    case ExprKind::Binary: names_in(cast<Binary>(e)->lhs, out), names_in(cast<Binary>(e)->rhs, out); return;
    case ExprKind::Compare: exprs(cast<Compare>(e)->operands, out); return;
    case ExprKind::BoolOp: exprs(cast<BoolOp>(e)->values, out); return;
    case ExprKind::IfExp: {
        auto* i = cast<IfExp>(e);
        names_in(i->test, out), names_in(i->body, out), names_in(i->orelse, out);
        return;
    }
    case ExprKind::Tuple: exprs(cast<Tuple>(e)->elts, out); return;
    case ExprKind::ListComp:
        names_in(cast<ListComp>(e)->elt, out);
        for (const ListComp::Generator& g : cast<ListComp>(e)->generators)
            names_in(g.target, out), names_in(g.iter, out), exprs(g.ifs, out);
        return;
    case ExprKind::Lambda: function(*cast<Lambda>(e)->def, out); return;
    case ExprKind::Starred: names_in(cast<Starred>(e)->value, out); return;
    default: return;  // literals, spread items
    }
}

void names_in(const Block& b, std::set<std::string>& out, const For* skip) {
    for (const Stmt* s : b) {
        switch (s->kind) {
        case StmtKind::ExprStmt: names_in(cast<ExprStmt>(s)->value, out); break;
        case StmtKind::Assign:
            exprs(cast<Assign>(s)->targets, out);
            names_in(cast<Assign>(s)->value, out);
            break;
        case StmtKind::AugAssign:
            names_in(cast<AugAssign>(s)->target, out), names_in(cast<AugAssign>(s)->value, out);
            break;
        case StmtKind::If:
            for (const If* i = cast<If>(s); i; i = elif_of(i)) {
                names_in(i->test, out), names_in(i->body, out, skip);
                if (!elif_of(i)) names_in(i->orelse, out, skip);
            }
            break;
        case StmtKind::While:
            names_in(cast<While>(s)->test, out);
            names_in(cast<While>(s)->body, out, skip), names_in(cast<While>(s)->orelse, out, skip);
            break;
        case StmtKind::For: {
            auto* f = cast<For>(s);
            names_in(f->iter, out), names_in(f->orelse, out, skip);
            if (f != skip) names_in(f->target, out), names_in(f->body, out, skip);
            break;
        }
        case StmtKind::Try: {
            auto* t = cast<Try>(s);
            for (const Block* part : {&t->body, &t->handler, &t->orelse, &t->finalbody}) names_in(*part, out, skip);
            break;
        }
        case StmtKind::Return: names_in(cast<Return>(s)->value, out); break;
        case StmtKind::Raise: names_in(cast<Raise>(s)->exc, out); break;
        case StmtKind::FunctionDef: function(*cast<FunctionDef>(s), out); break;
        default: break;
        }
    }
}

void names_bound_by(const Expr* target, std::set<std::string>& out) {
    if (auto* n = dyn_cast<Name>(target)) out.insert(n->id);
    if (auto* t = dyn_cast<Tuple>(target))
        for (const Expr* e : t->elts) names_bound_by(e, out);
}

namespace {

// Comprehension variables (`x$c<id>`, the parser's names) bound inside an expression.
void comprehension_targets(const Expr* e, std::set<std::string>& out) {
    std::set<std::string> all;
    names_in(e, all);
    for (const std::string& n : all)
        if (n.find("$c") != std::string::npos) out.insert(n);
}

}  // namespace

void names_bound(const Block& b, std::set<std::string>& out) {
    for (const Stmt* s : b) {
        switch (s->kind) {
        case StmtKind::ExprStmt: comprehension_targets(cast<ExprStmt>(s)->value, out); break;
        case StmtKind::Assign:
            for (const Expr* t : cast<Assign>(s)->targets) names_bound_by(t, out);
            comprehension_targets(cast<Assign>(s)->value, out);
            break;
        case StmtKind::AugAssign:
            names_bound_by(cast<AugAssign>(s)->target, out);
            comprehension_targets(cast<AugAssign>(s)->value, out);
            break;
        case StmtKind::If:
            for (const If* i = cast<If>(s); i; i = elif_of(i)) {
                comprehension_targets(i->test, out);
                names_bound(i->body, out);
                if (!elif_of(i)) names_bound(i->orelse, out);
            }
            break;
        case StmtKind::While: names_bound(cast<While>(s)->body, out), names_bound(cast<While>(s)->orelse, out); break;
        case StmtKind::For:
            names_bound_by(cast<For>(s)->target, out);
            names_bound(cast<For>(s)->body, out), names_bound(cast<For>(s)->orelse, out);
            break;
        case StmtKind::Try: {
            auto* t = cast<Try>(s);
            for (const Block* part : {&t->body, &t->handler, &t->orelse, &t->finalbody}) names_bound(*part, out);
            break;
        }
        case StmtKind::Return: comprehension_targets(cast<Return>(s)->value, out); break;
        case StmtKind::FunctionDef: out.insert(cast<FunctionDef>(s)->name); break;
        default: break;
        }
    }
}

}  // namespace ujit::syntax
