// Typing of jitclass instances (numba/experimental/jitclass/base.py): construction calls
// __init__ on a new instance; `obj.x` reads a member or runs a property's getter, `obj.x = v`
// stores a member (converted, as Numba's setattr) or runs the setter; `obj.f(...)` calls a
// method with the instance first; static methods are plain functions of the class. Each
// method is specialized like a function of the module for the argument types of the call,
// the instance's type first (fn_.callees, fn_.setters by node).
#include "types/infer_impl.hpp"
#include "types/jitclass.hpp"

#include "types/const_eval.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

MethodKind method_kind(const FunctionDef& m) {
    for (const Expr* d : m.decorators) {
        if (auto* n = dyn_cast<Name>(d)) {
            if (n->id == "property") return MethodKind::Property;
            if (n->id == "staticmethod") return MethodKind::Static;
        }
        if (auto* a = dyn_cast<Attribute>(d); a && a->attr == "setter") return MethodKind::Setter;
    }
    return MethodKind::Plain;
}

bool is_jitclass_passage(const std::string& path) { return path == "numba.experimental._ujit_unbox"; }

const Type* jitclass_passage_type(const Call* c, const std::string& path, const std::vector<const Type*>& args,
                                  const std::function<void(SourceLoc, const std::string&)>& error) {
    if (args.size() != 2 || args[0]->kind() != Kind::JitClassType || !(args[1]->is_int()))
        error(c->loc, "_ujit_unbox() takes a jitclass and an address");
    return args[0]->instance();
}

const TypedFunction* Inferrer::jitclass_specialize(const FunctionDef* m, std::vector<const Type*> args, SourceLoc at) {
    if (cuda()) error(at, "jitclass instances are not supported in CUDA code (Numba compiles them for the CPU only)");
    for (size_t i = 0; i < args.size(); ++i)
        if (!args[i]->is_value() && !args[i]->is_static_value())
            error(at, fmt::format("cannot pass {} to '{}'", args[i]->str(), m->name));
    const size_t takes = m->params.size();
    if (args.size() != takes)
        error(at, fmt::format("{}() takes {} positional argument{} but {} {} given", m->name, takes,
                              takes == 1 ? "" : "s", args.size(), args.size() == 1 ? "was" : "were"));
    if (ModuleScope::Frame* frame = m_.recursion_frame(m, args, fn_.target, FunctionRole::Scalar)) {
        (void)frame;
        error(at, fmt::format("'{}' calls itself through its instance: recursive jitclass methods are not supported "
                              "by ujit",
                              m->name));
    }
    return &m_.specialize(m, args, fn_.target, nullptr, FunctionRole::Scalar, at, {});
}

namespace {

// The arguments of a call of method `m` bound to its parameters after `self`, as Python binds
// them (positional, keywords, then the defaults, compile-time constants); null types while an
// argument's type is unknown. `bound` (for fn_.bound_args) stays empty when the call passes one
// positional argument per parameter.
std::vector<const Type*> bind_method_arguments(const Call* c, const FunctionDef& m,
                                               const std::function<const Type*(const Expr*)>& type_of,
                                               const NameLookup& lookup,
                                               const std::function<void(SourceLoc, const std::string&)>& error,
                                               std::vector<BoundArg>& bound) {
    const size_t n = m.params.empty() ? 0 : m.params.size() - 1;  // after self
    std::vector<const Type*> types;
    for (const Expr* a : c->args) types.push_back(type_of(a));
    if (c->keywords.empty() && types.size() >= n) return types;  // (a count mismatch is specialize's error)
    bound.assign(n, BoundArg{});
    types.resize(std::max(types.size(), n), nullptr);
    for (size_t i = 0; i < c->args.size() && i < n; ++i) bound[i].expr = c->args[i];
    for (const Keyword& k : c->keywords) {
        size_t i = 0;
        while (i < n && m.params[i + 1].name != k.name) ++i;
        if (i == n) error(k.loc, fmt::format("{}() got an unexpected keyword argument '{}'", m.name, k.name));
        if (bound[i].expr) error(k.loc, fmt::format("{}() got multiple values for argument '{}'", m.name, k.name));
        bound[i].expr = k.value;
        types[i] = type_of(k.value);
    }
    for (size_t i = 0; i < n; ++i) {
        if (bound[i].expr) continue;
        const Param& p = m.params[i + 1];
        if (!p.default_value) error(c->loc, fmt::format("{}() missing required argument '{}'", m.name, p.name));
        std::optional<ConstValue> v;
        if (isa<NoneLit>(p.default_value)) {
            v = ConstValue{};
            v->type = none();
        } else {
            v = try_eval_const(p.default_value, lookup);
        }
        if (!v)
            error(p.default_value->loc,
                  fmt::format("the default value of parameter '{}' of '{}' is not a compile-time constant", p.name,
                              m.name));
        bound[i].value = *v;
        types[i] = v->type;
    }
    return types;
}

}  // namespace

std::vector<const Type*> Inferrer::jitclass_arguments(const Call* c, const FunctionDef& m) {
    std::vector<BoundArg> bound;
    std::vector<const Type*> types = bind_method_arguments(
        c, m, [this](const Expr* e) { return expr(e); }, [this](const Name& n) { return m_.lookup(n.id); },
        [this](SourceLoc at, const std::string& msg) { error(at, msg); }, bound);
    if (!bound.empty()) fn_.bound_args[c->id] = std::move(bound);
    return types;
}

const Type* Inferrer::jitclass_construct(const Call* c, const Type* cls, std::vector<const Type*> args) {
    const JitClassDef& def = *cls->jitclass_def();
    const Type* instance = cls->instance();
    const FunctionDef* init = def.method("__init__");
    if (!init) {
        if (!args.empty() || !c->keywords.empty())
            error(c->loc, fmt::format("{}() takes no arguments (it has no __init__)", def.name));
        return instance;
    }
    args = jitclass_arguments(c, *init);
    if (std::find(args.begin(), args.end(), nullptr) != args.end()) return nullptr;
    args.insert(args.begin(), instance);
    const TypedFunction* t = jitclass_specialize(init, std::move(args), c->loc);
    if (!t->return_type->is_none())
        error(init->name_loc, fmt::format("__init__() should return None, not {}", t->return_type->str()));
    fn_.callees[c->id] = t;
    return instance;
}

const Type* Inferrer::jitclass_method_call(const Call* c, const Type* instance, const FunctionDef* m,
                                           std::vector<const Type*> args) {
    args = jitclass_arguments(c, *m);
    if (std::find(args.begin(), args.end(), nullptr) != args.end()) return nullptr;
    args.insert(args.begin(), instance);
    const TypedFunction* t = jitclass_specialize(m, std::move(args), c->loc);
    fn_.callees[c->id] = t;
    return t->return_type;
}

const Type* Inferrer::jitclass_attribute(const Attribute* a, const Type* base) {
    const JitClassDef& def = *base->jitclass_def();
    const FunctionDef* m = def.method(a->attr);
    if (base->kind() == Kind::JitClassType) {  // Point.static_f
        if (m && method_kind(*m) == MethodKind::Static) return user_func(m);
        error(a->attr_loc, fmt::format("Unknown attribute '{}' of type {}", a->attr, base->str()));
    }
    if (const Type::Field* f = base->field(a->attr)) return f->type;
    if (!m || a->attr.starts_with("__"))
        error(a->attr_loc, fmt::format("Unknown attribute '{}' of type {}", a->attr, base->str()));
    if (method_kind(*m) == MethodKind::Property) {
        const TypedFunction* t = jitclass_specialize(m, {base}, a->loc);
        fn_.callees[a->id] = t;
        return t->return_type;
    }
    return user_func(m);  // called by call(): the instance goes first unless it is static
}

void Inferrer::jitclass_store(const Attribute* target, const Type* instance, const Type* value, SourceLoc where) {
    if (!value) return;
    const JitClassDef& def = *instance->jitclass_def();
    auto refuse = [&] {
        error(target->loc,
              fmt::format("Cannot resolve setattr: ({}).{} = {}", instance->str(), target->attr, value->str()));
    };
    if (const Type::Field* f = instance->field(target->attr)) {
        if (!value->is_value() || !can_convert(value, f->type)) refuse();
        return;
    }
    const FunctionDef* setter = def.method(target->attr, true);
    if (!setter) refuse();
    fn_.setters[target->id] = jitclass_specialize(setter, {instance, value}, where);
}

}  // namespace ujit::types
