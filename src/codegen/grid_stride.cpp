#include "codegen/grid_stride.hpp"

#include "codegen/ast_walk.hpp"

#include "syntax/stack_budget.hpp"
#include "types/builtins.hpp"

#include <functional>
#include <optional>
#include <set>
#include <string>

namespace ujit::codegen {

// The names a block assigns anywhere (targets of =, op=, for).
static void assigned_names(const syntax::Expr* target, std::set<std::string>& out) {
    using namespace syntax;
    if (auto* n = dyn_cast<Name>(target)) out.insert(n->id);
    if (auto* t = dyn_cast<Tuple>(target))
        for (const Expr* e : t->elts) assigned_names(e, out);
}

void assigned_names(const syntax::Block& block, std::set<std::string>& out) {
    using namespace syntax;
    for (const Stmt* s : block) {
        if (auto* a = dyn_cast<Assign>(s))
            for (const Expr* t : a->targets) assigned_names(t, out);
        if (auto* a = dyn_cast<AugAssign>(s)) assigned_names(a->target, out);
        if (auto* l = dyn_cast<For>(s)) assigned_names(l->target, out);
        for (const Block* b : nested_blocks(s)) assigned_names(*b, out);
    }
}

namespace {

using namespace syntax;
using types::BuiltinId;
using types::TypedFunction;
using Names = std::set<std::string>;

std::optional<BuiltinId> builtin_called(const TypedFunction& f, const Call* c) {
    const types::Type* t = f.type_of(c->callee);
    if (t && t->kind() == types::Kind::BuiltinFunc) return t->builtin();
    return std::nullopt;
}

const TypedFunction* user_callee(const TypedFunction& f, const Call* c) {
    auto it = f.callees.find(c->id);
    return it == f.callees.end() ? nullptr : it->second;
}

bool is_thread_index(BuiltinId id) {
    return id == BuiltinId::CudaThreadIdxX || id == BuiltinId::CudaThreadIdxY || id == BuiltinId::CudaThreadIdxZ ||
           id == BuiltinId::CudaLaneId || id == BuiltinId::CudaGrid;
}

bool is_barrier(BuiltinId id) {
    return id == BuiltinId::CudaSyncthreads || id == BuiltinId::CudaSyncthreadsCount ||
           id == BuiltinId::CudaSyncthreadsAnd || id == BuiltinId::CudaSyncthreadsOr || types::is_warp_sync(id) ||
           id == BuiltinId::CudaGridGroupSync;  // coop: g.sync(), the grid's barrier
}

bool function_uses(const TypedFunction& f, bool (*which)(BuiltinId), std::set<const TypedFunction*>& seen);

// Whether `block` (of `f`) or a function it calls uses a builtin `which` picks (a thread
// index, a barrier, blockIdx).
bool block_uses(const TypedFunction& f, const Block& block, bool (*which)(BuiltinId),
                std::set<const TypedFunction*>& seen) {
    return any_expr_in_block(block, [&](const Expr* e) {
        if (auto* a = dyn_cast<Attribute>(e)) {
            const BuiltinId* id = f.attribute_builtin(a);
            return id && which(*id);
        }
        auto* c = dyn_cast<Call>(e);
        if (!c) return false;
        if (std::optional<BuiltinId> id = builtin_called(f, c)) return which(*id);
        const TypedFunction* g = user_callee(f, c);
        return g && function_uses(*g, which, seen);
    });
}

bool function_uses(const TypedFunction& f, bool (*which)(BuiltinId), std::set<const TypedFunction*>& seen) {
    syntax::check_stack(f.def->name_loc, "calls");  // recurses through the call graph
    // A function with literal_unroll copies (types/literal_unroll.hpp): its tree is not what
    // runs, so it is taken to use everything.
    if (!f.unrolled_loops.empty()) return true;
    return seen.insert(&f).second && block_uses(f, f.def->body, which, seen);
}

// Whether `f` or a function it calls may raise: a raise ends its thread alone, so the
// threads of a row must run their own iterations.
bool may_raise(const TypedFunction& f, std::set<const TypedFunction*>& seen) {
    syntax::check_stack(f.def->name_loc, "calls");
    if (!seen.insert(&f).second) return false;
    if (!f.raises.empty() || !f.unrolled_loops.empty()) return true;
    return any_expr_in_block(f.def->body, [&](const Expr* e) {
        auto* c = dyn_cast<Call>(e);
        const TypedFunction* g = c ? user_callee(f, c) : nullptr;
        return g && may_raise(*g, seen);
    });
}

bool reads_thread_identity(const TypedFunction& f, const Expr* e, const Names& thread_locals) {
    return any_expr(e, [&](const Expr* x) {
        if (auto* n = dyn_cast<Name>(x)) return thread_locals.count(n->id) > 0;
        if (auto* a = dyn_cast<Attribute>(x)) {
            const BuiltinId* id = f.attribute_builtin(a);
            return id && is_thread_index(*id);
        }
        auto* c = dyn_cast<Call>(x);
        if (!c) return false;
        if (std::optional<BuiltinId> id = builtin_called(f, c))
            return is_thread_index(*id) || *id == BuiltinId::CudaLocalArray;
        std::set<const TypedFunction*> seen;
        const TypedFunction* g = user_callee(f, c);
        return g && function_uses(*g, &is_thread_index, seen);
    });
}

// An expression whose only effect is its value: builtins that are pure, no user function,
// atomic, print or per-thread array.
bool is_pure(const TypedFunction& f, const Expr* e) {
    return !any_expr(e, [&](const Expr* x) {
        auto* c = dyn_cast<Call>(x);
        if (!c) return false;
        std::optional<BuiltinId> id = builtin_called(f, c);
        if (!id) return user_callee(f, c) != nullptr;
        const types::BuiltinInfo& info = types::builtin_info(*id);
        return info.group == types::BuiltinGroup::Atomic || info.group == types::BuiltinGroup::Random ||
               info.group == types::BuiltinGroup::Xoroshiro || *id == BuiltinId::Print ||
               *id == BuiltinId::CudaLocalArray || *id == BuiltinId::CudaThreadfence ||
               *id == BuiltinId::CudaThreadfenceBlock || is_barrier(*id);
    });
}

// `cuda.grid(1)` / `cuda.gridsize(1)` (`which`) called in place.
bool is_grid_call(const TypedFunction& f, const Expr* e, BuiltinId which) {
    auto* c = dyn_cast<Call>(e);
    if (!c || c->args.size() != 1 || builtin_called(f, c) != which) return false;
    if (auto* lit = dyn_cast<IntLit>(c->args[0])) return lit->value == 1;
    const types::ConstValue* v = f.constant(c->args[0]);
    return v && v->type && v->type->is_int() && v->i == 1;
}

// Names read by an expression (an assignment's Name targets are not reads; its subscript
// targets read their array and index).
void read_names(const Expr* e, Names& out, bool as_target = false) {
    if (!e) return;
    if (as_target) {
        if (isa<Name>(e)) return;
        if (auto* t = dyn_cast<Tuple>(e)) {
            for (const Expr* x : t->elts) read_names(x, out, true);
            return;
        }
    }
    any_expr(e, [&](const Expr* x) {
        if (auto* n = dyn_cast<Name>(x)) out.insert(n->id);
        return false;
    });
}

// Per iteration, every name the loop body assigns is assigned before it is read (so no value
// flows from one iteration, or from before the loop, into the next). `defined`: the names
// certainly assigned at this point of the iteration.
bool nothing_carried(const Block& block, const Names& body_assigned, Names defined, int loop_depth) {
    for (const Stmt* s : block) {
        if (isa<Return>(s)) return false;
        if (isa<Break>(s) && loop_depth == 0) return false;
        Names reads;
        if (auto* a = dyn_cast<Assign>(s)) {
            read_names(a->value, reads);
            for (const Expr* t : a->targets) read_names(t, reads, true);
        } else if (auto* a = dyn_cast<AugAssign>(s)) {
            read_names(a->value, reads);
            read_names(a->target, reads);  // x += v reads x
        } else if (auto* l = dyn_cast<For>(s)) {
            read_names(l->iter, reads);
        } else {
            for (const Expr* e : own_exprs(s)) read_names(e, reads);
        }
        for (const std::string& n : reads)
            if (body_assigned.count(n) && !defined.count(n)) return false;
        if (auto* l = dyn_cast<For>(s)) {
            Names inner = defined;
            assigned_names(l->target, inner);
            if (!nothing_carried(l->body, body_assigned, inner, loop_depth + 1) ||
                !nothing_carried(l->orelse, body_assigned, defined, loop_depth))
                return false;
        } else if (auto* w = dyn_cast<While>(s)) {
            if (!nothing_carried(w->body, body_assigned, defined, loop_depth + 1) ||
                !nothing_carried(w->orelse, body_assigned, defined, loop_depth))
                return false;
        } else if (auto* i = dyn_cast<If>(s)) {
            if (!nothing_carried(i->body, body_assigned, defined, loop_depth) ||
                !nothing_carried(i->orelse, body_assigned, defined, loop_depth))
                return false;
        } else if (auto* a = dyn_cast<Assign>(s)) {
            for (const Expr* t : a->targets) assigned_names(t, defined);
        } else if (auto* a = dyn_cast<AugAssign>(s)) {
            assigned_names(a->target, defined);
        }
    }
    return true;
}

bool is_block_index(BuiltinId id) {
    return id == BuiltinId::CudaBlockIdxX || id == BuiltinId::CudaBlockIdxY || id == BuiltinId::CudaBlockIdxZ;
}

// What the kernel's top-level locals assigned before the loop depend on.
struct LocalsBeforeLoop {
    Names thread_locals;  // differ between threads of a block (threadIdx, cuda.grid, ...)
    Names block_locals;   // differ between blocks (blockIdx), directly or through a local
    Names grid_locals, gridsize_locals;
};

// Whether `e` reads blockIdx (itself, through a callee, or through a block-dependent local).
bool reads_block_identity(const TypedFunction& f, const Expr* e, const Names& block_locals) {
    return any_expr(e, [&](const Expr* x) {
        if (auto* n = dyn_cast<Name>(x)) return block_locals.count(n->id) > 0;
        if (auto* a = dyn_cast<Attribute>(x)) {
            const BuiltinId* id = f.attribute_builtin(a);
            return id && is_block_index(*id);
        }
        auto* c = dyn_cast<Call>(x);
        if (!c) return false;
        std::set<const TypedFunction*> seen;
        const TypedFunction* g = user_callee(f, c);
        return g && function_uses(*g, &is_block_index, seen);
    });
}

// Classifies the statements before the loop (body[0, at)); false where one is not a simple,
// effect-free assignment to a name.
bool classify_locals(const TypedFunction& kernel, size_t at, LocalsBeforeLoop& out) {
    const Block& body = kernel.def->body;
    Names assigned_before;
    for (size_t k = 0; k < at; ++k) {
        auto* a = dyn_cast<Assign>(body[k]);
        if (!a || a->targets.size() != 1 || !isa<Name>(a->targets[0]) || !is_pure(kernel, a->value)) return false;
        const std::string& name = cast<Name>(a->targets[0])->id;
        if (!assigned_before.insert(name).second) {  // assigned twice: keep it simple, thread-dependent
            out.thread_locals.insert(name);
            out.block_locals.insert(name);
            out.grid_locals.erase(name);
            out.gridsize_locals.erase(name);
            continue;
        }
        if (is_grid_call(kernel, a->value, BuiltinId::CudaGrid)) out.grid_locals.insert(name);
        if (is_grid_call(kernel, a->value, BuiltinId::CudaGridsize)) out.gridsize_locals.insert(name);
        if (reads_thread_identity(kernel, a->value, out.thread_locals)) out.thread_locals.insert(name);
        if (reads_block_identity(kernel, a->value, out.block_locals)) out.block_locals.insert(name);
    }
    return true;
}

GridStrideForm loop_form(const TypedFunction& kernel, const For& loop) {
    if (kernel.role != types::FunctionRole::Kernel || !loop.orelse.empty() || !isa<Name>(loop.target) ||
        !kernel.unrolled_loops.empty())  // copies of literal_unroll loops, not the tree, run
        return GridStrideForm::None;
    auto* range = dyn_cast<Call>(loop.iter);
    if (!range || range->args.size() != 3 || !range->keywords.empty()) return GridStrideForm::None;
    std::set<const TypedFunction*> seen;
    if (function_uses(kernel, &is_barrier, seen)) return GridStrideForm::None;
    seen.clear();
    if (may_raise(kernel, seen)) return GridStrideForm::None;

    // The statements around the loop: simple, effect-free assignments before it, nothing after.
    const Block& body = kernel.def->body;
    size_t at = 0;
    while (at < body.size() && body[at] != &loop) ++at;
    if (at == body.size()) return GridStrideForm::None;
    for (size_t k = at + 1; k < body.size(); ++k) {
        auto* r = dyn_cast<Return>(body[k]);
        if (!(r && !r->value) && !isa<Pass>(body[k])) return GridStrideForm::None;
    }
    LocalsBeforeLoop locals;
    if (!classify_locals(kernel, at, locals)) return GridStrideForm::None;

    const Expr* start = range->args[0];
    const Expr* stop = range->args[1];
    const Expr* step = range->args[2];
    auto names_one_of = [](const Expr* e, const Names& set) {
        auto* n = dyn_cast<Name>(e);
        return n && set.count(n->id) > 0;
    };
    if (!is_grid_call(kernel, start, BuiltinId::CudaGrid) && !names_one_of(start, locals.grid_locals))
        return GridStrideForm::None;
    if (!is_grid_call(kernel, step, BuiltinId::CudaGridsize) && !names_one_of(step, locals.gridsize_locals))
        return GridStrideForm::None;
    if (reads_thread_identity(kernel, stop, locals.thread_locals) || !is_pure(kernel, stop))
        return GridStrideForm::None;

    // The body: thread-free, nothing carried between iterations.
    Names body_assigned;
    assigned_names(loop.body, body_assigned);
    // Locals from before the loop that depend on the thread (or the block): the body may not
    // read them, unless it assigns them itself first (nothing_carried checks that for every
    // name it assigns).
    Names thread_reads = locals.thread_locals, block_reads = locals.block_locals;
    for (const std::string& n : body_assigned) {
        thread_reads.erase(n);
        block_reads.erase(n);
    }
    if (any_statement_expr(loop.body, [&](const Expr* e) { return reads_thread_identity(kernel, e, thread_reads); }))
        return GridStrideForm::None;
    Names defined;
    assigned_names(loop.target, defined);
    if (!nothing_carried(loop.body, body_assigned, defined, 0)) return GridStrideForm::None;
    // Partitioning hands any i to any block: only where neither the bound nor a value the
    // body computes depends on which block runs it (blockIdx itself, a callee reading it or
    // a local made from it). Otherwise each block keeps its own i and bound, block-wide.
    bool block_dependent =
        reads_block_identity(kernel, stop, locals.block_locals) ||
        any_statement_expr(loop.body, [&](const Expr* e) { return reads_block_identity(kernel, e, block_reads); });
    return block_dependent ? GridStrideForm::BlockWide : GridStrideForm::Partitioned;
}

}  // namespace

GridStrideForm grid_stride_form(const TypedFunction& kernel, const For& loop) { return loop_form(kernel, loop); }

}  // namespace ujit::codegen
