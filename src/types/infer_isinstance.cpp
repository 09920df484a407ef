// isinstance(x, T): Numba 0.68's ol_isinstance (numba/cpython/builtins.py) decides it when
// typing, from x's type alone, so the call is a bool constant of the specialization and
// `if isinstance(x, T):` prunes the branch not taken (infer_stmt.cpp), which may then hold code
// that only types for the other case. Its rules, which are not Python's:
// - T is a class or a tuple of classes, tried in order: the first that matches answers True;
//   one that is no class is an error only when it is reached.
// - int, float, complex, bool and str match only int64, float64, complex128, bool and
//   unicode_type (`isinstance(np.int32(1), int)` is False, `isinstance(np.intp(1), int)` True);
//   a number type (np.int8, types.float32) matches that type alone; np.datetime64 and
//   np.timedelta64 match values of their kind in any unit.
// - tuple, list, dict, set, range and bytes match the kind of container (list: Numba's
//   reflected and in-code lists, not numba.typed.List); numba.typed.List / Dict and
//   types.ListType / DictType match the typed containers.
// - Numba's type classes (types.Integer, types.Array, ...) are refused, as is a variable
//   whose type could differ between the branches that assign it.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/const_eval.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string_view>

namespace ujit::types {

using namespace syntax;

namespace {

// The classes of numba.types that Numba refuses as isinstance's target.
constexpr std::array<std::string_view, 24> kTypeClasses = {
    "Type",      "Number",      "Integer",  "Float",      "Complex",     "Boolean",   "Array",    "Buffer",
    "BaseTuple", "Tuple",       "UniTuple", "List",       "Set",         "NoneType",  "Literal",  "IntegerLiteral",
    "Optional",  "UnicodeType", "Record",   "NPDatetime", "NPTimedelta", "RangeType", "Function", "Dispatcher",
};

// The types ol_isinstance accepts as its first argument (its supported_var_ty).
bool supported_variable(const Type* t) {
    return t->is_number() || t->is_tuple() || t->is_array() || t->is_list() || t->is_dict() || t->is_set() ||
           t->is_str() || t->is_none() || t->is_range() || t->is_datetime_like() || t->kind() == Kind::BuiltinFunc;
}

// How many times `name` is bound in `b`: assignments, augmented ones, loop targets, defs.
size_t bindings(const Block& b, const std::string& name);

size_t target_bindings(const Expr* t, const std::string& name) {
    if (auto* n = dyn_cast<Name>(t)) return n->id == name;
    size_t k = 0;
    if (auto* tu = dyn_cast<Tuple>(t))
        for (const Expr* e : tu->elts) k += target_bindings(e, name);
    return k;
}

size_t bindings(const Block& b, const std::string& name) {
    size_t k = 0;
    for (const Stmt* s : b) {
        switch (s->kind) {
        case StmtKind::Assign:
            for (const Expr* t : cast<Assign>(s)->targets) k += target_bindings(t, name);
            break;
        case StmtKind::AugAssign: k += target_bindings(cast<AugAssign>(s)->target, name); break;
        case StmtKind::For:
            k += target_bindings(cast<For>(s)->target, name);
            k += bindings(cast<For>(s)->body, name) + bindings(cast<For>(s)->orelse, name);
            break;
        case StmtKind::If: k += bindings(cast<If>(s)->body, name) + bindings(cast<If>(s)->orelse, name); break;
        case StmtKind::While: k += bindings(cast<While>(s)->body, name) + bindings(cast<While>(s)->orelse, name); break;
        case StmtKind::Try: {
            auto* t = cast<Try>(s);
            k += bindings(t->body, name) + bindings(t->handler, name) + bindings(t->orelse, name) +
                 bindings(t->finalbody, name);
            break;
        }
        case StmtKind::FunctionDef: k += cast<FunctionDef>(s)->name == name; break;
        default: break;
        }
    }
    return k;
}

// Whether a Python class (a builtin of builtins.def) matches a value of type `var`; nothing
// when `id` is no class.
std::optional<bool> class_matches(BuiltinId id, const Type* var) {
    switch (id) {
    case BuiltinId::Int: return var == int64();
    case BuiltinId::Float: return var == float64();
    case BuiltinId::Complex: return var == complex(128);
    case BuiltinId::Bool: return var == boolean();
    case BuiltinId::Str: return var->is_str();
    case BuiltinId::TupleClass: return var->is_tuple() && !is_vector(var);
    case BuiltinId::List: return var->is_list() && var->flavor() != Type::ListFlavor::Typed;
    case BuiltinId::Dict: return var->is_dict();
    case BuiltinId::Set: return var->is_set();
    case BuiltinId::Range: return var->is_range();
    case BuiltinId::BytesClass:
        return false;  // ujit has no bytes values
    // np.datetime64 / np.timedelta64 match a value of any unit (Numba's NPDatetime('') check)
    case BuiltinId::NpDatetime64: return var->is_datetime();
    case BuiltinId::NpTimedelta64: return var->is_timedelta();
    default: return std::nullopt;
    }
}

}  // namespace

const Type* Inferrer::isinstance_call(const Call* c) {
    if (c->args.size() != 2 || !c->keywords.empty())
        error(c->loc, "isinstance() takes exactly two positional arguments");
    const Expr* x = c->args[0];
    if (auto* n = dyn_cast<Name>(x); n && locals_.count(n->id)) {
        size_t k = bindings(fn_.def->body, n->id);
        for (const Param& p : fn_.def->params) k += p.name == n->id;
        // ujit gives a variable one type over the function, where Numba's SSA gives each
        // assignment its own: with two, the type isinstance sees could be the other one's.
        if (k > 1)
            error(x->loc,
                  fmt::format("isinstance() cannot determine the type of variable \"{}\" due to a branch.", n->id));
    }
    const Type* var = expr(x);
    if (!var) return nullptr;
    if (var->is_optional()) error(x->loc, "isinstance cannot handle optional types");  // Numba's words
    if (!supported_variable(var))
        error(x->loc, fmt::format("isinstance() does not support variables of type \"{}\".", var->str()));
    const bool answer = isinstance_target(c->args[1], var);
    fn_.constants[c->id] = const_int(answer ? 1 : 0, boolean());
    return boolean();
}

// Whether `var` is an instance of the class (or tuple of classes) `target`.
bool Inferrer::isinstance_target(const Expr* target, const Type* var) {
    if (auto* t = dyn_cast<Tuple>(target); t && t->display == Tuple::Display::Tuple) {  // never a value
        for (const Expr* e : t->elts)
            if (isinstance_target(e, var)) return true;
        return false;
    }
    // A builtin class by name (list, dict and str too in CUDA code, where they cannot be called).
    if (auto* n = dyn_cast<Name>(target); n && !locals_.count(n->id))
        if (auto m = m_.lookup(n->id); m && m->what == Member::What::Function)
            if (auto match = class_matches(m->builtin, var)) {
                set(target, m->type);
                return *match;
            }
    if (auto* a = dyn_cast<Attribute>(target)) {
        const Type* ns = expr(a->value);
        if (ns && ns->kind() == Kind::Namespace && ns->path() == "numba.types")
            for (std::string_view cls : kTypeClasses)
                if (a->attr == cls)
                    error(target->loc, "Numba type classes (except numba.typed.* container types) are not supported.");
    }
    const Type* t = expr(target);
    if (t && t->kind() == Kind::DTypeObj && t->scalar()->is_number()) return var == t->scalar();
    if (t && t->kind() == Kind::BuiltinFunc)
        if (auto match = class_matches(t->builtin(), var)) return *match;
    if (t && t->kind() == Kind::Namespace) {
        const std::string& path = t->path();
        if (path == "numba.typed.List" || path == "numba.types.ListType")
            return var->is_list() && var->flavor() == Type::ListFlavor::Typed;
        if (path == "numba.typed.Dict" || path == "numba.types.DictType") return var->is_dict();
        // `tuple` names a namespace (tuple() and tuple(t), types/resolve.cpp); a CUDA vector is
        // a tuple of its lanes inside ujit, not a tuple to Numba.
        if (path == "tuple") return var->is_tuple() && !is_vector(var);
        if (path == "numba.types.Tuple" || path == "numba.types.UniTuple")
            error(target->loc, "Numba type classes (except numba.typed.* container types) are not supported.");
    }
    if (t && t->kind() == Kind::DTypeObj)  // types.float64[:], a str type: Numba's TypeRef
        error(target->loc, "Numba type classes (except numba.typed.* container types) are not supported.");
    error(target->loc, fmt::format("Cannot infer Numba type of Python type {}", describe_expr(target)));
}

}  // namespace ujit::types
