// Free names of inner functions: what a closure captures (types/closures.hpp).
#include "types/closures.hpp"

#include "syntax/stack_budget.hpp"

#include <algorithm>
#include <set>

namespace ujit::types {

using namespace syntax;

namespace {

class FreeNames {
public:
    explicit FreeNames(const FunctionDef& def) {
        for (const Param& p : def.params) bound_.insert(p.name);
        bind_block(def.body);
        block(def.body);
    }
    std::vector<std::string> result;

private:
    std::set<std::string> bound_, seen_;

    void bind_target(const Expr* t) {
        if (auto* n = dyn_cast<Name>(t)) bound_.insert(n->id);
        if (auto* tu = dyn_cast<Tuple>(t))
            for (const Expr* e : tu->elts) bind_target(e);
    }
    void bind_block(const Block& b) {
        for (const Stmt* s : b) {
            if (auto* a = dyn_cast<Assign>(s))
                for (const Expr* t : a->targets) bind_target(t);
            if (auto* a = dyn_cast<AugAssign>(s)) bind_target(a->target);
            if (auto* f = dyn_cast<For>(s)) bind_target(f->target), bind_block(f->body), bind_block(f->orelse);
            if (auto* i = dyn_cast<If>(s)) bind_block(i->body), bind_block(i->orelse);
            if (auto* w = dyn_cast<While>(s)) bind_block(w->body), bind_block(w->orelse);
            if (auto* d = dyn_cast<FunctionDef>(s)) bound_.insert(d->name);
        }
    }
    void use(const std::string& name) {
        if (!bound_.count(name) && seen_.insert(name).second) result.push_back(name);
    }
    void expr(const Expr* e) {
        if (!e) return;
        check_stack(e->loc, "expressions");
        switch (e->kind) {
        case ExprKind::Name: use(cast<Name>(e)->id); return;
        case ExprKind::Attribute: expr(cast<Attribute>(e)->value); return;
        case ExprKind::Subscript: expr(cast<Subscript>(e)->value), expr(cast<Subscript>(e)->index); return;
        case ExprKind::Slice: {
            auto* s = cast<Slice>(e);
            expr(s->lower), expr(s->upper), expr(s->step);
            return;
        }
        case ExprKind::Call: {
            auto* c = cast<Call>(e);
            expr(c->callee);
            for (const Expr* a : c->args) expr(a);
            for (const Keyword& k : c->keywords) expr(k.value);
            return;
        }
        case ExprKind::Unary: expr(cast<Unary>(e)->operand); return;
        case ExprKind::Binary: expr(cast<Binary>(e)->lhs), expr(cast<Binary>(e)->rhs); return;
        case ExprKind::Compare:
            for (const Expr* o : cast<Compare>(e)->operands) expr(o);
            return;
        case ExprKind::BoolOp:
            for (const Expr* v : cast<BoolOp>(e)->values) expr(v);
            return;
        case ExprKind::IfExp: {
            auto* i = cast<IfExp>(e);
            expr(i->test), expr(i->body), expr(i->orelse);
            return;
        }
        case ExprKind::Tuple:
            for (const Expr* x : cast<Tuple>(e)->elts) expr(x);
            return;
        case ExprKind::ListComp:
            expr(cast<ListComp>(e)->elt);
            for (const ListComp::Generator& g : cast<ListComp>(e)->generators) {
                expr(g.target), expr(g.iter);
                for (const Expr* x : g.ifs) expr(x);
            }
            return;
        case ExprKind::Lambda:
            for (const std::string& n : free_names(*cast<Lambda>(e)->def)) use(n);
            return;
        case ExprKind::Starred: expr(cast<Starred>(e)->value); return;
        default: return;  // literals
        }
    }
    void block(const Block& b) {
        for (const Stmt* s : b) stmt(s);
    }
    void stmt(const Stmt* s) {
        switch (s->kind) {
        case StmtKind::ExprStmt: expr(cast<ExprStmt>(s)->value); return;
        case StmtKind::Assign:
            for (const Expr* t : cast<Assign>(s)->targets) expr(t);
            expr(cast<Assign>(s)->value);
            return;
        case StmtKind::AugAssign: expr(cast<AugAssign>(s)->target), expr(cast<AugAssign>(s)->value); return;
        case StmtKind::If: expr(cast<If>(s)->test), block(cast<If>(s)->body), block(cast<If>(s)->orelse); return;
        case StmtKind::While:
            expr(cast<While>(s)->test), block(cast<While>(s)->body), block(cast<While>(s)->orelse);
            return;
        case StmtKind::For: {
            auto* f = cast<For>(s);
            expr(f->target), expr(f->iter), block(f->body), block(f->orelse);
            return;
        }
        case StmtKind::Try: {
            auto* t = cast<Try>(s);
            block(t->body), block(t->handler), block(t->orelse), block(t->finalbody);
            return;
        }
        case StmtKind::Return: expr(cast<Return>(s)->value); return;
        case StmtKind::Raise: expr(cast<Raise>(s)->exc); return;
        case StmtKind::FunctionDef:
            for (const std::string& n : free_names(*cast<FunctionDef>(s))) use(n);
            return;
        default: return;
        }
    }
};

}  // namespace

std::vector<std::string> free_names(const FunctionDef& def) { return FreeNames(def).result; }

}  // namespace ujit::types
