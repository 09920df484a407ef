// Inference of one specialization: passes to a fixpoint over variable types, then the
// final pass; return type unification and the specialization's symbol.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/split_variables.hpp"
#include "types/dead_branches.hpp"
#include "types/optional_rules.hpp"
#include "types/rules.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

std::string loc_str(SourceLoc l) { return fmt::format("{}:{}", l.line, l.col); }

std::string type_code(const Type* t) {
    switch (t->kind()) {
    case Kind::None: return "v";
    case Kind::Bool: return "b1";
    case Kind::Int: return fmt::format("{}{}", t->is_signed() ? "i" : "u", t->bits() / 8);
    case Kind::Float: return fmt::format("f{}", t->bits() / 8);
    case Kind::Complex: return fmt::format("c{}", t->bits() / 8);
    case Kind::Datetime: return fmt::format("M{}_", t->time_unit());  // dt64
    case Kind::Timedelta: return fmt::format("m{}_", t->time_unit());
    case Kind::Array:
        return fmt::format("a{}{}{}{}", t->ndim(), type_code(t->dtype()),
                           t->layout() == Layout::C   ? "C"
                           : t->layout() == Layout::F ? "F"
                                                      : "A",
                           t->is_readonly() ? "R" : "");
    case Kind::List:
        return fmt::format("L{}{}_", static_cast<int>(t->flavor()), t->item() ? type_code(t->item()) : "u");
    case Kind::Dict:
    case Kind::Set: {  // parts of a value type are decided
        std::string s = t->is_dict() ? "D" : "S";
        for (auto* e : t->elements()) s += e ? type_code(e) : "u";
        return s + "_";
    }
    case Kind::Tuple: {
        if (is_vector(t)) return fmt::format("V{}{}", vector_size(t), type_code(vector_base(t)));  // float32x4
        std::string s = fmt::format("T{}_", t->elements().size());
        for (auto* e : t->elements()) s += type_code(e);
        return s + "_";
    }
    // Functions and types passed as values: one specialization per function or type.
    case Kind::UserFunc: return fmt::format("F{}_{}_", t->function()->name, t->function()->id);
    case Kind::BuiltinFunc: return fmt::format("B{}_", static_cast<int>(t->builtin()));
    case Kind::DTypeObj: return fmt::format("D{}", type_code(t->scalar()));
    case Kind::GridGroup:
        return "g";  // coop: cuda.cg.this_grid()'s group, passed to a device function
    // gen: a range by its item type; a generator by its def, arguments and items
    case Kind::Range: return fmt::format("R{}", type_code(t->range_item()));
    case Kind::JitClass: return fmt::format("J{}_", t->class_name());  // one class of the name per module
    case Kind::Optional: return fmt::format("O{}", type_code(t->optional_of()));
    case Kind::Generator: {
        std::string s =
            fmt::format("G{}_{}_{}_", t->generator_def()->name, t->generator_def()->id, type_code(t->yield_type()));
        for (auto* a : t->generator_args()) s += type_code(a);
        return s + "_";
    }
    default: return "x";
    }
}

// Whether control can reach the end of the block (a conservative approximation).
bool falls_through(const Block& b) {
    if (b.empty()) return true;
    const Stmt* last = b.back();
    if (isa<Return>(last) || isa<Raise>(last)) return false;
    if (auto* i = dyn_cast<If>(last)) return falls_through(i->body) || i->orelse.empty() || falls_through(i->orelse);
    if (auto* w = dyn_cast<While>(last)) {
        bool forever = (isa<BoolLit>(w->test) && cast<BoolLit>(w->test)->value) ||
                       (isa<IntLit>(w->test) && cast<IntLit>(w->test)->value != 0);
        if (!forever) return true;
        // `while True:` falls through only via break.
        std::vector<const Block*> work{&w->body};
        while (!work.empty()) {
            const Block* blk = work.back();
            work.pop_back();
            for (const Stmt* s : *blk) {
                if (isa<Break>(s)) return true;
                if (auto* i = dyn_cast<If>(s)) work.push_back(&i->body), work.push_back(&i->orelse);
                if (auto* t = dyn_cast<Try>(s))
                    for (const Block* x : {&t->body, &t->handler, &t->orelse, &t->finalbody}) work.push_back(x);
                // breaks inside nested loops belong to those loops
            }
        }
        return false;
    }
    if (auto* t = dyn_cast<Try>(last)) {
        if (!t->finalbody.empty() && !falls_through(t->finalbody)) return false;
        return (falls_through(t->body) && falls_through(t->orelse)) || (t->has_handler && falls_through(t->handler));
    }
    return true;
}

}  // namespace

std::string mangle_symbol(const FunctionDef& fn, const std::vector<const Type*>& args, TargetKind target,
                          const Type* declared_return) {
    std::string s = fn.name + "$";
    for (auto* a : args) s += type_code(a);
    if (target == TargetKind::CUDA) s += "$cuda";
    if (declared_return) s.append("$r").append(type_code(declared_return));
    return s;
}

namespace {

// The type variable `name` of `def` holds a value of type `t` as: the type locals= declares
// for it (types/declared_locals.hpp), which `t` must convert to (else Numba's TypingError for
// a locked variable), or `t` itself.
const Type* as_declared(const ModuleScope& m, const FunctionDef* def, const std::string& name, const Type* t,
                        SourceLoc at) {
    auto it = m.declared_locals.find(def);
    const Type* declared = it == m.declared_locals.end() ? nullptr : declared_local(&it->second, name);
    if (!declared) return t;
    if (!can_convert(t, declared))
        fail(at, fmt::format("No conversion from {} to {} for '{}' (its type declared by locals=)", t->str(),
                             declared->str(), unversioned_name(name)));
    return declared;
}

}  // namespace

void infer_function(ModuleScope& m, TypedFunction& out, ModuleScope::Frame& frame) { Inferrer(m, out, &frame).run(); }

const Type* partial_return_type(ModuleScope& m, const TypedFunction& fn) {
    TypedFunction scratch;
    scratch.def = fn.def;
    scratch.target = fn.target;
    scratch.role = fn.role;
    scratch.arg_types = fn.arg_types;
    scratch.captures = fn.captures;
    scratch.symbol = fn.symbol;
    return Inferrer(m, scratch, nullptr).partial_return();
}

Inferrer::Inferrer(ModuleScope& module, TypedFunction& fn, ModuleScope::Frame* frame)
    : m_(module), fn_(fn), frame_(frame) {}

void Inferrer::error(SourceLoc loc, const std::string& msg) const { fail(loc, msg); }

void Inferrer::start() {
    const FunctionDef& def = *fn_.def;
    fn_.first_id = def.end_id ? def.id : 0;
    fn_.expr_types.assign((def.end_id ? def.end_id : m_.module.node_count()) - fn_.first_id, nullptr);
    for (size_t i = 0; i < def.params.size(); ++i) {
        if (cuda() && fn_.arg_types[i]->is_str())  // numba-cuda has no unicode_type
            error(def.params[i].loc,
                  fmt::format("parameter '{}' is a str, which CUDA code does not support", def.params[i].name));
        locals_.insert(def.params[i].name);
        const Type* type = as_declared(m_, fn_.def, def.params[i].name, fn_.arg_types[i], def.params[i].loc);
        fn_.variables.push_back(Variable{def.params[i].name, type, def.params[i].loc, true});
        type_origin_.push_back(def.params[i].loc);
    }
    for (size_t i = 0; i < fn_.captures.size(); ++i) {  // hidden parameters after the explicit ones
        const std::string& name = fn_.captures[i];
        locals_.insert(name);
        fn_.variables.push_back(Variable{name, fn_.arg_types[def.params.size() + i], def.name_loc, true});
        type_origin_.push_back(def.name_loc);
    }
    collect_locals(def.body);
}

void Inferrer::converge() {
    // Variable types only widen (unification is monotone over a finite lattice), so this
    // terminates; the bound is a guard against a bug, not a limit users can reach.
    for (int i = 0;; ++i) {
        // A recursive function whose return type keeps changing (each call returns a longer
        // tuple) is Numba's TypingError once 16 return types were tried (CallFrame's limit).
        if (frame_ && i == 16)
            error(fn_.def->name_loc,
                  fmt::format("Return type of recursive function does not converge ('{}')", fn_.def->name));
        if (i == 64) error(fn_.def->name_loc, fmt::format("type inference of '{}' did not converge", fn_.def->name));
        changed_ = false;
        pass();
        if (frame_) lend_returns();
        if (!changed_) break;
    }
}

// After a pass: recursive calls get this pass's returns in the next one; a pass that lent
// them another type is not the last.
void Inferrer::lend_returns() {
    const Type* now = returns_so_far();
    if (frame_->lent && now != frame_->lent) changed_ = true;
    frame_->passed = true;
    frame_->partial = now;
}

void Inferrer::run() {
    start();
    converge();
    final_ = true;
    fn_.constants.clear();
    fn_.call_operands.clear();
    fn_.attributes.clear();
    fn_.callees.clear();
    pass();
    check_precise_lists();
    finish_returns();
}

const Type* Inferrer::partial_return() {
    start();
    converge();
    return returns_so_far();
}

// The return type this pass's non-recursive returns give; falling off the end returns None
// (a recursive function that returns nothing, like an in-place quicksort, is typed by it).
const Type* Inferrer::returns_so_far() const {
    if (fn_.def->is_generator) return yielded_ ? generator_of(fn_.def, yielded_, fn_.arg_types) : nullptr;
    // (No error here: a recursion whose type grows is refused for that, once it does not converge.)
    if (has_value_return_)
        return returns_none_too() && (returned_->is_optional() || can_be_optional(returned_)) ? optional(returned_)
                                                                                              : returned_;
    return has_bare_return_ || falls_through(fn_.def->body) ? none() : nullptr;
}

void Inferrer::pass() {
    returned_ = nullptr;
    yielded_ = nullptr;
    has_value_return_ = has_bare_return_ = false;
    depth_ = 0;
    block(fn_.def->body);
}

void Inferrer::collect_target(const Expr* t) {
    if (auto* n = dyn_cast<Name>(t)) {
        locals_.insert(n->id);
        rebound_.insert(n->id);  // a loop variable, augmented or unpacked: no single value
    }
    if (auto* tu = dyn_cast<Tuple>(t))
        for (auto* e : tu->elts) collect_target(e);
}

void Inferrer::collect_locals(const Block& b) {
    for (const Stmt* s : b) {
        switch (s->kind) {
        case StmtKind::Assign: {
            const auto* a = cast<Assign>(s);
            const auto* n = a->targets.size() == 1 ? dyn_cast<Name>(a->targets[0]) : nullptr;
            if (n && !locals_.count(n->id)) {
                locals_.insert(n->id);
                single_assignments_[n->id] = a->value;
                break;
            }
            for (auto* t : a->targets) collect_target(t);
            break;
        }
        case StmtKind::AugAssign: collect_target(cast<AugAssign>(s)->target); break;
        case StmtKind::For:
            collect_target(cast<For>(s)->target);
            collect_locals(cast<For>(s)->body);
            collect_locals(cast<For>(s)->orelse);
            break;
        case StmtKind::If:
            collect_locals(cast<If>(s)->body);
            collect_locals(cast<If>(s)->orelse);
            break;
        case StmtKind::While:
            collect_locals(cast<While>(s)->body);
            collect_locals(cast<While>(s)->orelse);
            break;
        case StmtKind::Try:
            for (const Block* b :
                 {&cast<Try>(s)->body, &cast<Try>(s)->handler, &cast<Try>(s)->orelse, &cast<Try>(s)->finalbody})
                collect_locals(*b);
            break;
        case StmtKind::FunctionDef:
            locals_.insert(cast<FunctionDef>(s)->name);
            rebound_.insert(cast<FunctionDef>(s)->name);
            break;
        default: break;
        }
    }
}

Variable* Inferrer::variable(const std::string& name) {
    for (auto& v : fn_.variables)
        if (v.name == name) return &v;
    return nullptr;
}

void Inferrer::bind(const Name* n, const Type* t, SourceLoc where) { bind(n->id, n->loc, t, where); }

void Inferrer::bind(const std::string& id, SourceLoc at, const Type* t, SourceLoc where) {
    if (!t) return;  // not known yet
    if (!t->is_value() && !t->is_static_value()) {
        error(where, fmt::format("cannot assign {} to variable '{}': only values (numbers, tuples, arrays) can be "
                                 "stored in variables",
                                 t->str(), id));
    }
    t = as_declared(m_, fn_.def, id, t, where);  // locals=: every value converts to it
    Variable* v = variable(id);
    if (!v) {
        fn_.variables.push_back(Variable{id, t, at, false});
        type_origin_.push_back(at);
        changed_ = true;
        return;
    }
    size_t index = static_cast<size_t>(v - fn_.variables.data());
    if (v->type == t) return;
    const Type* u = unify_or_optional(v->type, t);  // `x = None` then `x = 5`: Optional(int64)
    if (!u)
        fail(at,
             fmt::format("variable '{}' has type {} at {} and {} at {} which cannot be unified", id, v->type->str(),
                         loc_str(type_origin_[index]), t->str(), loc_str(at)),
             {Diagnostic{
                 Severity::Note, type_origin_[index], fmt::format("'{}' has type {} here", id, v->type->str()), {}}});
    if (u != v->type) {
        v->type = u;
        type_origin_[index] = at;
        changed_ = true;
    }
}

// Whether a path returns None beside the value returns (a bare `return`, `return None`, or
// falling off the end): the function then returns Optional(T), as in Numba.
bool Inferrer::returns_none_too() const {
    const FunctionDef& def = *fn_.def;
    // A body that surely leaves (a pruned `if` whose live branch returns, as `if isinstance(x,
    // str): return ...` then an `else: assert 0` never compiled) does not reach its end.
    return has_bare_return_ || (!block_leaves(def.body, fn_) && falls_through(def.body));
}

// Optional(T) of the value returns' T, or the error for a T ujit cannot make Optional.
const Type* Inferrer::optional_return() const {
    if (returned_->is_optional() || can_be_optional(returned_)) return optional(returned_);
    error(returned_loc_, fmt::format("'{}' returns {} here but None on another path (an Optional of {} is not "
                                     "supported by ujit)",
                                     fn_.def->name, returned_->str(), returned_->str()));
}

void Inferrer::finish_returns() {
    const FunctionDef& def = *fn_.def;
    if (fn_.role == FunctionRole::Kernel) {
        fn_.return_type = none();
        return;
    }
    if (def.is_generator) return finish_generator();
    if (fn_.return_type) return;  // declared: each return was checked against it
    if (!has_value_return_) {
        fn_.return_type = none();
        return;
    }
    fn_.return_type = returns_none_too() ? optional_return() : returned_;
}

}  // namespace ujit::types
