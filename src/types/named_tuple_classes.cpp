// Module-level namedtuple classes: `Point = namedtuple("Point", ["x", "y"], defaults=(0,))`
// (or collections.namedtuple, field names as one string "x y" / "x, y" or a list or tuple of
// strings). Compiled code builds and reads their instances (types/named_tuples.hpp); the class
// is a compile-time value, as Numba's NamedTupleClass. A module-level instance of constants
// (`ORIGIN = Point(0.0, 0.0)`) is a constant, as Numba freezes a global one. A definition ujit
// cannot read is host code: compiled code that names it says why.
#include "syntax/diagnostics.hpp"
#include "types/module_impl.hpp"
#include "types/named_tuples.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace ujit::types {

using namespace syntax;

namespace {

[[noreturn]] void class_fail(SourceLoc loc, std::string message) {
    throw CompileError(Diagnostic{Severity::Error, loc, std::move(message), {}});
}

bool is_identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// "x y", "x, y" or ["x", "y"] / ("x", "y"): the names, checked as collections.namedtuple does.
std::vector<std::string> field_names_of(const Expr* e) {
    std::vector<std::string> names;
    if (auto* s = dyn_cast<StrLit>(e)) {
        std::string text = s->value;
        std::replace(text.begin(), text.end(), ',', ' ');
        size_t i = 0;
        while (i < text.size()) {
            size_t j = text.find(' ', i);
            if (j == std::string::npos) j = text.size();
            if (j > i) names.push_back(text.substr(i, j - i));
            i = j + 1;
        }
    } else if (auto* t = dyn_cast<Tuple>(e); t && (t->display == Tuple::Display::Tuple || t->from_list())) {
        for (const Expr* item : t->elts) {
            auto* s = dyn_cast<StrLit>(item);
            if (!s) class_fail(item->loc, "a namedtuple's field names must be string literals for ujit");
            names.push_back(s->value);
        }
    } else {
        class_fail(e->loc,
                   "a namedtuple's field names must be a string or a list or tuple of string literals for ujit");
    }
    for (size_t i = 0; i < names.size(); ++i) {
        if (!is_identifier(names[i]))
            class_fail(e->loc, fmt::format("Type names and field names must be valid identifiers: '{}'", names[i]));
        if (names[i][0] == '_')
            class_fail(e->loc, fmt::format("Field names cannot start with an underscore: '{}'", names[i]));
        if (std::find(names.begin(), names.begin() + static_cast<long>(i), names[i]) !=
            names.begin() + static_cast<long>(i))
            class_fail(e->loc, fmt::format("Encountered duplicate field name: '{}'", names[i]));
    }
    return names;
}

bool is_namedtuple_function(const Expr* callee, const ModuleScope& m) {
    std::optional<Member> f = module_member(callee, m);
    return f && f->what == Member::What::Namespace && f->type->path() == "collections.namedtuple";
}

// The class `callee` names, or null.
const Type* named_tuple_class_named(const Expr* callee, const ModuleScope& m) {
    std::optional<Member> f = module_member(callee, m);
    return f && f->what == Member::What::Namespace && is_named_tuple_class(f->type) ? f->type : nullptr;
}

}  // namespace

bool ModuleScope::add_named_tuple_global(const Assign& s) {
    auto* call = dyn_cast<Call>(s.value);
    const Type* cls = call ? named_tuple_class_named(call->callee, *this) : nullptr;
    if (!call || (!cls && !is_namedtuple_function(call->callee, *this))) return false;
    const auto* target = cast<Name>(s.targets[0]);
    try {
        if (cls) {
            Member m = make_member(Member::What::Constant, nullptr);
            m.constant = named_tuple_constant(call, cls);
            m.type = m.constant.type;
            bind(target->id, Global{std::move(m), nullptr, target->loc});
        } else {
            add_named_tuple_class(*target, *call);
        }
    } catch (const CompileError& e) {
        skipped.push_back({s.loc, e.diagnostic().message});
        bind_host_only(target->id, target->loc, e.diagnostic().message);
    }
    return true;
}

void ModuleScope::add_named_tuple_class(const Name& target, const Call& call) {
    if (call.args.size() != 2)
        class_fail(call.loc, "namedtuple() takes the type name and the field names (two arguments) in ujit");
    auto* type_name = dyn_cast<StrLit>(call.args[0]);
    if (!type_name || !is_identifier(type_name->value))
        class_fail(call.args[0]->loc, "a namedtuple's type name must be a string literal naming an identifier");
    std::vector<std::string> fields = field_names_of(call.args[1]);
    NamedTupleClassInfo info;
    info.loc = target.loc;
    for (const Keyword& k : call.keywords) {
        if (k.name == "module") continue;  // where Python says the class lives: nothing to compile
        if (k.name != "defaults")
            class_fail(k.loc, fmt::format("namedtuple()'s '{}=' is not supported by ujit", k.name));
        ConstValue d = eval_const(k.value, constant_lookup(), "a namedtuple's defaults", ConstStrings::Allowed);
        if (!d.type->is_tuple()) class_fail(k.value->loc, "a namedtuple's defaults must be a tuple of constants");
        if (d.elems.size() > fields.size()) class_fail(k.value->loc, "Got more default values than field names");
        info.defaults = std::move(d.elems);
    }
    const Type* cls = named_tuple_class(type_name->value, fields);
    named_tuple_classes[cls] = std::move(info);
    bind(target.id, Global{make_member(Member::What::Namespace, cls), nullptr, target.loc});
}

std::vector<const Expr*> bind_fields(const Call& c, const Type* cls, size_t n_defaults, const FieldFail& fail) {
    const std::vector<std::string> fields = field_names(cls);
    const std::string in = fmt::format("In '{}': ", tuple_class(cls));
    if (c.args.size() > fields.size())
        fail(c.args[fields.size()]->loc,
             fmt::format("{}too many positional arguments ({} takes {})", in, tuple_class(cls), fields.size()));
    std::vector<const Expr*> bound(fields.size(), nullptr);
    for (size_t i = 0; i < c.args.size(); ++i) bound[i] = c.args[i];
    for (const Keyword& k : c.keywords) {
        int i = field_index(cls, k.name);
        if (i < 0) fail(k.loc, fmt::format("{}got an unexpected keyword argument '{}'", in, k.name));
        if (bound[i]) fail(k.loc, fmt::format("{}multiple values for argument '{}'", in, k.name));
        bound[i] = k.value;
    }
    for (size_t i = 0; i + n_defaults < fields.size(); ++i)
        if (!bound[i]) fail(c.loc, fmt::format("{}missing a required argument: '{}'", in, fields[i]));
    return bound;
}

// `Point(0.0, y=1.0)` of constants: the instance.
ConstValue ModuleScope::named_tuple_constant(const Call* call, const Type* cls) {
    const std::vector<ConstValue>& defaults = named_tuple_classes.at(cls).defaults;
    std::vector<const Expr*> bound =
        bind_fields(*call, cls, defaults.size(), [](SourceLoc at, const std::string& m) { class_fail(at, m); });
    ConstValue out;
    std::vector<const Type*> elems;
    for (size_t i = 0; i < bound.size(); ++i) {
        out.elems.push_back(
            bound[i] ? eval_const(bound[i], constant_lookup(), "a named tuple's field", ConstStrings::Allowed)
                     : defaults[i - (bound.size() - defaults.size())]);
        elems.push_back(out.elems.back().type);
    }
    out.type = instance_of(cls, elems);
    return out;
}

}  // namespace ujit::types
