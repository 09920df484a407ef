// Enum classes and their members, as Numba types them (numba/core/typing/enumdecl.py,
// numba/cpython/enumimpl.py): a module-level `class Color(Enum)` is an EnumClass, its
// members `Color.red` / `Color['red']` are constants of one EnumMember type whose run-time
// data is the value; all members' values must have one type ("Cannot type heterogeneous
// enum"). An IntEnum member is also an int (types::int_enums_as_ints). Members compare by
// identity (`is`, `==` within a class); `.value` is the value. `Color(v)`, the member whose
// value is v (ValueError if none), is ujit's own: Numba does not call enum classes.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/const_eval.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace ujit::types {

using namespace syntax;

namespace {

// `auto()` / `enum.auto()`: Python gives the last int value plus one (1 for the first).
bool is_auto(const Expr* e) {
    auto* c = dyn_cast<Call>(e);
    if (!c || !c->args.empty() || !c->keywords.empty()) return false;
    if (auto* n = dyn_cast<Name>(c->callee)) return n->id == "auto";
    auto* a = dyn_cast<Attribute>(c->callee);
    return a && a->attr == "auto" && isa<Name>(a->value) && cast<Name>(a->value)->id == "enum";
}

[[noreturn]] void enum_fail(SourceLoc loc, std::string message) {
    throw CompileError(Diagnostic{Severity::Error, loc, std::move(message), {}});
}

ConstValue retyped(ConstValue v, const Type* t) {
    v.type = t;
    return v;
}

}  // namespace

void ModuleScope::add_enum_classes() {
    for (const Module::EnumClassDef& def : module.enum_classes()) {
        EnumClassInfo info;
        info.loc = def.loc;
        std::vector<std::pair<std::string, ConstValue>> values;
        std::set<std::string> value_types;
        int64_t last_int = 0;
        try {
            for (const Assign* a : def.members) {
                const std::string& name = cast<Name>(a->targets[0])->id;
                ConstValue v = is_auto(a->value) ? const_int(last_int + 1)
                                                 : eval_const(a->value, constant_lookup(), "an enum member's value");
                if (v.array) enum_fail(a->value->loc, "an enum member's value cannot be an array");
                if (v.type->is_int()) last_int = v.i;
                if (def.is_int && !v.type->is_int())
                    enum_fail(a->value->loc, fmt::format("IntEnum member '{}' has a value of type {}, not an int", name,
                                                         v.type->str()));
                value_types.insert(v.type->str());
                values.emplace_back(name, std::move(v));
            }
            if (values.empty()) enum_fail(def.loc, "Cannot type enum with no members");
            if (value_types.size() > 1) {
                std::string got;
                for (const std::string& t : value_types) got += (got.empty() ? "" : ", ") + t;
                enum_fail(def.loc, fmt::format("Cannot type heterogeneous enum: got value types {}", got));
            }
        } catch (const CompileError& e) {
            skipped.push_back({def.loc, e.diagnostic().message});
            bind_host_only(def.name, def.loc, e.diagnostic().message);
            continue;
        }
        info.member = enum_member(def.name, values.front().second.type, def.is_int);
        for (auto& [name, v] : values) info.members.emplace_back(name, retyped(std::move(v), info.member));
        bind(def.name, Global{make_member(Member::What::Namespace, enum_class(info.member)), nullptr, def.loc});
        enum_classes[def.name] = std::move(info);
    }
}

const EnumClassInfo* ModuleScope::enum_class_info(const Type* t) const {
    const std::string& name = t->enum_name();
    auto it = enum_classes.find(name);
    if (it == enum_classes.end()) return nullptr;
    const Type* member = t->kind() == Kind::EnumClass ? t->enum_member() : t;
    return it->second.member == member ? &it->second : nullptr;
}

std::optional<ConstValue> ModuleScope::enum_member_constant(const Expr* e) const {
    const Expr* base = nullptr;
    std::string name;
    if (auto* a = dyn_cast<Attribute>(e)) {
        base = a->value;
        name = a->attr;
    } else if (auto* s = dyn_cast<Subscript>(e); s && isa<StrLit>(s->index)) {
        base = s->value;
        name = cast<StrLit>(s->index)->value;
    }
    auto* n = base ? dyn_cast<Name>(base) : nullptr;
    auto it = n ? enum_classes.find(n->id) : enum_classes.end();
    if (it == enum_classes.end()) return std::nullopt;
    for (const auto& [member, value] : it->second.members)
        if (member == name) return value;
    return std::nullopt;
}

// ---------------------------------------------------------------- typing

const Type* Inferrer::enum_member_named(const Expr* at, SourceLoc loc, const Type* cls, const std::string& name) {
    const EnumClassInfo* info = m_.enum_class_info(cls);
    if (info)
        for (const auto& [member, value] : info->members)
            if (member == name) {
                fn_.constants[at->id] = value;
                return value.type;
            }
    error(loc, fmt::format("type object '{}' has no attribute '{}'", cls->enum_name(), name));
}

const Type* Inferrer::enum_class_subscript(const Subscript* s, const Type* cls) {
    auto* key = dyn_cast<StrLit>(s->index);
    if (!key)
        error(s->index->loc, fmt::format("an enum class is indexed by a member's name as a string literal, as "
                                         "Numba's static_getitem: {}['NAME']",
                                         cls->enum_name()));
    return enum_member_named(s, s->index->loc, cls, key->value);
}

const Type* Inferrer::enum_member_attribute(const Attribute* a, const Type* member) {
    if (a->attr == "value") return member->enum_value();
    if (a->attr == "name")
        error(a->attr_loc, fmt::format("the name of an enum member ({}.name) is not typed in nopython mode "
                                       "(Numba's EnumMember has only .value)",
                                       member->enum_name()));
    error(a->attr_loc, fmt::format("{} has no attribute '{}'", member->str(), a->attr));
}

// Color(v): the member whose value v is; run-time, so codegen checks it is one.
const Type* Inferrer::enum_class_call(const Call* c, const Type* cls, const std::vector<const Type*>& args) {
    if (args.size() != 1 || !c->keywords.empty())
        error(c->loc, fmt::format("{}() takes exactly one argument, a member's value", cls->enum_name()));
    const Type* member = cls->enum_member();
    if (!can_convert(int_enums_as_ints(args[0]), member->enum_value()))
        error(c->args[0]->loc, fmt::format("cannot convert {} to the value type {} of {}", args[0]->str(),
                                           member->enum_value()->str(), cls->enum_name()));
    operands(c, {member->enum_value()});
    std::vector<ConstValue>& values = fn_.enum_values[c->id];
    values.clear();
    if (const EnumClassInfo* info = m_.enum_class_info(cls))
        for (const auto& [name, value] : info->members) values.push_back(retyped(value, member->enum_value()));
    return member;
}

}  // namespace ujit::types
