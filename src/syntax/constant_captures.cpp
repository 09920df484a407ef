// Numba's frozen closure constants (syntax/constant_captures.hpp).
#include "syntax/constant_captures.hpp"

#include "syntax/ast_names.hpp"
#include "syntax/stack_budget.hpp"

#include <map>
#include <set>
#include <string>

namespace ujit::syntax {

namespace {

using Names = std::set<std::string>;

// A literal, or a signed number literal: what Numba freezes into a closure.
bool is_literal(const Expr* e) {
    if (auto* u = dyn_cast<Unary>(e))
        return (u->op == UnaryOp::Neg || u->op == UnaryOp::Pos) &&
               (isa<IntLit>(u->operand) || isa<FloatLit>(u->operand) || isa<ImagLit>(u->operand));
    return isa<IntLit>(e) || isa<FloatLit>(e) || isa<ImagLit>(e) || isa<BoolLit>(e) || isa<NoneLit>(e) ||
           isa<StrLit>(e);
}

// How many times each name is bound in a def's own scope (parameters, assignment and loop
// targets, defs, imports; inner defs and lambdas are scopes of their own), and the literal of
// each name a plain `name = literal` binds.
class Definitions {
public:
    std::map<std::string, int> count;
    std::map<std::string, const Expr*> literal;

    explicit Definitions(const FunctionDef& def) {
        for (const Param& p : def.params) ++count[p.name];
        block(def.body);
    }

private:
    void target(const Expr* t) {
        if (auto* n = dyn_cast<Name>(t)) ++count[n->id];
        if (auto* tu = dyn_cast<Tuple>(t))
            for (const Expr* e : tu->elts) target(e);
        if (auto* s = dyn_cast<Starred>(t)) target(s->value);
    }
    void block(const Block& b) {
        for (const Stmt* s : b) {
            switch (s->kind) {
            case StmtKind::Assign:
                for (const Expr* t : cast<Assign>(s)->targets) {
                    target(t);
                    if (isa<Name>(t) && is_literal(cast<Assign>(s)->value))
                        literal[cast<Name>(t)->id] = cast<Assign>(s)->value;
                }
                break;
            case StmtKind::AugAssign: target(cast<AugAssign>(s)->target); break;
            case StmtKind::If:
                for (const If* i = cast<If>(s); i; i = elif_of(i)) {
                    block(i->body);
                    if (!elif_of(i)) block(i->orelse);
                }
                break;
            case StmtKind::While: block(cast<While>(s)->body), block(cast<While>(s)->orelse); break;
            case StmtKind::For:
                target(cast<For>(s)->target);
                block(cast<For>(s)->body), block(cast<For>(s)->orelse);
                break;
            case StmtKind::Try:
                for (const Block* part :
                     {&cast<Try>(s)->body, &cast<Try>(s)->handler, &cast<Try>(s)->orelse, &cast<Try>(s)->finalbody})
                    block(*part);
                break;
            case StmtKind::FunctionDef: ++count[cast<FunctionDef>(s)->name]; break;
            case StmtKind::Import:
                for (const ImportAlias& a : cast<Import>(s)->names)
                    ++count[a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname];
                break;
            case StmtKind::ImportFrom:
                for (const ImportAlias& a : cast<ImportFrom>(s)->names) ++count[a.asname.empty() ? a.name : a.asname];
                break;
            default: break;
            }
        }
    }
};

// Walks the def's body; inside an inner def or lambda (`inside`), a read of a constant the
// inner scopes do not bind again (`shadowed`) becomes a copy of its literal.
class Freezer {
public:
    Freezer(Module& m, std::map<std::string, const Expr*> constants) : m_(m), constants_(std::move(constants)) {}

    void block(Block& b, bool inside, const Names& shadowed) {
        for (Stmt* s : b) statement(s, inside, shadowed);
    }

private:
    Module& m_;
    std::map<std::string, const Expr*> constants_;

    void statement(Stmt* s, bool inside, const Names& sh) {
        check_stack(s->loc, "blocks");
        switch (s->kind) {
        case StmtKind::ExprStmt: return expr(cast<ExprStmt>(s)->value, inside, sh);
        case StmtKind::Assign:
            expr(cast<Assign>(s)->value, inside, sh);
            for (Expr*& t : cast<Assign>(s)->targets) target(t, inside, sh);
            return;
        case StmtKind::AugAssign:
            expr(cast<AugAssign>(s)->value, inside, sh);
            return target(cast<AugAssign>(s)->target, inside, sh);
        case StmtKind::If:
            for (If* i = cast<If>(s); i; i = elif_of(i)) {
                expr(i->test, inside, sh);
                block(i->body, inside, sh);
                if (!elif_of(i)) block(i->orelse, inside, sh);
            }
            return;
        case StmtKind::While:
            expr(cast<While>(s)->test, inside, sh);
            block(cast<While>(s)->body, inside, sh);
            return block(cast<While>(s)->orelse, inside, sh);
        case StmtKind::For:
            expr(cast<For>(s)->iter, inside, sh);
            target(cast<For>(s)->target, inside, sh);
            block(cast<For>(s)->body, inside, sh);
            return block(cast<For>(s)->orelse, inside, sh);
        case StmtKind::Return: return expr(cast<Return>(s)->value, inside, sh);
        case StmtKind::Raise: return expr(cast<Raise>(s)->exc, inside, sh);
        case StmtKind::Try:
            for (Block* part :
                 {&cast<Try>(s)->body, &cast<Try>(s)->handler, &cast<Try>(s)->orelse, &cast<Try>(s)->finalbody})
                block(*part, inside, sh);
            return;
        case StmtKind::FunctionDef: return function(*cast<FunctionDef>(s), inside, sh);
        default: return;
        }
    }

    // A target binds its names (in the inner scope they are shadowed already); the parts of
    // its subscripts and attributes are reads.
    void target(Expr*& t, bool inside, const Names& sh) {
        if (isa<Name>(t)) return;
        if (auto* tu = dyn_cast<Tuple>(t)) {
            for (Expr*& e : tu->elts) target(e, inside, sh);
            return;
        }
        if (auto* st = dyn_cast<Starred>(t)) return target(st->value, inside, sh);
        expr(t, inside, sh);
    }

    // An inner scope: its decorators and defaults are read where the def stands, its body
    // sees the constants unless it binds their names itself.
    void function(FunctionDef& f, bool inside, const Names& sh) {
        for (Expr*& d : f.decorators) expr(d, inside, sh);
        Names own = inside ? sh : Names{};
        for (Param& p : f.params) {
            expr(p.default_value, inside, sh);
            own.insert(p.name);
        }
        names_bound(f.body, own);
        const uint32_t before = m_.node_count();
        block(f.body, true, own);
        // Its nodes are ids [id, end_id): typing sizes its tables by that range, so the copies
        // made in it (ids past its end) must fall inside.
        if (m_.node_count() != before) f.end_id = m_.node_count();
    }

    void exprs(std::vector<Expr*>& es, bool inside, const Names& sh) {
        for (Expr*& e : es) expr(e, inside, sh);
    }

    void expr(Expr*& e, bool inside, const Names& sh) {
        if (!e) return;
        check_stack(e->loc, "expressions");
        switch (e->kind) {
        case ExprKind::Name: {
            auto it = constants_.find(cast<Name>(e)->id);
            if (inside && it != constants_.end() && !sh.count(it->first)) e = literal_copy(it->second, e->loc);
            return;
        }
        case ExprKind::Attribute: return expr(cast<Attribute>(e)->value, inside, sh);
        case ExprKind::Subscript:
            expr(cast<Subscript>(e)->value, inside, sh);
            return expr(cast<Subscript>(e)->index, inside, sh);
        case ExprKind::Slice:
            expr(cast<Slice>(e)->lower, inside, sh), expr(cast<Slice>(e)->upper, inside, sh);
            return expr(cast<Slice>(e)->step, inside, sh);
        case ExprKind::Call: {
            auto* c = cast<Call>(e);
            expr(c->callee, inside, sh);
            exprs(c->args, inside, sh);
            for (Keyword& k : c->keywords) expr(k.value, inside, sh);
            // A starred argument's spread calls hold the other arguments' pointers too.
            for (Expr* a : c->args)
                if (auto* st = dyn_cast<Starred>(a))
                    for (Call* spread : st->spread) exprs(spread->args, inside, sh);
            return;
        }
        case ExprKind::Unary: return expr(cast<Unary>(e)->operand, inside, sh);
        case ExprKind::Binary: expr(cast<Binary>(e)->lhs, inside, sh); return expr(cast<Binary>(e)->rhs, inside, sh);
        case ExprKind::Compare: return exprs(cast<Compare>(e)->operands, inside, sh);
        case ExprKind::BoolOp: return exprs(cast<BoolOp>(e)->values, inside, sh);
        case ExprKind::IfExp:
            expr(cast<IfExp>(e)->test, inside, sh), expr(cast<IfExp>(e)->body, inside, sh);
            return expr(cast<IfExp>(e)->orelse, inside, sh);
        case ExprKind::Tuple: return exprs(cast<Tuple>(e)->elts, inside, sh);
        case ExprKind::ListComp:  // its own variables are `x$c<id>` names, never constants
            expr(cast<ListComp>(e)->elt, inside, sh);
            for (ListComp::Generator& g : cast<ListComp>(e)->generators)
                expr(g.iter, inside, sh), exprs(g.ifs, inside, sh);
            return;
        case ExprKind::Lambda: return function(*cast<Lambda>(e)->def, inside, sh);
        case ExprKind::Starred: return expr(cast<Starred>(e)->value, inside, sh);
        default: return;  // literals, spread items
        }
    }

    template <class T> Expr* copied(const Expr* lit, SourceLoc at) {
        auto* c = m_.make<T>(at);
        c->value = cast<T>(lit)->value;
        return c;
    }

    Expr* literal_copy(const Expr* lit, SourceLoc at) {
        switch (lit->kind) {
        case ExprKind::IntLit: return copied<IntLit>(lit, at);
        case ExprKind::FloatLit: return copied<FloatLit>(lit, at);
        case ExprKind::ImagLit: return copied<ImagLit>(lit, at);
        case ExprKind::BoolLit: return copied<BoolLit>(lit, at);
        case ExprKind::StrLit: return copied<StrLit>(lit, at);
        case ExprKind::Unary: {
            auto* c = m_.make<Unary>(at);
            c->op = cast<Unary>(lit)->op;
            c->operand = literal_copy(cast<Unary>(lit)->operand, at);
            return c;
        }
        default: return m_.make<NoneLit>(at);
        }
    }
};

}  // namespace

void freeze_constant_captures(FunctionDef& def, Module& module) {
    Definitions d(def);
    std::map<std::string, const Expr*> constants;
    for (auto& [name, lit] : d.literal)
        if (d.count[name] == 1) constants.emplace(name, lit);
    if (constants.empty()) return;
    Freezer(module, std::move(constants)).block(def.body, false, {});
}

int bindings_of(const FunctionDef& def, const std::string& name) {
    Definitions d(def);
    auto it = d.count.find(name);
    return it == d.count.end() ? 0 : it->second;
}

}  // namespace ujit::syntax
