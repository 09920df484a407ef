#include "codegen/prange_plan.hpp"

#include "codegen/ast_walk.hpp"
#include "syntax/diagnostics.hpp"
#include "types/builtins.hpp"
#include "types/resolve.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace ujit::codegen {

namespace {

using namespace syntax;
using Names = std::set<std::string>;

// What the body does with each variable: reads (each Name read), writes (the statements that
// assign it), and whether some read comes before any assignment in its iteration.
struct BodyFacts {
    std::map<std::string, int> reads;
    std::map<std::string, std::vector<const Stmt*>> writes;
    Names exposed;  // read before assigned in an iteration: carries a value across iterations
    bool leaves_early = false;
};

class BodyWalker {
public:
    BodyWalker(const types::TypedFunction& fn, BodyFacts& facts) : fn_(fn), facts_(facts) {}

    void block(const Block& stmts, Names& defined, int loop_depth) {
        for (const Stmt* s : stmts) stmt(s, defined, loop_depth);
    }

private:
    bool is_variable(const Expr* e) const {
        auto* n = dyn_cast<Name>(e);
        return n && !fn_.constant(e) && fn_.find_variable(n->id);
    }

    void read_name(const Name* n, const Names& defined) {
        ++facts_.reads[n->id];
        if (!defined.count(n->id)) facts_.exposed.insert(n->id);
    }

    void read(const Expr* e, const Names& defined) {
        any_expr(e, [&](const Expr* x) {
            if (is_variable(x)) read_name(cast<Name>(x), defined);
            return false;
        });
    }

    void store(const Expr* target, Names& defined, const Stmt* s) {
        if (is_variable(target)) {
            const std::string& name = cast<Name>(target)->id;
            facts_.writes[name].push_back(s);
            defined.insert(name);
        } else if (auto* t = dyn_cast<Tuple>(target)) {
            for (const Expr* e : t->elts) store(e, defined, s);
        } else {
            read(target, defined);  // a[i] = v reads a and i
        }
    }

    void stmt(const Stmt* s, Names& defined, int loop_depth) {
        switch (s->kind) {
        case StmtKind::ExprStmt: read(cast<ExprStmt>(s)->value, defined); break;
        case StmtKind::Raise: read(cast<Raise>(s)->exc, defined); break;
        case StmtKind::Assign: {
            auto* a = cast<Assign>(s);
            read(a->value, defined);
            for (const Expr* t : a->targets) store(t, defined, s);
            break;
        }
        case StmtKind::AugAssign: {
            auto* a = cast<AugAssign>(s);
            read(a->value, defined);
            if (is_variable(a->target)) read_name(cast<Name>(a->target), defined);
            store(a->target, defined, s);
            break;
        }
        case StmtKind::If: {
            auto* i = cast<If>(s);
            read(i->test, defined);
            Names then_defined = defined, else_defined = defined;
            block(i->body, then_defined, loop_depth);
            block(i->orelse, else_defined, loop_depth);
            for (const std::string& n : then_defined)
                if (else_defined.count(n)) defined.insert(n);
            break;
        }
        case StmtKind::Try: {  // the body may stop anywhere: only the finally block surely runs
            auto* t = cast<Try>(s);
            Names in_body = defined, in_handler = defined;
            block(t->body, in_body, loop_depth);
            block(t->orelse, in_body, loop_depth);
            block(t->handler, in_handler, loop_depth);
            block(t->finalbody, defined, loop_depth);
            break;
        }
        case StmtKind::While: {
            auto* w = cast<While>(s);
            read(w->test, defined);
            Names in_body = defined, in_else = defined;  // may run no iteration
            block(w->body, in_body, loop_depth + 1);
            block(w->orelse, in_else, loop_depth);
            break;
        }
        case StmtKind::For: {
            auto* f = cast<For>(s);
            read(f->iter, defined);
            Names in_body = defined, in_else = defined;
            store(f->target, in_body, s);
            block(f->body, in_body, loop_depth + 1);
            block(f->orelse, in_else, loop_depth);
            break;
        }
        case StmtKind::Break:
            if (loop_depth == 0) facts_.leaves_early = true;
            break;
        case StmtKind::Return: facts_.leaves_early = true; break;
        default: break;
        }
    }

    const types::TypedFunction& fn_;
    BodyFacts& facts_;
};

bool reads_name(const Expr* e, const std::string& name) {
    return any_expr(e, [&](const Expr* x) {
        auto* n = dyn_cast<Name>(x);
        return n && n->id == name;
    });
}

bool is_name(const Expr* e, const std::string& name) {
    auto* n = dyn_cast<Name>(e);
    return n && n->id == name;
}

[[noreturn]] void unsupported_reduction(const Stmt* s, const std::string& name) {
    fail(s->loc, fmt::format("Use of reduction variable {} in an unsupported reduction function.", name));
}

// The reduction operator of one update of `name`, or Numba's error.
ReductionOp update_op(const types::TypedFunction& fn, const Stmt* s, const std::string& name) {
    auto from_binop = [&](BinOp op) -> ReductionOp {
        switch (op) {
        case BinOp::Add: return ReductionOp::Add;
        case BinOp::Sub: return ReductionOp::Sub;
        case BinOp::Mul: return ReductionOp::Mul;
        case BinOp::Div: return ReductionOp::Div;
        case BinOp::BitAnd: return ReductionOp::BitAnd;
        case BinOp::BitOr: return ReductionOp::BitOr;
        case BinOp::BitXor: return ReductionOp::BitXor;
        case BinOp::FloorDiv:
            fail(s->loc, "Parallel floordiv reductions are not supported. If all divisors are integers then a "
                         "floordiv reduction can in some cases be parallelized as a multiply reduction followed by "
                         "a floordiv of the resulting product.");
        default: unsupported_reduction(s, name);
        }
    };
    auto other_use = [&]() -> ReductionOp {
        fail(s->loc, fmt::format("Use of reduction variable {} other than in a supported reduction function is not "
                                 "permitted.",
                                 name));
    };
    if (auto* a = dyn_cast<AugAssign>(s)) {
        if (reads_name(a->value, name)) other_use();
        return from_binop(a->op);
    }
    auto* a = dyn_cast<Assign>(s);
    if (!a || a->targets.size() != 1 || !is_name(a->targets[0], name)) return other_use();
    if (auto* bin = dyn_cast<Binary>(a->value)) {
        bool commutes = bin->op == BinOp::Add || bin->op == BinOp::Mul || bin->op == BinOp::BitAnd ||
                        bin->op == BinOp::BitOr || bin->op == BinOp::BitXor;
        if (is_name(bin->lhs, name) && !reads_name(bin->rhs, name)) return from_binop(bin->op);
        if (is_name(bin->rhs, name) && !reads_name(bin->lhs, name)) {
            if (!commutes) unsupported_reduction(s, name);
            return from_binop(bin->op);
        }
    }
    if (auto* c = dyn_cast<Call>(a->value); c && c->args.size() == 2) {
        const types::Type* t = fn.type_of(c->callee);
        if (t && t->kind() == types::Kind::BuiltinFunc &&
            (t->builtin() == types::BuiltinId::Min || t->builtin() == types::BuiltinId::Max)) {
            int mine = is_name(c->args[0], name) ? 0 : is_name(c->args[1], name) ? 1 : -1;
            if (mine >= 0 && !reads_name(c->args[1 - mine], name))
                return t->builtin() == types::BuiltinId::Min ? ReductionOp::Min : ReductionOp::Max;
        }
    }
    return other_use();
}

bool numeric_reduction_type(const types::Type* t, ReductionOp op) {
    bool bitwise = op == ReductionOp::BitAnd || op == ReductionOp::BitOr || op == ReductionOp::BitXor;
    if (bitwise) return t->is_int() || t->is_bool();
    if (op == ReductionOp::Min || op == ReductionOp::Max) return t->is_int() || t->is_float();
    return t->is_number() && !t->is_bool();
}

}  // namespace

std::vector<std::string> variables_read(const types::TypedFunction& fn, const Expr* e) {
    Names read;
    any_expr(e, [&](const Expr* x) {
        if (auto* n = dyn_cast<Name>(x); n && !fn.constant(x)) read.insert(n->id);
        return false;
    });
    std::vector<std::string> out;
    for (const types::Variable& v : fn.variables)
        if (read.count(v.name)) out.push_back(v.name);
    return out;
}

bool declared_parallel(const types::TypedFunction& fn) {
    if (fn.target != types::TargetKind::CPU || fn.role != types::FunctionRole::Scalar) return false;
    for (const Expr* d : fn.def->decorators)
        if (auto* c = dyn_cast<Call>(d))
            for (const Keyword& k : c->keywords)
                if (k.name == "parallel")
                    if (auto* on = dyn_cast<BoolLit>(k.value)) return on->value;
    return false;
}

namespace {

// "numba.prange" for `prange`, `pr` or `nb.prange`, through the module's top-level imports.
std::string qualified_name(const Module& m, const Expr* callee) {
    std::string dotted, head;
    for (const Expr* e = callee;;) {
        if (auto* a = dyn_cast<Attribute>(e)) {
            dotted = "." + a->attr + dotted;
            e = a->value;
        } else if (auto* n = dyn_cast<Name>(e)) {
            head = n->id;
            break;
        } else {
            return "";
        }
    }
    for (const Stmt* s : m.body()) {
        if (auto* i = dyn_cast<Import>(s)) {
            for (const ImportAlias& a : i->names) {
                std::string local = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
                std::string target = a.asname.empty() ? local : a.name;
                if (local == head) return types::module_namespace(target) + dotted;
            }
        } else if (auto* f = dyn_cast<ImportFrom>(s)) {
            for (const ImportAlias& a : f->names)
                if ((a.asname.empty() ? a.name : a.asname) == head)
                    return types::module_namespace(f->module) + "." + a.name + dotted;
        }
    }
    return "";
}

}  // namespace

bool is_prange_call(const Module& m, const types::TypedFunction& fn, const Call* c) {
    const types::Type* t = fn.type_of(c->callee);
    return t && t->kind() == types::Kind::BuiltinFunc && t->builtin() == types::BuiltinId::Range &&
           qualified_name(m, c->callee) == "numba.prange";
}

PrangePlan plan_prange(const types::TypedFunction& fn, const For& loop) {
    PrangePlan plan;
    BodyFacts facts;
    BodyWalker walker(fn, facts);
    Names defined;
    // The loop's own target is assigned by the loop: private, never carried.
    any_expr(loop.target, [&](const Expr* e) {
        if (auto* n = dyn_cast<Name>(e)) defined.insert(n->id);
        return false;
    });
    walker.block(loop.body, defined, 0);
    if (facts.leaves_early || !loop.orelse.empty()) return plan;

    for (const std::string& name : facts.exposed) {
        auto w = facts.writes.find(name);
        if (w == facts.writes.end()) continue;  // only read: the value from before the loop
        const types::Variable* var = fn.find_variable(name);
        std::optional<ReductionOp> op;
        for (const Stmt* s : w->second) {
            ReductionOp here = update_op(fn, s, name);
            if (op && *op != here)
                fail(s->loc, fmt::format("Reduction variable {} has multiple conflicting reduction operators.", name));
            op = here;
        }
        // Each update reads the variable once; any other read sees a partial value.
        if (facts.reads[name] != static_cast<int>(w->second.size()))
            fail(w->second.front()->loc, fmt::format("Use of reduction variable {} other than in a supported "
                                                     "reduction function is not permitted.",
                                                     name));
        bool array = var->type->is_array();
        if (array ? !isa<AugAssign>(w->second.front()) : !numeric_reduction_type(var->type, *op))
            fail(w->second.front()->loc,
                 fmt::format("ujit cannot reduce the {} variable {} with this operator in a prange loop",
                             var->type->str(), name));
        plan.reductions.push_back({name, *op, array});
    }
    for (const types::Variable& v : fn.variables)
        if (facts.reads.count(v.name) || facts.writes.count(v.name)) plan.captured.push_back(v.name);
    plan.parallel = true;
    return plan;
}

}  // namespace ujit::codegen
