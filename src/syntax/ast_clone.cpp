// Deep copies of statements (syntax/ast_clone.hpp).
#include "syntax/ast_clone.hpp"

#include "syntax/internal_error.hpp"

namespace ujit::syntax {

namespace {

// A def's or lambda's nodes are typed as a function of their own, which copies cannot share.
constexpr const char* kNoFunctions =
    "ujit does not unroll a literal_unroll loop whose body defines a function (a def or a lambda): define it "
    "before the loop";

template <class T> T* leaf(NodeArena& arena, const T* e) {
    T* n = arena.make<T>(e->loc);
    n->value = e->value;
    return n;
}

}  // namespace

Block Cloner::block(const Block& b) {
    Block out;
    out.reserve(b.size());
    for (const Stmt* s : b) out.push_back(stmt(s));
    return out;
}

std::vector<Expr*> Cloner::exprs(const std::vector<Expr*>& es) {
    std::vector<Expr*> out;
    out.reserve(es.size());
    for (const Expr* e : es) out.push_back(expr(e));
    return out;
}

Expr* Cloner::expr(const Expr* e) { return e ? expr_kind(e) : nullptr; }

Expr* Cloner::expr_kind(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLit: return leaf(arena_, cast<IntLit>(e));
    case ExprKind::FloatLit: return leaf(arena_, cast<FloatLit>(e));
    case ExprKind::ImagLit: return leaf(arena_, cast<ImagLit>(e));
    case ExprKind::BoolLit: return leaf(arena_, cast<BoolLit>(e));
    case ExprKind::StrLit: return leaf(arena_, cast<StrLit>(e));
    case ExprKind::NoneLit: return arena_.make<NoneLit>(e->loc);
    case ExprKind::Name: {
        auto* n = arena_.make<Name>(e->loc);
        n->id = cast<Name>(e)->id;
        if (auto it = renames_.find(n->id); it != renames_.end()) n->id = it->second;
        return n;
    }
    case ExprKind::Attribute: {
        auto* a = cast<Attribute>(e);
        auto* n = arena_.make<Attribute>(e->loc);
        n->value = expr(a->value);
        n->attr = a->attr;
        n->attr_loc = a->attr_loc;
        return n;
    }
    case ExprKind::Subscript: {
        auto* n = arena_.make<Subscript>(e->loc);
        n->value = expr(cast<Subscript>(e)->value);
        n->index = expr(cast<Subscript>(e)->index);
        return n;
    }
    case ExprKind::Slice: {
        auto* s = cast<Slice>(e);
        auto* n = arena_.make<Slice>(e->loc);
        n->lower = expr(s->lower);
        n->upper = expr(s->upper);
        n->step = expr(s->step);
        return n;
    }
    case ExprKind::Call: {
        auto* c = cast<Call>(e);
        auto* n = arena_.make<Call>(e->loc);
        n->callee = expr(c->callee);
        n->args = exprs(c->args);
        for (const Keyword& k : c->keywords) n->keywords.push_back(Keyword{k.name, k.loc, expr(k.value)});
        return n;
    }
    case ExprKind::Unary: {
        auto* n = arena_.make<Unary>(e->loc);
        n->op = cast<Unary>(e)->op;
        n->operand = expr(cast<Unary>(e)->operand);
        return n;
    }
    case ExprKind::Binary: {
        auto* b = cast<Binary>(e);
        auto* n = arena_.make<Binary>(e->loc);
        n->op = b->op;
        n->lhs = expr(b->lhs);
        n->rhs = expr(b->rhs);
        return n;
    }
    case ExprKind::Compare: {
        auto* c = cast<Compare>(e);
        auto* n = arena_.make<Compare>(e->loc);
        n->operands = exprs(c->operands);
        n->ops = c->ops;
        n->op_locs = c->op_locs;
        return n;
    }
    case ExprKind::BoolOp: {
        auto* n = arena_.make<BoolOp>(e->loc);
        n->op = cast<BoolOp>(e)->op;
        n->values = exprs(cast<BoolOp>(e)->values);
        return n;
    }
    case ExprKind::IfExp: {
        auto* i = cast<IfExp>(e);
        auto* n = arena_.make<IfExp>(e->loc);
        n->test = expr(i->test);
        n->body = expr(i->body);
        n->orelse = expr(i->orelse);
        return n;
    }
    case ExprKind::Tuple: {
        auto* n = arena_.make<Tuple>(e->loc);
        n->elts = exprs(cast<Tuple>(e)->elts);
        n->display = cast<Tuple>(e)->display;
        return n;
    }
    case ExprKind::ListComp: {
        auto* l = cast<ListComp>(e);
        auto* n = arena_.make<ListComp>(e->loc);
        n->elt = expr(l->elt);
        for (const ListComp::Generator& g : l->generators)
            n->generators.push_back(ListComp::Generator{expr(g.target), expr(g.iter), exprs(g.ifs)});
        return n;
    }
    case ExprKind::Starred: return starred(cast<Starred>(e));
    case ExprKind::StarItem: {
        auto* s = cast<StarItem>(e);
        if (auto it = star_items_.find(s); it != star_items_.end()) return it->second;
        auto* n = arena_.make<StarItem>(e->loc);
        auto from = starred_.find(s->from);
        UJIT_INTERNAL_ASSERT(from != starred_.end(), e->loc, "a spread item copied before its starred argument");
        n->from = from->second;
        n->index = s->index;
        star_items_[s] = n;
        return n;
    }
    case ExprKind::Lambda: break;
    }
    fail(e->loc, kNoFunctions);
}

Expr* Cloner::starred(const Starred* s) {
    auto* n = arena_.make<Starred>(s->loc);
    starred_[s] = n;
    n->value = expr(s->value);
    for (const StarItem* i : s->items) n->items.push_back(cast<StarItem>(expr(i)));
    for (const Call* c : s->spread) n->spread.push_back(cast<Call>(expr(c)));
    return n;
}

Stmt* Cloner::stmt(const Stmt* s) {
    switch (s->kind) {
    case StmtKind::ExprStmt: {
        auto* n = arena_.make<ExprStmt>(s->loc);
        n->value = expr(cast<ExprStmt>(s)->value);
        return n;
    }
    case StmtKind::Assign: {
        auto* a = cast<Assign>(s);
        auto* n = arena_.make<Assign>(s->loc);
        n->targets = exprs(a->targets);
        n->value = expr(a->value);
        n->deletes = a->deletes;
        return n;
    }
    case StmtKind::AugAssign: {
        auto* a = cast<AugAssign>(s);
        auto* n = arena_.make<AugAssign>(s->loc);
        n->target = expr(a->target);
        n->op = a->op;
        n->value = expr(a->value);
        return n;
    }
    case StmtKind::If: {
        auto* i = cast<If>(s);
        auto* n = arena_.make<If>(s->loc);
        n->test = expr(i->test);
        n->body = block(i->body);
        n->orelse = block(i->orelse);
        return n;
    }
    case StmtKind::While: {
        auto* w = cast<While>(s);
        auto* n = arena_.make<While>(s->loc);
        n->test = expr(w->test);
        n->body = block(w->body);
        n->orelse = block(w->orelse);
        return n;
    }
    case StmtKind::For: {
        auto* f = cast<For>(s);
        auto* n = arena_.make<For>(s->loc);
        n->target = expr(f->target);
        n->iter = expr(f->iter);
        n->body = block(f->body);
        n->orelse = block(f->orelse);
        return n;
    }
    case StmtKind::Break: return arena_.make<Break>(s->loc);
    case StmtKind::Continue: return arena_.make<Continue>(s->loc);
    case StmtKind::Return: {
        auto* r = cast<Return>(s);
        auto* n = arena_.make<Return>(s->loc);
        n->value = expr(r->value);
        n->yields = r->yields;
        return n;
    }
    case StmtKind::Pass: return arena_.make<Pass>(s->loc);
    case StmtKind::Raise: {
        auto* r = cast<Raise>(s);
        auto* n = arena_.make<Raise>(s->loc);
        n->exc = expr(r->exc);
        n->assertion = r->assertion;
        return n;
    }
    case StmtKind::Try: {
        auto* t = cast<Try>(s);
        auto* n = arena_.make<Try>(s->loc);
        n->body = block(t->body);
        n->has_handler = t->has_handler;
        n->handler = block(t->handler);
        n->orelse = block(t->orelse);
        n->finalbody = block(t->finalbody);
        return n;
    }
    case StmtKind::Import: {
        auto* n = arena_.make<Import>(s->loc);
        n->names = cast<Import>(s)->names;
        return n;
    }
    case StmtKind::ImportFrom: {
        auto* n = arena_.make<ImportFrom>(s->loc);
        n->module = cast<ImportFrom>(s)->module;
        n->names = cast<ImportFrom>(s)->names;
        return n;
    }
    case StmtKind::FunctionDef: break;
    }
    fail(s->loc, kNoFunctions);
}

}  // namespace ujit::syntax
